// The newsletter end to end through the whole app (ADR 0028): subscribing stores a
// pending address and queues the confirmation mail in the same transaction; the mail (received over
// real SMTP) carries the confirmation link and RFC 8058's one-click unsubscribe; each malformed field
// is refused under its public field name and stores nothing; a duplicate is NEWSLETTER_DUPLICATE; links that
// are forged or past their week are refused; an unsubscribed address may opt in again.
import { count, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import {
  loadNewsletterConfirmation,
  loadNewsletterUnsubscribe,
  submitNewsletter,
  submitNewsletterUnsubscribe,
} from "./newsletter.server.ts";
import { SEND_NEWSLETTER_CONFIRMATION } from "../../flows/newsletter.ts";
import { fixedClock } from "../../lib/clock.ts";
import { createLogger } from "../../lib/logger.ts";
import { createJobRunner, jobs, type JobRunner } from "../../modules/jobs/index.ts";
import { newsletterSubscriptions } from "../../modules/newsletter/index.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import { bootTestRuntime, closeTestRuntime } from "../../tests/setup/either-database.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../tests/setup/smtp-sink.ts";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import { jobHandlers } from "../../server/jobs.ts";

const NOW = new Date("2031-03-03T15:00:00Z");
const ORIGIN = "https://travesia.test";
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let sink: SmtpSink;
let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let runner: JobRunner;
const clock = fixedClock(NOW);

beforeAll(async () => {
  sink = await startSmtpSink();
  runtime = await bootTestRuntime({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, JOBS_ENABLED: "false" });
  runtime.services.clock = clock;
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  runner = createJobRunner({
    db: runtime.database.db,
    logger: createLogger("silent"),
    handlers: jobHandlers(runtime.services),
    now: () => clock.now(),
  });
});

afterAll(async () => {
  await closeTestRuntime(runtime);
  runtime?.services.mailer.close();
  await sink?.close();
});

const db = () => runtime.database.db;

const subscribe = (body: unknown) =>
  app.request("/api/newsletter/subscriptions", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** The page's loader context (pages are not served in this tier: their loaders and actions are called). */
async function pageContext(): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(servicesContext, runtime.services);
  context.set(requestContext, {
    requestId: "test-request",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress: "127.0.0.1",
    country: null,
    site: await findSiteConfig(db(), "travesia"),
  });
  return context;
}

/** Where a loader or action that answers with a redirect sends the browser. */
async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 303) return thrown.headers.get("Location");
    throw thrown;
  }
  return null;
}

let counter = 0;
function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: "Ana",
    lastname: "Pérez",
    email: `ana.${counter}@example.com`,
    country: "MX",
    acceptance: true,
    permission: true,
    language: "es",
    origin: "footer",
    ...overrides,
  };
}

