// Two nodes of the production build on one PostgreSQL database behind nginx running the repository's
// deploy/nginx/travesia.conf (ADR 0053): requests land on both nodes; a buyer's hold, checkout,
// payment and tickets, and a sign-in, keep working when consecutive requests land on different nodes;
// an anonymous page is answered from nginx's micro-cache while a visitor with a cart is not. Skipped,
// saying so, only where nginx is not installed (.ci/run installs it).
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  buyerJourney,
  createRecorder,
  operatorDate,
  startTicketMailbox,
  type TicketMailbox,
} from "../load/journey.mjs";
import { startBuiltServer, type BuiltServer } from "../setup/built-server.ts";
import { freePort } from "../setup/free-port.mjs";
import { nginxInstalled, NGINX, startNginx, type RunningNginx } from "../setup/nginx.mjs";
import { connect, createTestDatabase, type TestDatabase } from "../setup/pg.ts";

const installed = nginxInstalled();
if (!installed)
  console.warn(
    `tests/deploy/nginx.pg.test.ts skipped: ${NGINX} is not installed (apt-get install -y nginx; .ci/run does)`,
  );

let testDb: TestDatabase;
let mailbox: TicketMailbox;
const nodes: BuiltServer[] = [];
let nginx: RunningNginx;
let client: pg.Client;
let origin: string;

beforeAll(async () => {
  if (!installed) return;
  testDb = await createTestDatabase();
  mailbox = await startTicketMailbox();
  // nginx's address is the public origin every node is told (links in mail, the payment's return).
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: "4",
    SMTP_URL: mailbox.url,
    CLIENT_IP_HEADER: "X-Real-IP",
    PUBLIC_ORIGIN: origin,
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  nodes.push(await startBuiltServer(env, 90_000));
  nodes.push(await startBuiltServer(env, 90_000));
  nginx = await startNginx({
    upstreams: nodes.map((node) => node.origin),
    clientRoot: path.join(inject("buildDir"), "client"),
    port,
  });
  client = await connect(testDb.url);
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  for (const node of nodes) await node.stop();
  await client?.end();
  await mailbox?.close();
  await testDb?.drop();
});

/** Which node logged the request with this id: 0, 1, or -1 when none did (nginx answered). */
async function nodeOf(requestId: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return nodes.findIndex((node) => node.logs.some((line) => line.msg === "request" && line.requestId === requestId));
}

/** The nodes that logged a request of `method` to a path matching `pattern`. */
function nodesThatServed(method: string, pattern: RegExp): Set<number> {
  const served = new Set<number>();
  nodes.forEach((node, index) => {
    if (node.logs.some((line) => line.msg === "request" && line.method === method && pattern.test(String(line.path))))
      served.add(index);
  });
  return served;
}

