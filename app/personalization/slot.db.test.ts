// The personalization service through the whole app: every /client/web endpoint, the
// /external/web statuses (401, 403, 408, 423), the evaluation error codes, the slots' audiences, the
// 60 s caching headers, preview enter/exit on a page, and beacons that are refused store nothing.
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { loadSlot } from "./slot.server.ts";
import { createLogger } from "../../lib/logger.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { CROSSING_TO_ISLA_CODE } from "../../db/seed.ts";
import { addToCart } from "../../flows/cart.ts";
import { createApiKey, mintPreviewToken, personalizationEvents } from "../../modules/personalization/index.ts";
import { sites } from "../../modules/site/index.ts";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production" });
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

const STATE_HEADER = "CloudFront-Viewer-Country-Region";
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
const storedEvents = async () => (await runtime.database.db.select({ n: count() }).from(personalizationEvents))[0]!.n;

const beacon = (payload: unknown) => ({
  context: { page: { url: "https://www.travesia.mx/es/" }, language: "es", device: "desktop" },
  payload,
  originalTime: 1_700_000_000_000,
  departureTime: 1_700_000_000_500,
});

it("documents every call on both surfaces in the OpenAPI file", async () => {
  const doc = (await (await app.request("/api/openapi.json")).json()) as {
    paths: Record<string, unknown>;
    components: { securitySchemes?: Record<string, unknown> };
  };
  const paths = ["client", "external"].flatMap((surface) =>
    ["evaluate", "content", "static-content", "track", "cid"].map((call) => `/${surface}/web/${call}`),
  );
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths));
  expect(doc.components.securitySchemes).toHaveProperty("personalizationApiKey");
});

describe("/client/web/evaluate", () => {
  it("evaluates JSON Logic over the visitor's context (geolocation from the state header)", async () => {
    const answer = await post(
      "/client/web/evaluate",
      { query: { "==": [{ var: "location.state" }, "ROO"] } },
      { [STATE_HEADER]: "ROO" },
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: true });
    const device = await post("/client/web/evaluate", {
      query: { cat: [{ var: "device" }, "/", { var: "attributes.plan" }] },
      context: { device: "mobile", attributes: { plan: "ferry" } },
    });
    expect(await device.json()).toEqual({ result: "mobile/ferry" });
  });

  it.each([
    [{ query: { method: [{ var: "language" }, "toUpperCase"] } }, 400, "PERSONALIZATION_INVALID_QUERY"],
    [{ query: { var: "language.constructor" } }, 400, "PERSONALIZATION_INVALID_QUERY"],
    [{ query: { "+": Array.from({ length: 300 }, () => 1) } }, 422, "PERSONALIZATION_TOO_COMPLEX_QUERY"],
    [{ query: { missing_some: [1, null] } }, 422, "PERSONALIZATION_EVALUATION_FAILED"],
    [{ query: { "/": [1, 0] } }, 422, "PERSONALIZATION_UNALLOWED_RESULT"],
    [{ query: { var: "language.toString" } }, 422, "PERSONALIZATION_UNSERIALIZABLE_RESULT"],
    [{ query: true, context: { location: { state: "ROO" } } }, 400, "INVALID_REQUEST"],
  ])("refuses %j with %i %s", async (body, status, code) => {
    const answer = await post("/client/web/evaluate", body);
    expect(answer.status).toBe(status);
    expect(await codeOf(answer)).toBe(code);
  });
});