async function rowsOf(email: string) {
  return db()
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`);
}

async function queuedMails(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(jobs).where(eq(jobs.name, SEND_NEWSLETTER_CONFIRMATION));
  return row!.n;
}

/** Runs the queue and returns the confirmation mail sent to `email`. */
async function mailTo(email: string): Promise<ReceivedMail> {
  await runner.runDue();
  return sink.waitFor((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase()) && !used.has(mail));
}
const used = new Set<ReceivedMail>();

function linksOf(mail: ReceivedMail) {
  used.add(mail);
  const confirm = /https:\/\/travesia\.test(\/\w\w\/[^\s?]+\/)\?token=([\w-]{43})/.exec(mail.text);
  const oneClick = /<https:\/\/travesia\.test(\/api\/newsletter\/unsubscribe)\?token=([\w-]{43})>/.exec(
    mail.headers["list-unsubscribe"] ?? "",
  );
  return { confirmPath: confirm?.[1], confirmToken: confirm?.[2] ?? "", oneClickToken: oneClick?.[2] ?? "" };
}

describe("the contract", () => {
  it("documents the three newsletter paths in the OpenAPI file", async () => {
    const document = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths["/api/newsletter/subscriptions"] ?? {})).toEqual(["post"]);
    expect(Object.keys(document.paths["/api/newsletter/confirm"] ?? {})).toEqual(["get"]);
    expect(Object.keys(document.paths["/api/newsletter/unsubscribe"] ?? {})).toEqual(["post"]);
  });
});

describe("POST /api/newsletter/subscriptions", () => {
  it("stores a pending address and queues its confirmation mail, which carries both links", async () => {
    const body = person({
      email: "Maria.Lopez@Example.com",
      language: "pt",
      country: "br",
      clientId: "web",
      externalKey: "campaign-7",
    });
    const answer = await subscribe(body);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({
      status: "pending",
      email: "Maria.Lopez@Example.com",
      language: "pt",
      resubscribed: false,
    });
    const [row] = await rowsOf("maria.lopez@example.com");
    expect(row).toMatchObject({
      status: "pending",
      siteCode: "travesia",
      country: "BR",
      language: "pt",
      origin: "footer",
      clientId: "web",
      externalKey: "campaign-7",
      acceptedAt: NOW,
      permissionAt: NOW,
    });
    expect(row!.confirmExpiresAt).toEqual(new Date(NOW.getTime() + WEEK_MS));
    // Only hashes are stored: the mail's tokens appear nowhere in the row.
    const mail = await mailTo("Maria.Lopez@Example.com");
    expect(mail.subject).toBe("Confirme sua inscrição na newsletter da Travesía");
    expect(mail.headers["content-language"]).toBe("pt");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const links = linksOf(mail);
    expect(links.confirmPath).toBe("/pt/newsletter/confirmacao/");
    expect(mail.text).toContain(`${ORIGIN}/pt/newsletter/cancelar-inscricao/?token=${links.oneClickToken}`);
    expect(mail.html).toContain(`?token=${links.confirmToken}`);
    expect(JSON.stringify(row)).not.toContain(links.confirmToken);
    expect(JSON.stringify(row)).not.toContain(links.oneClickToken);
  });

  it.each([
    ["FirstName", { name: "" }, "required"],
    ["LastName", { lastname: "   " }, "required"],
    ["Email", { email: "not-an-address" }, "invalid"],
    ["Email", { email: undefined }, "required"],
    ["Country", { country: "" }, "required"],
    ["Country", { country: "ZZ" }, "invalid"],
    ["Acceptance", { acceptance: false }, "required"],
    ["Permission", { permission: "no" }, "required"],
    ["Site", { site: "someone-else" }, "invalid"],
    ["Lang", { language: "de" }, "invalid"],
    ["ErrorRedirectUrl", { errorRedirectUrl: "https://evil.example/phish" }, "invalid"],
  ])("refuses a bad %s (%j) with 422 NEWSLETTER_INVALID and stores nothing", async (path, change, code) => {
    const before = await queuedMails();
    const body = person(change);
    const answer = await subscribe(body);
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ error: { code: "NEWSLETTER_INVALID", issues: [{ path, code }] } });
    expect(await rowsOf(String(body.email ?? ""))).toEqual([]);
    expect(await queuedMails()).toBe(before);
  });

  it.each([
    ["a body that is not JSON", "{ name: ", 400, "INVALID_REQUEST"],
    ["a JSON array", "[1,2]", 400, "INVALID_REQUEST"],
    ["markup in the name", JSON.stringify(person({ name: "<script>alert(1)</script>" })), 422, "NEWSLETTER_INVALID"],
  ])("answers %s with a coded 4xx", async (_label, body, status, code) => {
    const answer = await subscribe(body);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ error: { code } });
  });

  it("refuses the same address again, whatever its case, with 409 NEWSLETTER_DUPLICATE (duplicateKey)", async () => {
    const body = person();
    expect((await subscribe(body)).status).toBe(201);
    const again = await subscribe({ ...body, email: body.email.toUpperCase(), name: "Otra" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "NEWSLETTER_DUPLICATE" } });
    const rows = await rowsOf(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe("Ana");
  });
});

describe("confirming", () => {
  it("confirms with the mail's link once, then says it is already confirmed; a confirmed address is a duplicate", async () => {
    const body = person({ language: "en" });
    await subscribe(body);
    const { confirmToken } = linksOf(await mailTo(body.email));
    const first = await app.request(`/api/newsletter/confirm?token=${confirmToken}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: "confirmed", language: "en" });
    expect((await rowsOf(body.email))[0]).toMatchObject({ status: "confirmed", confirmedAt: NOW });
    expect(await (await app.request(`/api/newsletter/confirm?token=${confirmToken}`)).json()).toEqual({
      result: "already-confirmed",
      language: "en",
    });
    expect((await subscribe(body)).status).toBe(409);
  });

  it("the confirmation page spends the token and comes back with the result only", async () => {
    const body = person();
    await subscribe(body);
    const { confirmToken, confirmPath } = linksOf(await mailTo(body.email));
    const context = await pageContext();
    expect(
      await redirectOf(() =>
        loadNewsletterConfirmation(new Request(`http://localhost${confirmPath}?token=${confirmToken}`), context),
      ),
    ).toBe("/es/boletin/confirmacion/?result=confirmed");
    expect((await rowsOf(body.email))[0]!.status).toBe("confirmed");
    expect(
      await redirectOf(() =>
        loadNewsletterConfirmation(new Request(`http://localhost${confirmPath}?token=${confirmToken}`), context),
      ),
    ).toBe("/es/boletin/confirmacion/?result=already-confirmed");
  });

  it("refuses a forged token (404) and one past its week (410); a new subscription after expiry sends a new link", async () => {
    const forged = await app.request(`/api/newsletter/confirm?token=${"A".repeat(43)}`);
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({ error: { code: "NEWSLETTER_TOKEN_INVALID" } });
    expect((await app.request("/api/newsletter/confirm?token=' or 1=1 --")).status).toBe(404);
    expect((await app.request("/api/newsletter/confirm")).status).toBe(404);

    const body = person();
    await subscribe(body);
    const { confirmToken } = linksOf(await mailTo(body.email));
    clock.set(new Date(NOW.getTime() + WEEK_MS));
    try {
      const expired = await app.request(`/api/newsletter/confirm?token=${confirmToken}`);
      expect(expired.status).toBe(410);
      expect(await expired.json()).toMatchObject({ error: { code: "NEWSLETTER_TOKEN_EXPIRED" } });
      const page = () =>
        loadNewsletterConfirmation(
          new Request(`http://localhost/es/boletin/confirmacion/?token=${confirmToken}`),
          context,
        );
      const context = await pageContext();
      expect(await redirectOf(page)).toBe("/es/boletin/confirmacion/?result=expired");
      const renewed = await subscribe(body);
      expect(renewed.status).toBe(201);
      expect(await renewed.json()).toMatchObject({ resubscribed: true });
      const fresh = linksOf(await mailTo(body.email));
      expect(fresh.confirmToken).not.toBe(confirmToken);
      expect((await app.request(`/api/newsletter/confirm?token=${fresh.confirmToken}`)).status).toBe(200);
    } finally {
      clock.set(NOW);
    }
  });
});

