// The production build as `npm start` runs it on PostgreSQL: a front with the shared page cache and two
// worker processes (ADR 0052). What a visitor gets from the cache, what never goes into it, and the
// workers' lives: one killed outright is replaced, SIGTERM stops them all.
import { request, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

let testDb: TestDatabase;
let server: BuiltServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({ DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "3", WEB_CONCURRENCY: "2" }, 60_000);
  // The front answers once the first worker listens; the second starts after it.
  const deadline = Date.now() + 60_000;
  while (server.logs.filter((line) => line.msg === "worker listening").length < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 150_000);
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET with exactly these headers (fetch would not send another Host). */
function get(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: server.port, path: target, headers: { Host: `127.0.0.1:${server.port}`, ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

/** The operator's calendar date `days` from today (America/Cancun). */
function operatorDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Cancun",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const cspNonce = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

describe("the shared page cache in front of the workers", () => {
  it("answers an anonymous page from one render, each answer with its own nonce matching its CSP", async () => {
    const first = await get("/en/faqs/");
    const second = await get("/en/faqs/?utm_source=newsletter&gclid=123");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(cspNonce(first)).not.toBe(cspNonce(second));
    for (const answer of [first, second]) {
      const nonces = new Set([...answer.body.matchAll(/\snonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...nonces]).toEqual([cspNonce(answer)]);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers 304 to the ETag it gave", async () => {
    const page = await get("/en/faqs/");
    const again = await get("/en/faqs/", { "If-None-Match": String(page.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("never keeps a page rendered for a visitor with a cart, a session, a preview or another Host", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["/en/grupo-xcaret-history/", { Cookie: "cart_session=00000000-0000-4000-8000-000000000000" }],
      ["/en/sustainability/", { Cookie: "travesia_session=not-a-session" }],
      ["/en/?perso-preview=token", { "Sec-CH-UA-Mobile": "?0" }],
      ["/en/cancun/", { Host: "attacker.test" }],
    ];
    for (const [target, headers] of cases) {
      const personal = await get(target, headers);
      expect(personal.headers["x-page-cache"], target).toBeUndefined();
      const path = target.split("?")[0] as string;
      const next = await get(path, path === "/en/" ? { "Sec-CH-UA-Mobile": "?0" } : {});
      // The first anonymous visitor after them gets a page rendered for the anonymous key.
      expect(next.headers["x-page-cache"], target).toBe("miss");
      expect(next.body).not.toContain("attacker.test");
    }
  });

  it("shows a seat taken within one second in the live data the sailings page shows seats from", async () => {
    const date = operatorDate(15);
    const page = `/en/routes-schedules/?trip=one_way&crossing=cancun-isla-mujeres&date=${date}&adults=1&step=search&utm_source=x`;
    // The page holds no seat and no price: kept 10 s, the same for every passenger count.
    const shown = await get(page);
    expect(shown.status).toBe(200);
    expect(shown.headers["cache-control"]).toBe("public, max-age=10");
    expect((await get(page.replace("adults=1", "adults=3"))).headers["x-page-cache"]).toBe("hit");
    const live = `/api/sailings/live?adults=1&crossing=cancun-isla-mujeres&currency=USD&date=${date}&step=search&trip=one_way`;
    const before = await get(live, { Cookie: "cart_session=someone-else" });
    expect(before.status).toBe(200);
    expect(before.headers["cache-control"]).toBe("public, max-age=1");
    expect(before.headers["set-cookie"]).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Nothing changed: a new answer after the bound is the same data.
    const unchanged = await get(live);
    expect(unchanged.headers.etag).toBe(before.headers.etag);
    const day = (await (
      await fetch(
        `${server.origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`,
      )
    ).json()) as {
      outbound: Array<{ id: number; selectable: boolean }>;
    };
    const sailing = day.outbound.find((candidate) => candidate.selectable);
    const item = {
      type: "ferry",
      crossing: "cancun-isla-mujeres",
      trip: "one_way",
      date,
      outboundSailingId: sailing?.id,
      passengers: { adult: 1 },
    };
    const hold = await fetch(`${server.origin}/xapi/shopping-cart?Language=EN`, {
      method: "POST",
      headers: CART_API_HEADERS,
      body: JSON.stringify({ action: "add", currency: "USD", item }),
    });
    expect(hold.status).toBe(200);
    // Any answer to a request that arrives a second after the hold was read after it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await get(live);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("runs its workers at a lower CPU priority than itself, so renders cannot starve its answers", () => {
    const front = server.process.pid as number;
    const workers = server.logs.filter((line) => line.msg === "worker listening").map((line) => line.pid as number);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const worker of workers) expect(os.getPriority(worker)).toBeGreaterThan(os.getPriority(front));
  });

  it("restarts a worker killed outright, and keeps answering meanwhile", async () => {
    const pids = server.logs.filter((line) => line.msg === "worker listening").map((line) => line.pid as number);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    process.kill(pids[0] as number, "SIGKILL");
    const deadline = Date.now() + 30_000;
    while (
      server.logs.filter((line) => line.msg === "worker listening").length <= pids.length &&
      Date.now() < deadline
    ) {
      expect((await get("/en/routes-schedules/")).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const listening = server.logs.filter((line) => line.msg === "worker listening");
    expect(listening.length).toBe(pids.length + 1);
    expect(os.getPriority(listening.at(-1)?.pid as number)).toBeGreaterThan(os.getPriority(server.process.pid));
    expect((await get("/en/routes-schedules/")).status).toBe(200);
  }, 40_000);

  it("stops every process on SIGTERM", async () => {
    const workers = server.logs.filter((line) => line.msg === "worker listening").map((line) => line.pid as number);
    expect(await server.stop("SIGTERM")).toBe(0);
    const alive = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