describe.skipIf(!installed)("two nodes behind nginx (deploy/nginx/travesia.conf)", () => {
  it("spreads requests over both nodes", async () => {
    const landed = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await fetch(`${origin}/api/currencies?n=${index}`, {
        headers: { "X-Real-IP": "203.0.113.66", "X-Forwarded-For": "203.0.113.66" },
      });
      expect(response.status).toBe(200);
      landed.push(await nodeOf(response.headers.get("X-Request-Id") ?? ""));
    }
    expect(new Set(landed)).toEqual(new Set([0, 1]));
  });

  it("completes a purchase whose steps land on different nodes: hold, checkout, payment, tickets", async () => {
    const recorder = createRecorder();
    await buyerJourney({ origin, index: 0, days: 1, recorder, mailbox, mailTimeoutMs: 60_000 });
    expect(recorder.serverErrors).toEqual([]);
    // The checkout's and the payment's pages and posts were served by both nodes in turn.
    for (const [method, pattern] of [
      ["GET", /\/en\/carrito\/payment-details\/$/],
      ["POST", /\/en\/carrito\/payment-details\/$/],
      ["GET", /^\/sandbox-psp\/pay\//],
      ["POST", /^\/sandbox-psp\/pay\//],
      ["GET", /\/en\/carrito\/thank-you\/$/],
    ] as const) {
      expect(nodesThatServed(method, pattern).size, `${method} ${pattern} served by a node`).toBeGreaterThanOrEqual(1);
    }
    const all = [/\/en\/carrito\/payment-details\/$/, /^\/sandbox-psp\/pay\//, /\/en\/carrito\/thank-you\/$/]
      .map((pattern) => [...nodesThatServed("GET", pattern), ...nodesThatServed("POST", pattern)])
      .flat();
    expect(new Set(all)).toEqual(new Set([0, 1]));
    const { rows } = await client.query("select count(*)::int as ticketed from bookings where status = 'ticketed'");
    expect(rows[0].ticketed).toBe(1);
  });

  it("signs in on one node and is signed in on the other", async () => {
    const email = `two.nodes.${randomBytes(4).toString("hex")}@example.com`;
    const password = "arrecife-y-manglar-31";
    const form = {
      email,
      password,
      firstName: "Lucía",
      lastName: "Gómez",
      country: "MX",
      state: "Quintana Roo",
      privacy: "yes",
    };
    const registered = await fetch(`${origin}/en/register/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
    expect(
      registered.status,
      await registered
        .clone()
        .text()
        .then((text) => text.match(/data-code="[A-Z_]+"/g)?.join(" ") ?? text.slice(0, 300)),
    ).toBeLessThan(400);
    // The confirmation link, as the mail carries it (its secret stored hashed, as the identity module does).
    const token = randomBytes(32).toString("hex");
    const { rows } = await client.query<{ id: string }>("select id from users where email_key = lower($1)", [email]);
    await client.query(
      "insert into user_tokens (token_hash, user_id, purpose, expires_at, created_at) values ($1, $2, 'confirm_email', now() + interval '1 hour', now())",
      [createHash("sha256").update(token, "utf8").digest("hex"), rows[0]!.id],
    );
    expect((await fetch(`${origin}/en/confirm-email/?token=${token}`)).status).toBe(200);

    const json = { "Content-Type": "application/json", Origin: origin };
    const login = await fetch(`${origin}/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ Username: email, Password: password }),
    });
    expect(login.status).toBe(200);
    const loginNode = await nodeOf(login.headers.get("X-Request-Id") ?? "");
    const { sessionId } = (await login.json()) as { sessionId: string };
    const opened = await fetch(`${origin}/user-session/`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ sessionId }),
    });
    expect(opened.status).toBe(200);
    expect(await nodeOf(opened.headers.get("X-Request-Id") ?? "")).not.toBe(loginNode);
    const cookie = opened.headers
      .getSetCookie()
      .map((value) => value.slice(0, value.indexOf(";")))
      .join("; ");

    const seen = new Set<number>();
    for (let index = 0; index < 2; index += 1) {
      const account = await fetch(`${origin}/en/my-account/`, { headers: { Cookie: cookie } });
      expect(account.status).toBe(200);
      expect(await account.text()).toContain(email);
      seen.add(await nodeOf(account.headers.get("X-Request-Id") ?? ""));
    }
    expect(seen).toEqual(new Set([0, 1]));
  });

  it("accepts on one node the search token another node issued, with no secret configured", async () => {
    const call = (node: BuiltServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${node.origin}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Host-Path": `${new URL(origin).host}/es/busqueda/`,
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const issued = await call(nodes[0]!, "/google-enterprise/token", undefined);
    expect(issued.status, await issued.clone().text()).toBe(200);
    const { data } = (await issued.json()) as { data: { access_token: string } };
    const suggested = await call(
      nodes[1]!,
      "/google-enterprise/autocomplete",
      { dataStore: "travesia-es", query: "isla" },
      { Authorization: `Bearer ${data.access_token}` },
    );
    expect(suggested.status, await suggested.clone().text()).toBe(200);
  });

  it("answers an anonymous page from the micro-cache, never a visitor with a cart or a private page", async () => {
    const anonymous = { Cookie: "travesia_lang=en", "Accept-Encoding": "gzip" };
    // Answered by nginx without a node: fresh (HIT), or a second old while one request refreshes it.
    const fromCache = ["HIT", "STALE", "UPDATING"];
    const statuses = [];
    for (let index = 0; index < 3; index += 1)
      statuses.push((await fetch(`${origin}/en/faqs/`, { headers: anonymous })).headers.get("X-Cache-Status"));
    expect(statuses.slice(1).some((status) => fromCache.includes(status ?? ""))).toBe(true);
    // A campaign link is the same page: the tracking parameters are not part of the key.
    expect(fromCache).toContain(
      (await fetch(`${origin}/en/faqs/?utm_source=mail&utm_campaign=sale`, { headers: anonymous })).headers.get(
        "X-Cache-Status",
      ),
    );

    const withCart = { Cookie: "travesia_lang=en; cart_session=some-cart", "Accept-Encoding": "gzip" };
    for (let index = 0; index < 2; index += 1) {
      const response = await fetch(`${origin}/en/faqs/`, { headers: withCart });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Cache-Status")).toBe("BYPASS");
    }
    // A page the app marks private is fetched from a node every time.
    for (let index = 0; index < 2; index += 1) {
      const cart = await fetch(`${origin}/en/carrito/`, { headers: anonymous });
      expect(cart.headers.get("Cache-Control")).toMatch(/private|no-store/);
      expect(cart.headers.get("X-Cache-Status")).toBe("MISS");
    }
  });

  it("keys routes & schedules on what the page reads: counts and junk make no entry, dates and trips do", async () => {
    const anonymous = { Cookie: "travesia_lang=en", "Accept-Encoding": "gzip" };
    const statusOf = async (query: string) => {
      const response = await fetch(`${origin}/en/routes-schedules/?${query}`, { headers: anonymous });
      expect(response.status).toBe(200);
      return response.headers.get("X-Cache-Status");
    };
    // A day of its own, so that no other test made these entries.
    const date = operatorDate(9);
    const search = `crossing=cancun-isla-mujeres&trip=one_way&date=${date}`;
    expect(await statusOf(`${search}&adults=1`)).toBe("MISS");
    // The same search for other passengers, in another order, with junk and a campaign: the same entry
    // (a live page reads no count: the browser asks the live data for them).
    for (const query of [
      `${search}&adults=3&children=2`,
      `adults=2&junk=x&${search}&utm_source=mail`,
      `${search}&infants=1&fbclid=abc&ref=home`,
    ])
      expect(await statusOf(query), query).not.toBe("MISS");
    // Another date, another trip: entries of their own.
    expect(await statusOf(`crossing=cancun-isla-mujeres&trip=one_way&date=${operatorDate(10)}&adults=1`)).toBe("MISS");
    expect(await statusOf(`crossing=cancun-isla-mujeres&trip=round_trip&date=${date}&adults=1`)).toBe("MISS");
    // A page rendered with its counts (sent without scripts) keeps them in the key.
    expect(await statusOf(`${search}&adults=1&nojs=1`)).toBe("MISS");
    expect(await statusOf(`${search}&adults=2&nojs=1`)).toBe("MISS");
    // A parameter name with an escape could be `date` in disguise: the whole query is the key.
    expect(await statusOf(`crossing=cancun-isla-mujeres&trip=one_way&d%61te=${operatorDate(11)}`)).toBe("MISS");
  });

  it("keys a page on the cookie notice and the device class it shows, as the node does", async () => {
    const faq = (cookie: string) =>
      fetch(`${origin}/en/faqs/?from=nginx-key`, { headers: { Cookie: cookie } }).then((response) =>
        response.headers.get("X-Cache-Status"),
      );
    await faq("travesia_lang=en");
    expect(await faq("travesia_lang=en; cookie_notice=1")).toBe("MISS");
    // The home's banner is for a device class: without the hint the page reads the User-Agent.
    const home = (headers: Record<string, string>) =>
      fetch(`${origin}/en/`, { headers: { Cookie: "travesia_lang=en", ...headers } }).then((response) =>
        response.headers.get("X-Cache-Status"),
      );
    expect(await home({})).toBe("BYPASS");
    await home({ "Sec-CH-UA-Mobile": "?0" });
    expect(await home({ "Sec-CH-UA-Mobile": "?1" })).toBe("MISS");
  });

  it("serves built assets precompressed from disk, and refuses other hosts", async () => {
    const html = await (await fetch(`${origin}/en/faqs/`, { headers: { Cookie: "travesia_lang=en" } })).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${origin}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Request-Id")).toBeNull();

    const otherHost = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const req = request(`${origin}/en/faqs/`, { headers: { Host: "evil.example" } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      }, reject);
    });
    expect(otherHost).toBe(421);
  });
});