describe("/client/web/content and static-content", () => {
  it("answers the resident variant in Quintana Roo, the default elsewhere, cached 60 s", async () => {
    const resident = await post(
      "/client/web/content",
      { slotId: "home-banner", preferredLocale: "en" },
      { [STATE_HEADER]: "ROO" },
    );
    expect(resident.status).toBe(200);
    expect(resident.headers.get("Cache-Control")).toBe("private, max-age=60");
    expect(await resident.json()).toMatchObject({
      slotId: "home-banner",
      version: 1,
      locale: "en",
      variant: "resident",
      draft: false,
      content: { cta: { href: "/en/quintana-roo-residents/" } },
    });
    const other = await post(
      "/client/web/content",
      { slotId: "home-banner", preferredLocale: "pt" },
      { [STATE_HEADER]: "YUC" },
    );
    expect(await other.json()).toMatchObject({
      locale: "pt",
      variant: "default",
      content: { title: "Atravesse para Isla Mujeres por menos" },
    });
  });

  it("answers the cart reminder to a returning visitor whose cart has products", async () => {
    const { sessionId } = await addToCart(
      runtime.database.db,
      {
        sessionId: null,
        currency: "MXN",
        item: {
          type: "ferry",
          crossing: CROSSING_TO_ISLA_CODE,
          trip: "open",
          date: null,
          returnDate: null,
          outboundSailingId: null,
          inboundSailingId: null,
          category: "tourist",
          passengers: { adult: 1, child: 0, infant: 0 },
        },
      },
      { siteCode: "travesia", language: "es", now: new Date(), holdSeconds: 900 },
    );
    const cid = await (await app.request("/client/web/cid")).text();
    const cookies = `perso_cid=${cid}; cart_session=${sessionId}`;
    const first = await post(
      "/client/web/content",
      { slotId: "promotions-banner", preferredLocale: "es" },
      { Cookie: cookies },
    );
    expect(await first.json()).toMatchObject({ variant: "default" }); // one visit: not returning yet
    await runtime.database.db.execute(`update personalization_clients set visits = 2 where cid = '${cid}'`);
    const back = await post(
      "/client/web/content",
      { slotId: "promotions-banner", preferredLocale: "es" },
      { Cookie: cookies },
    );
    expect(await back.json()).toMatchObject({
      variant: "cart-reminder",
      content: { title: "Aún tienes boletos en tu carrito", cta: { href: "/es/carrito/" } },
    });
  });

  it("answers a draft version only with a valid preview token, never cached", async () => {
    const token = mintPreviewToken(runtime.config.PERSONALIZATION_PREVIEW_SECRET, new Date(Date.now() + 3_600_000));
    const draft = await post("/client/web/content", {
      slotId: "home-banner",
      preferredLocale: "es",
      previewToken: token,
    });
    expect(draft.headers.get("Cache-Control")).toBe("no-store");
    expect(await draft.json()).toMatchObject({
      version: 2,
      draft: true,
      content: { title: "Compra en línea y aborda con tu código QR" },
    });
    const forged = await post("/client/web/content", {
      slotId: "home-banner",
      preferredLocale: "es",
      previewToken: `${token.slice(0, -2)}xx`,
    });
    expect(await forged.json()).toMatchObject({ version: 1, draft: false });
  });

  it("serves the default without audiences as static content, publicly cacheable", async () => {
    const answer = await post(
      "/client/web/static-content",
      { slotId: "home-banner", preferredLocale: "es" },
      { [STATE_HEADER]: "ROO" },
    );
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(await answer.json()).toMatchObject({
      variant: "default",
      content: { title: "Cruza a Isla Mujeres por menos" },
    });
  });

  it("refuses an unknown slot with a code", async () => {
    const answer = await post("/client/web/content", { slotId: "nope" });
    expect(answer.status).toBe(404);
    expect(await codeOf(answer)).toBe("UNKNOWN_CONTENT_SLOT");
  });
});