describe("unsubscribing", () => {
  it("one-click POST (RFC 8058) works with no cookie, twice, and kills the confirmation link; the address may subscribe again", async () => {
    const body = person();
    await subscribe(body);
    const { confirmToken, oneClickToken } = linksOf(await mailTo(body.email));
    const post = () =>
      app.request(`/api/newsletter/unsubscribe?token=${oneClickToken}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: "unsubscribed", language: "es" });
    expect((await rowsOf(body.email))[0]).toMatchObject({
      status: "unsubscribed",
      unsubscribedAt: NOW,
      confirmTokenHash: null,
    });
    expect(await (await post()).json()).toEqual({ result: "already-unsubscribed", language: "es" });
    expect((await app.request(`/api/newsletter/confirm?token=${confirmToken}`)).status).toBe(404);

    const again = await subscribe({ ...body, name: "Ana Sofía" });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ resubscribed: true });
    expect((await rowsOf(body.email))[0]).toMatchObject({
      status: "pending",
      firstName: "Ana Sofía",
      unsubscribedAt: null,
    });
    const renewed = linksOf(await mailTo(body.email));
    // Links of mail already sent keep working: the unsubscribe token is the address's for good.
    expect(renewed.oneClickToken).toBe(oneClickToken);
    expect((await app.request(`/api/newsletter/confirm?token=${renewed.confirmToken}`)).status).toBe(200);
  });

  it("one-click is accepted from a webmail page in another site, even with this site's cookies riding along", async () => {
    const body = person();
    await subscribe(body);
    const { oneClickToken } = linksOf(await mailTo(body.email));
    const answer = await app.request(`/api/newsletter/unsubscribe?token=${oneClickToken}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: "currency=USD",
        Origin: "https://mail.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);
    expect((await rowsOf(body.email))[0]!.status).toBe("unsubscribed");
  });

  it("refuses a forged unsubscribe token with 404", async () => {
    const answer = await app.request(`/api/newsletter/unsubscribe?token=${"B".repeat(43)}`, { method: "POST" });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: "NEWSLETTER_TOKEN_INVALID" } });
  });

  it("the mail's visible link asks first (a GET changes nothing), and the button unsubscribes", async () => {
    const body = person({ language: "en" });
    await subscribe(body);
    const { oneClickToken } = linksOf(await mailTo(body.email));
    const context = await pageContext();
    const page = `http://localhost/en/newsletter/unsubscribe/?token=${oneClickToken}`;
    expect(await loadNewsletterUnsubscribe(new Request(page), context)).toEqual({ kind: "ask", token: oneClickToken });
    expect((await rowsOf(body.email))[0]!.status).toBe("pending");
    const posted = () =>
      submitNewsletterUnsubscribe(
        new Request(page, { method: "POST", body: new URLSearchParams({ token: oneClickToken }) }),
        context,
      );
    expect(await redirectOf(posted)).toBe("/en/newsletter/unsubscribe/?done=1");
    expect((await rowsOf(body.email))[0]!.status).toBe("unsubscribed");
    expect(await loadNewsletterUnsubscribe(new Request(page), context)).toEqual({ kind: "done" });
    expect(
      await loadNewsletterUnsubscribe(
        new Request(`http://localhost/en/newsletter/unsubscribe/?token=${"C".repeat(43)}`),
        context,
      ),
    ).toEqual({ kind: "invalid" });
  });
});

