// The account pages of the production build on a PostgreSQL database of this file's own:
// register refuses at each field in the visitor's language and answers "check your mail"; the
// confirm link confirms once and says why a forged, used or expired one cannot; forgot answers the
// same for any address; reset applies the policy and the link's life; the account area sends the
// signed-out to sign in (remembering the way back) and shows the signed-in their details. Tokens and
// sessions are written here as the identity module stores them (SHA-256 of the secret).
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

let testDb: TestDatabase;
let server: BuiltServer;
let client: pg.Client;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: "3",
    PUBLIC_ORIGIN: "https://www.travesia.test",
  });
  client = await connect(testDb.url);
});
afterAll(async () => {
  await client?.end();
  await server?.stop();
  await testDb?.drop();
});

const sha256 = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");
const newSecret = () => randomBytes(32).toString("hex");

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, { headers, redirect: "manual" });
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The codes shown under fields or above a form (data-code attributes), in page order. */
function codesIn(html: string): string[] {
  return [...html.matchAll(/data-code="([A-Z_]+)"/g)].map((match) => match[1]!);
}

/**
 * The option a browser shows chosen in a server-rendered select: the one marked selected, else the
 * first. "" when the placeholder is chosen — never the first country of the list.
 */
function chosenOption(html: string, selectId: string): string {
  const select = new RegExp(`<select[^>]*id="${selectId}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  if (select === undefined) throw new Error(`no select #${selectId} in the page`);
  const options = [...select.matchAll(/<option([^>]*)>/g)].map((match) => ({
    value: /value="([^"]*)"/.exec(match[1]!)?.[1] ?? "",
    selected: /\sselected(=|\s|$)/.test(match[1]!),
  }));
  return (options.find((option) => option.selected) ?? options[0])?.value ?? "";
}

const GOOD = {
  password: "arrecife-y-manglar-31",
  firstName: "Lucía",
  lastName: "Gómez",
  country: "MX",
  state: "Quintana Roo",
  privacy: "yes",
};

async function userIdOf(email: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>("select id from users where email_key = lower($1)", [email]);
  return rows[0]!.id;
}

async function tokenFor(
  userId: string,
  purpose: "confirm_email" | "reset_password",
  expiresInMs = 3_600_000,
): Promise<string> {
  const token = newSecret();
  await client.query(
    "insert into user_tokens (token_hash, user_id, purpose, expires_at, created_at) values ($1, $2, $3, now() + ($4 || ' milliseconds')::interval, now())",
    [sha256(token), userId, purpose, String(expiresInMs)],
  );
  return token;
}

async function sessionCookie(userId: string): Promise<string> {
  const secret = newSecret();
  await client.query(
    "insert into user_sessions (id_hash, user_id, kind, remember, created_at, expires_at) values ($1, $2, 'regular', false, now(), now() + interval '1 hour')",
    [sha256(secret), userId],
  );
  // Production: the credential cookie carries the __Host- prefix.
  return `__Host-travesia_session=${secret}`;
}

