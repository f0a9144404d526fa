// Content slots at named positions against the production build on PostgreSQL, a front with the
// shared page cache and two workers: a slot retired in the database leaves the home page (shared, one
// second) within that second and a product page (never shared) at once, on every worker, though no
// worker was told (their content caches still hold the slot); a slot added at a product page's
// position shows there, each visitor getting their own audience's variant.
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSlot, createSlot } from "../flows/content-admin.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import { openDatabase, type DatabaseHandle } from "./db.ts";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";

let testDb: TestDatabase;
let server: BuiltServer;
let database: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startBuiltServer({ DATABASE_URL: testDb.url, DATABASE_POOL_SIZE: "3", WEB_CONCURRENCY: "2" }, 60_000);
  const deadline = Date.now() + 60_000;
  while (server.logs.filter((line) => line.msg === "worker listening").length < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  database = await openDatabase({ databaseUrl: testDb.url, dataDir: "", poolSize: 2 });
}, 150_000);
afterAll(async () => {
  await database?.close();
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

const staff = () => ({
  db: database.db,
  now: new Date(),
  actor: { userId: null, label: "slot-positions-test", role: "admin" as const },
  requestId: null,
});
const DESKTOP = { "Sec-CH-UA-Mobile": "?0" };
const bannerOf = (body: string) => /data-slot="([\w-]+)"/.exec(body)?.[1] ?? null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Enough requests that both workers answer some. */
const several = (target: string, headers: Record<string, string> = {}) =>
  Promise.all(Array.from({ length: 6 }, () => get(target, headers)));
/** Asks again until the front answers from its cache: on a slow machine a one-second entry can lapse between two asks. */
async function cachedAnswer(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  let answer = await get(target, headers);
  for (let attempt = 1; attempt < 5 && answer.headers["x-page-cache"] !== "hit"; attempt++)
    answer = await get(target, headers);
  return answer;
}

describe("a slot at a named position", () => {
  it("retired, leaves the shared home page within its one-second bound, on every worker", async () => {
    const first = await get("/es/", DESKTOP);
    expect(bannerOf(first.body)).toBe("home-banner");
    expect(first.headers["cache-control"]).toBe("public, max-age=1");
    expect((await cachedAnswer("/es/", DESKTOP)).headers["x-page-cache"]).toBe("hit");

    await changeSlot(staff(), "home-banner", { active: false });
    await sleep(1_100);
    for (const answer of [...(await several("/es/", DESKTOP)), ...(await several("/es/"))]) {
      expect(answer.status).toBe(200);
      expect(bannerOf(answer.body)).toBeNull();
    }

    await changeSlot(staff(), "home-banner", { active: true });
    await sleep(1_100);
    expect(bannerOf((await get("/es/", DESKTOP)).body)).toBe("home-banner");
  });

  it("added at a product page's position, shows there per visitor; retired, is gone at once", async () => {
    const xcaret = pathOf("xcaret", "en");
    expect(bannerOf((await get(xcaret, DESKTOP)).body)).toBeNull();
    await createSlot(staff(), {
      code: "xcaret-evening",
      description: "Xcaret in the evening",
      position: "product-xcaret",
      texts: {
        es: { eyebrow: "Xcaret", title: "Xcaret de noche", bodyHtml: "", ctaLabel: "", ctaHref: "" },
        en: { eyebrow: "Xcaret", title: "Xcaret by night", bodyHtml: "", ctaLabel: "", ctaHref: "" },
        pt: { eyebrow: "Xcaret", title: "Xcaret à noite", bodyHtml: "", ctaLabel: "", ctaHref: "" },
      },
      audience: {
        name: "residents",
        rule: { "==": [{ var: "location.state" }, "ROO"] },
        title: { es: "Noche para residentes", en: "A night for residents", pt: "Noite para residentes" },
        body: { es: "", en: "", pt: "" },
      },
    });
    const shown = await several(xcaret, DESKTOP);
    for (const answer of shown) {
      expect(bannerOf(answer.body)).toBe("xcaret-evening");
      expect(answer.body).toContain("Xcaret by night");
      // Never shared: no page-cache entry, whoever asks.
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
    const resident = await get(xcaret, { ...DESKTOP, "CloudFront-Viewer-Country-Region": "ROO" });
    expect(resident.body).toContain("A night for residents");
    expect((await get(pathOf("xcaret", "pt"))).body).toContain("Xcaret à noite");
    // Other product pages have positions of their own.
    expect(bannerOf((await get(pathOf("xplor", "en"), DESKTOP)).body)).toBeNull();

    await changeSlot(staff(), "xcaret-evening", { active: false });
    for (const answer of await several(xcaret, DESKTOP)) {
      expect(answer.status).toBe(200);
      expect(bannerOf(answer.body)).toBeNull();
      expect(answer.body).not.toContain("Xcaret by night");
    }
  });
});