describe("the newsletter page's action (the footer form, with or without JavaScript)", () => {
  async function post(language: "es" | "en" | "pt", fields: Record<string, string>) {
    const context = await pageContext();
    const request = new Request(`http://localhost/${language}/boletin/`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    const answer = await submitNewsletter(request, context, language);
    return { status: answer.init?.status, result: answer.data };
  }
  const form = (email: string) => ({
    name: "Ana",
    lastname: "Pérez",
    email,
    country: "MX",
    acceptance: "on",
    permission: "on",
    origin: "footer",
    errorRedirectUrl: "/es/",
  });

  it("answers success, then duplicateKey, and maps field issues to the form's messages", async () => {
    const email = `form.${Date.now()}@example.com`;
    expect(await post("es", form(email))).toEqual({ status: 200, result: { outcome: "subscribed", email } });
    expect(await post("es", form(email))).toMatchObject({
      status: 409,
      result: { outcome: "duplicate", values: { email } },
    });
    const invalid = await post("en", { ...form("nope"), name: "", acceptance: "" });
    expect(invalid).toMatchObject({
      status: 422,
      result: {
        outcome: "invalid",
        errors: { name: "newsletter.error.nameRequired", email: "newsletter.error.emailInvalid" },
      },
    });
    // An unchecked box is absent from a form post; "" is what a forged one sends: both are refused.
    expect((invalid.result as { errors: Record<string, string> }).errors.acceptance).toBeUndefined();
  });

  it("a forged error redirect is 'try again later', not a field the visitor could fix", async () => {
    expect(
      await post("pt", { ...form(`redirect.${Date.now()}@example.com`), errorRedirectUrl: "//evil.example/" }),
    ).toMatchObject({ status: 422, result: { outcome: "failed" } });
  });

  it("the confirmation loader reads ?result= and never trusts an unknown one", async () => {
    const context = await pageContext();
    expect(
      await loadNewsletterConfirmation(
        new Request("http://localhost/en/newsletter/confirmation/?result=expired"),
        context,
      ),
    ).toEqual({ result: "expired" });
    expect(
      await loadNewsletterConfirmation(new Request("http://localhost/en/newsletter/confirmation/?result=<b>"), context),
    ).toEqual({ result: "invalid" });
  });
});