describe("register", () => {
  it.each([
    ["/es/registro/", "es", "Escribe un correo válido", "Para crear tu cuenta, acepta el aviso de privacidad."],
    ["/en/register/", "en", "Enter a valid e-mail", "To create your account, accept the privacy notice."],
    ["/pt/cadastro/", "pt", "Digite um e-mail válido", "Para criar sua conta, aceite o aviso de privacidade."],
  ])(
    "%s shows every refusal at its field, in %s, and creates nothing",
    async (path, _language, emailWords, privacyWords) => {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const form = await page.text();
      expect(form).toContain('name="robots" content="noindex"');
      expect(form).toMatch(/8[^<]{1,12}128/); // the policy, in view before typing

      const response = await post(path, {
        email: "not-an-address",
        password: "password",
        firstName: "",
        lastName: "Gómez",
        country: "MX",
        state: "",
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(codesIn(html)).toEqual(["INVALID_EMAIL", "PASSWORD_TOO_COMMON", "FIELD_REQUIRED", "PRIVACY_NOT_ACCEPTED"]);
      expect(html).toContain(emailWords);
      expect(html).toContain(privacyWords);
      const { rows } = await client.query("select count(*)::int as n from users");
      expect(rows[0].n).toBe(0);
    },
  );

  it("answers check your mail, stores the country as alpha-3 and Mexico's state as its code, then refuses the same address in any case", async () => {
    const created = await post("/es/registro/", { ...GOOD, email: "lucia.gomez@example.com" });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("Revisa tu correo");
    const { rows } = await client.query(
      "select country_iso3, state, language, confirmed_at from users where email_key = 'lucia.gomez@example.com'",
    );
    expect(rows[0]).toMatchObject({ country_iso3: "MEX", state: "MX-ROO", language: "es", confirmed_at: null });

    for (const [path, words] of [
      ["/es/registro/", "Ya existe una cuenta con este correo"],
      ["/en/register/", "An account with this e-mail already exists"],
      ["/pt/cadastro/", "Já existe uma conta com este e-mail"],
    ] as const) {
      const again = await post(path, { ...GOOD, email: "Lucia.Gomez@Example.com" });
      expect(again.status).toBe(409);
      const html = await again.text();
      expect(codesIn(html)).toEqual(["USER_ALREADY_EXISTS"]);
      expect(html).toContain(words);
    }
  });
});

describe("confirm the e-mail", () => {
  it("confirms with the mail's link once, then says the link is used; an expired or forged one says why", async () => {
    await post("/en/register/", { ...GOOD, email: "confirm.me@example.com" });
    const userId = await userIdOf("confirm.me@example.com");

    const expired = await get(`/en/confirm-email/?token=${await tokenFor(userId, "confirm_email", -1000)}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired. Ask for a new one.");

    const forged = await get(`/pt/confirmar-email/?token=${newSecret()}`);
    expect(forged.status).toBe(400);
    const forgedHtml = await forged.text();
    expect(forgedHtml).toContain("Este link não é válido ou já foi usado");
    expect(forgedHtml).toContain('data-testid="resend-form"');

    const token = await tokenFor(userId, "confirm_email");
    const confirmed = await get(`/es/confirmar-correo/?token=${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await confirmed.text()).toContain("¡Listo, Lucía! Tu correo está confirmado");
    const { rows } = await client.query("select confirmed_at from users where id = $1", [userId]);
    expect(rows[0].confirmed_at).not.toBeNull();

    const reused = await get(`/es/confirmar-correo/?token=${token}`);
    expect(reused.status).toBe(400);
    expect(codesIn(await reused.text())).toContain("ACCOUNT_TOKEN_INVALID");
  });

  it("asks for a new link with the same answer whether or not the address awaits confirmation", async () => {
    await post("/en/register/", { ...GOOD, email: "waiting@example.com" });
    const waiting = await (await post("/en/confirm-email/", { email: "waiting@example.com" })).text();
    const nobody = await (await post("/en/confirm-email/", { email: "nobody@example.com" })).text();
    const notice = (html: string) =>
      /data-testid="confirm-resent"[\s\S]*?<\/div>/.exec(html)?.[0].replace(/[a-z.]+@example\.com/g, "…");
    expect(notice(waiting)).toBeDefined();
    expect(notice(waiting)).toBe(notice(nobody));
    const { rows } = await client.query(
      "select count(*)::int as n from jobs where name = 'send-account-email' and payload->>'userId' = $1",
      [await userIdOf("waiting@example.com")],
    );
    expect(rows[0].n).toBe(2); // registering, then asking again
  });
});

describe("forgot and reset the password", () => {
  it("answers the same for an address with an account and one without, queuing a mail only for the first", async () => {
    await post("/en/register/", { ...GOOD, email: "forgetful@example.com" });
    const known = await post("/es/forgot/", { intent: "request", email: "forgetful@example.com" });
    const unknown = await post("/es/forgot/", { intent: "request", email: "stranger@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const words = (html: string) =>
      /data-testid="reset-requested"[\s\S]*?<\/div>/.exec(html)?.[0].replace(/[a-z]+@example\.com/g, "…");
    const knownWords = words(await known.text());
    expect(knownWords).toContain("Si existe una cuenta con");
    expect(knownWords).toBe(words(await unknown.text()));
    const { rows } = await client.query(
      "select payload->>'purpose' as purpose from jobs where name = 'send-account-email' and payload->>'userId' = $1",
      [await userIdOf("forgetful@example.com")],
    );
    expect(rows.map((row) => row.purpose).sort()).toEqual(["confirm_email", "reset_password"]);

    const malformed = await post("/pt/forgot/", { intent: "request", email: "no at sign" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Digite um e-mail válido");
  });

  it("sets a new password with the mail's link, after refusing a weak one; an expired link says so", async () => {
    await post("/en/register/", { ...GOOD, email: "reset.me@example.com" });
    const userId = await userIdOf("reset.me@example.com");
    const token = await tokenFor(userId, "reset_password");

    const form = await get(`/en/forgot/?token=${token}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Choose a new password");

    const short = await post("/en/forgot/", { intent: "reset", token, password: "short" });
    expect(short.status).toBe(422);
    expect(await short.text()).toContain("The password is too short: use at least 8 characters.");

    const before = (await client.query("select password_hash from users where id = $1", [userId])).rows[0]
      .password_hash;
    const done = await post("/en/forgot/", { intent: "reset", token, password: "a-new-tide-every-morning" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your password is changed");
    const after = await client.query("select password_hash, confirmed_at from users where id = $1", [userId]);
    expect(after.rows[0].password_hash).not.toBe(before);
    expect(after.rows[0].confirmed_at).not.toBeNull();

    const expired = await post("/es/forgot/", {
      intent: "reset",
      token: await tokenFor(userId, "reset_password", -1000),
      password: "otra-marea-distinta-9",
    });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("Este enlace caducó. Pide uno nuevo.");
  });
});

describe("the country of residence", () => {
  it.each([
    ["/es/registro/", "Elige tu país"],
    ["/en/register/", "Choose your country"],
    ["/pt/cadastro/", "Escolha seu país"],
  ])("%s starts on “%s” when the edge names no country, not on the list's first country", async (path, placeholder) => {
    const html = await (await get(path)).text();
    expect(html).toContain(`<option value="" selected="">${placeholder}</option>`);
    expect(chosenOption(html, "account-country")).toBe("");
  });

  it("is left unset by a registration without one, and the account then shows the placeholder chosen, in every language", async () => {
    const registered = await post("/pt/cadastro/", { ...GOOD, email: "sem-pais@example.com", country: "", state: "" });
    expect(registered.status).toBe(200);
    const userId = await userIdOf("sem-pais@example.com");
    const { rows } = await client.query("select country_iso3 from users where id = $1", [userId]);
    expect(rows[0]).toEqual({ country_iso3: null });
    const cookie = await sessionCookie(userId);
    for (const path of ["/es/mi-cuenta/", "/en/my-account/", "/pt/minha-conta/"]) {
      expect(chosenOption(await (await get(path, { Cookie: cookie })).text(), "account-country"), path).toBe("");
    }
    // Saving other details with no country chosen keeps it unset, rather than storing the first one.
    const saved = await post(
      "/en/my-account/",
      { firstName: "Ana", lastName: "Lima", country: "", state: "" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(302);
    const after = await client.query("select first_name, country_iso3 from users where id = $1", [userId]);
    expect(after.rows[0]).toEqual({ first_name: "Ana", country_iso3: null });
    expect(chosenOption(await (await get("/en/my-account/", { Cookie: cookie })).text(), "account-country")).toBe("");
  });
});

describe("the account area", () => {
  it.each([
    ["/es/mi-cuenta/", "/es/auth/"],
    ["/en/my-account/", "/en/auth/"],
    ["/pt/minha-conta/", "/pt/auth/"],
  ])(
    "%s sends the signed-out to %s, keeping the way back and forgetting a session that is over",
    async (path, auth) => {
      const response = await get(path, { Cookie: `__Host-travesia_session=${newSecret()}` });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(auth);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const kept = response.headers.getSetCookie().find((line) => line.startsWith("return_path="));
      expect(kept).toMatch(
        new RegExp(`^return_path=${encodeURIComponent(path)}; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax; Secure$`),
      );
      // The session that cookie named is unknown: the browser is told to forget it.
      expect(response.headers.getSetCookie().some((line) => /^__Host-travesia_session=; .*Max-Age=0/.test(line))).toBe(
        true,
      );
    },
  );

  it("shows the signed-in their details, no bookings until the address is confirmed, and saves the profile", async () => {
    await post("/en/register/", { ...GOOD, email: "member@example.com", country: "BR", state: "São Paulo" });
    const userId = await userIdOf("member@example.com");
    const cookie = await sessionCookie(userId);

    const unconfirmed = await get("/pt/minha-conta/", { Cookie: cookie });
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await unconfirmed.text();
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).toContain("member@example.com");
    expect(html).toContain("Confirme seu e-mail para ver aqui as reservas");
    expect(html).toContain('value="São Paulo"');

    await get(`/en/confirm-email/?token=${await tokenFor(userId, "confirm_email")}`);
    expect(await (await get("/en/my-account/", { Cookie: cookie })).text()).toContain(
      "There are no bookings bought with member@example.com yet.",
    );

    const refused = await post(
      "/es/mi-cuenta/",
      { firstName: "", lastName: "Gómez", country: "ZZ", state: "" },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(422);
    expect(codesIn(await refused.text())).toEqual(["FIELD_REQUIRED", "FIELD_INVALID"]);

    const saved = await post(
      "/es/mi-cuenta/",
      { firstName: "Lu", lastName: "Gómez", country: "MX", state: "yucatán" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/es/mi-cuenta/?saved=1");
    const { rows } = await client.query("select first_name, country_iso3, state from users where id = $1", [userId]);
    expect(rows[0]).toEqual({ first_name: "Lu", country_iso3: "MEX", state: "MX-YUC" });
  });
});