describe("/client/web/track and /client/web/cid", () => {
  it("stores a valid beacon and acknowledges it; suppresses shopping events while enableCroctShopping is off", async () => {
    const before = await storedEvents();
    const stored = await post("/client/web/track", beacon({ type: "goalCompleted", goalId: "newsletter-signup" }));
    expect(stored.status).toBe(202);
    expect(await stored.json()).toEqual({ status: "stored" });
    const cart = { currency: "MXN", items: [], total: 0 };
    const suppressed = await post("/client/web/track", beacon({ type: "cartViewed", cart }));
    expect(await suppressed.json()).toEqual({ status: "suppressed" });
    expect(await storedEvents()).toBe(before + 1);
  });

  it("keeps stored events append-only", async () => {
    await expect(runtime.database.db.execute("delete from personalization_events")).rejects.toThrow();
    await expect(runtime.database.db.execute("update personalization_events set type = 'x'")).rejects.toThrow();
  });

  it.each([
    ["an unknown type", beacon({ type: "pageHacked" }), 422, "UNKNOWN_EVENT_TYPE"],
    [
      "a product id over 50 characters",
      beacon({ type: "productViewed", product: { productId: "x".repeat(51), name: "Ferry", displayPrice: 1 } }),
      422,
      "INVALID_EVENT_PAYLOAD",
    ],
    ["a goal id under 3 characters", beacon({ type: "goalCompleted", goalId: "ab" }), 422, "INVALID_EVENT_PAYLOAD"],
    [
      "31 interests",
      beacon({
        type: "userProfileChanged",
        patch: { interests: Array.from({ length: 31 }, (_, index) => `i${index}`) },
      }),
      422,
      "INVALID_EVENT_PAYLOAD",
    ],
    [
      "11 custom properties",
      beacon({
        type: "userProfileChanged",
        patch: { custom: Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`p${index}`, index])) },
      }),
      422,
      "INVALID_EVENT_PAYLOAD",
    ],
    [
      "a departure before the event",
      { ...beacon({ type: "goalCompleted", goalId: "abc" }), departureTime: 1 },
      422,
      "INVALID_EVENT_PAYLOAD",
    ],
    [
      "an oversized body",
      beacon({ type: "goalCompleted", goalId: "abc", padding: "x".repeat(20_000) }),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    ["malformed JSON", "{nope", 400, "INVALID_REQUEST"],
  ])("refuses %s and stores nothing", async (_label, body, status, code) => {
    const before = await storedEvents();
    const answer = await post("/client/web/track", body);
    expect(answer.status).toBe(status);
    expect(await codeOf(answer)).toBe(code);
    expect(await storedEvents()).toBe(before);
  });

  it("gives a new client id with a year-long cookie, and the same one back when the cookie is there", async () => {
    const first = await app.request("/client/web/cid");
    const cid = await first.text();
    expect(cid).toMatch(/^[0-9a-f]{32}$/);
    expect(first.headers.get("Set-Cookie")).toMatch(
      new RegExp(`^perso_cid=${cid}; HttpOnly; Path=/; Max-Age=31536000; SameSite=Lax; Secure`),
    );
    const again = await app.request("/client/web/cid", { headers: { Cookie: `perso_cid=${cid}` } });
    expect(await again.text()).toBe(cid);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("/external/web", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await createApiKey(runtime.database.db, {
      siteCode: "travesia",
      name: "partner",
      allowedOrigins: ["https://partner.example"],
      monthlyActiveUserQuota: 1,
    }));
  });
  const cidA = "a".repeat(32);
  const cidB = "b".repeat(32);

  it("answers with a valid key, an allowed origin and a client id", async () => {
    const answer = await post(
      "/external/web/evaluate",
      { query: { var: "language" } },
      { "X-Api-Key": key, Origin: "https://partner.example", "X-Client-Id": cidA, "Accept-Language": "pt-BR" },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("https://partner.example");
    expect(await answer.json()).toEqual({ result: "pt" });
  });

  it("401 without or with an unknown key, 403 from an origin not allowed", async () => {
    expect(await codeOf(await post("/external/web/content", { slotId: "home-banner" }, { "X-Client-Id": cidA }))).toBe(
      "PERSONALIZATION_INVALID_CREDENTIALS",
    );
    const unknown = await app.request("/external/web/cid", { headers: { "X-Api-Key": "pk_nope" } });
    expect(unknown.status).toBe(401);
    const foreign = await post(
      "/external/web/content",
      { slotId: "home-banner" },
      { "X-Api-Key": key, Origin: "https://evil.example", "X-Client-Id": cidA },
    );
    expect(foreign.status).toBe(403);
    expect(await codeOf(foreign)).toBe("PERSONALIZATION_ORIGIN_NOT_ALLOWED");
  });

  it("423 once the key's monthly active users are used up; known users go on", async () => {
    const over = await post("/external/web/track", beacon({ type: "goalCompleted", goalId: "abc" }), {
      "X-Api-Key": key,
      "X-Client-Id": cidB,
    });
    expect(over.status).toBe(423);
    expect(await codeOf(over)).toBe("PERSONALIZATION_QUOTA_EXCEEDED");
    const known = await post(
      "/external/web/static-content",
      { slotId: "home-banner" },
      { "X-Api-Key": key, "X-Client-Id": cidA },
    );
    expect(known.status).toBe(200);
    const noClient = await post("/external/web/content", { slotId: "home-banner" }, { "X-Api-Key": key });
    expect(noClient.status).toBe(400);
  });
});

