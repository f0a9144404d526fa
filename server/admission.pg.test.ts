// Admission control against the production build (ADR 0053): a server started with room for one
// visitor's request at a time and none waiting, flooded with page and API requests, refuses the
// overflow at once, without queuing it behind the admitted request — a page that retries by itself in the visitor's language, or a coded 503 —
// with Retry-After, while a buyer with a cart is still served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { connect, createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

let testDb: TestDatabase;
let server: BuiltServer;
/** /metrics answers only the scraper that holds the token. */
const METRICS_TOKEN = "admission-test-metrics-scraper-token-0123456789";
const asScraper = { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } };

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: "3",
    LOG_LEVEL: "warn",
    METRICS_TOKEN,
    ADMISSION_CONCURRENCY: "1",
    ADMISSION_BUYER_CONCURRENCY: "4",
    ADMISSION_QUEUE: "0",
    // The front answers cached anonymous pages without asking a worker (ADR 0052): they never reach the
    // gate, which is the point on a sale day. Off here, so that every request meets the worker's gate.
    PAGE_CACHE_BYTES: "0",
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function send(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${server.origin}${path}`, { redirect: "manual", ...init });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The place a visitor's request holds while PostgreSQL keeps it waiting on a locked table. */
async function inFlight(): Promise<number> {
  const metrics = await (await fetch(`${server.origin}/metrics`, asScraper)).text();
  return Number(/^admission_in_flight (\d+)/m.exec(metrics)?.[1] ?? -1);
}

describe("a server past its admission limit", () => {
  it("refuses pages and API calls fast, with Retry-After, in the visitor's language, and still serves a buyer", async () => {
    // One visitor's sailings request waits on a lock and keeps the only visitor place taken, without
    // keeping the process busy.
    const locker = await connect(testDb.url);
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE sailings IN ACCESS EXCLUSIVE MODE");
    const date = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const stuck = send(`/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`);
    let stuckAnswered = false;
    void stuck.then(() => (stuckAnswered = true));
    try {
      for (let tries = 0; (await inFlight()) < 1 && tries < 100; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await inFlight()).toBe(1);
      // Four at a time, as visitors arrive.
      const requests = [
        ...Array.from({ length: 6 }, () => () => send("/es/preguntas-frecuentes/")),
        ...Array.from({ length: 6 }, () => () => send("/en/faqs/")),
        ...Array.from(
          { length: 4 },
          () => () => send("/api/currencies", { headers: { "Accept-Language": "pt-BR,pt;q=0.9" } }),
        ),
      ];
      const answers: Answer[] = [];
      for (let start = 0; start < requests.length; start += 4)
        answers.push(...(await Promise.all(requests.slice(start, start + 4).map((request) => request()))));
      // A buyer already in the cart is still served while every visitor is refused.
      const buyer = await send("/es/preguntas-frecuentes/", {
        headers: { Cookie: "cart_session=admission-test-cart" },
      });

      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
      for (const answer of answers) {
        expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
        expect(answer.headers.get("Cache-Control")).toBe("no-store");
      }
      // Every refusal came back while the admitted request still waits on its lock: none queued behind
      // it. How fast a refusal is belongs to the bench (a timed assertion fails on a busy machine).
      expect(stuckAnswered).toBe(false);

      const spanishPage = answers[0]!;
      expect(spanishPage.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(spanishPage.body).toContain('lang="es"');
      expect(spanishPage.body).toContain("Muchas personas están comprando boletos");
      expect(spanishPage.body).toContain(
        `<meta http-equiv="refresh" content="${spanishPage.headers.get("Retry-After")}">`,
      );
      expect(answers[6]!.body).toContain("Many people are buying tickets");

      const api = answers[12]!;
      expect(api.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(api.headers.get("Content-Language")).toBe("pt");
      const body = JSON.parse(api.body) as { error: { code: string; retryAfter: number } };
      expect(body.error.code).toBe("SERVER_BUSY");
      expect(body.error.retryAfter).toBe(Number(api.headers.get("Retry-After")));

      expect(buyer.status).toBe(200);
      expect(buyer.body).toContain('lang="es"');
    } finally {
      await locker.query("COMMIT");
      await locker.end();
    }
    expect((await stuck).status).toBe(200);
  });

  it("tells the scraper its places: one for visitors, four in all", async () => {
    const metrics = await (await fetch(`${server.origin}/metrics`, asScraper)).text();
    expect(metrics).toMatch(/^admission_places\{class="visitor"\} 1$/m);
    expect(metrics).toMatch(/^admission_places\{class="all"\} 4$/m);
  });

  it("serves everyone again once the flood has passed", async () => {
    const answer = await send("/en/faqs/");
    expect(answer.status).toBe(200);
  });
});