describe("preview mode on a page (the loader that renders a slot)", () => {
  const render = async (path: string, cookie?: string) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, runtime.services);
    context.set(requestContext, {
      requestId: "test",
      logger: createLogger("silent"),
      nonce: "n",
      clientAddress: "127.0.0.1",
      country: null,
      site: await findSiteConfig(runtime.database.db, "travesia"),
    });
    return loadSlot(
      new Request(`http://site.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
      context,
      "home-banner",
      "es",
    );
  };

  it("enters with the two query parameters (draft banner), leaves with 'exit'", async () => {
    const token = mintPreviewToken(runtime.config.PERSONALIZATION_PREVIEW_SECRET, new Date(Date.now() + 3_600_000));
    const entered = await render(`/es/?perso-playground=conn-12345678&perso-preview=${token}`);
    const cookies = entered.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith(`perso_preview=${token};`))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("perso_playground=conn-12345678;"))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("perso_cid="))).toBe(true);
    expect(entered.headers.get("Cache-Control")).toBe("private, no-store");
    expect(entered.banner).toMatchObject({
      draft: true,
      content: { title: "Compra en línea y aborda con tu código QR" },
    });
    expect((await render("/es/", `perso_preview=${token}`)).banner).toMatchObject({ draft: true });
    const left = await render("/es/?perso-preview=exit", `perso_preview=${token}`);
    expect(left.headers.getSetCookie().some((cookie) => /^perso_preview=; .*Max-Age=0/.test(cookie))).toBe(true);
    expect(left.banner).toMatchObject({ draft: false, content: { title: "Cruza a Isla Mujeres por menos" } });
  });
});

describe("the site flag and failures", () => {
  it("408 when an answer takes longer than the time limit", async () => {
    const slow = await bootSnapshot({ NODE_ENV: "production", PERSONALIZATION_TIMEOUT_MS: "0" });
    try {
      const slowApp = createApp(slow.services, { ping: () => slow.database.ping() });
      const evaluation = await slowApp.request("/client/web/evaluate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ query: true }),
      });
      expect(evaluation.status).toBe(408);
      expect(await codeOf(evaluation)).toBe("PERSONALIZATION_TIMEOUT");
      const content = await slowApp.request("/client/web/content", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ slotId: "home-banner" }),
      });
      expect(content.status).toBe(408);
    } finally {
      await slow.database.close();
    }
  });

  it("does not exist where enableCroct is off", async () => {
    await runtime.database.db
      .update(sites)
      .set({ flags: { enableCroct: false } })
      .where(eq(sites.code, "travesia"));
    const answer = await app.request("/client/web/cid");
    expect(answer.status).toBe(404);
    expect(await codeOf(answer)).toBe("PERSONALIZATION_DISABLED");
    await runtime.database.db
      .update(sites)
      .set({ flags: { enableCroct: true } })
      .where(eq(sites.code, "travesia"));
  });

  it("answers unexpected-error (500) when the database fails", async () => {
    runtime.services.personalization.slots.clear();
    runtime.services.personalization.answers.clear();
    await runtime.database.db.execute("alter table content_slot_versions rename to content_slot_versions_gone");
    const answer = await post("/client/web/content", { slotId: "home-banner" });
    expect(answer.status).toBe(500);
    expect(await codeOf(answer)).toBe("PERSONALIZATION_UNEXPECTED_ERROR");
  });
});
