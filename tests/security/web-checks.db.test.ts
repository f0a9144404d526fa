// Web security checks that need no rendered page: the security headers on every
// kind of answer, cookie names and flags in production, forged cross-site posts to every page action
// (ADR 0033: the origin check is the CSRF defence), open-redirect attempts on the redirecting code
// that runs without the build, and the hold rate limit (429 + Retry-After). Rendered pages (the nonce
// on every inline script, hostile catalogue HTML and search queries) are checked in pages.pg.test.ts.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { afterSignInPath } from "../../app/account/auth-page.server.ts";
import { applyCartForm, reasonKey } from "../../app/cart/cart-page.server.ts";
import { action as currencyFormAction } from "../../app/routes/currency-choice.ts";
import { HOLD_LIMIT_WINDOW_SECONDS } from "../../flows/cart.ts";
import { createLogger } from "../../lib/logger.ts";
import { findSiteConfig } from "../../modules/site/index.ts";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";
import { bootSnapshot } from "../setup/db.ts";

const CART_KEY = "security-test-cart-key-0123";
/** Lower than the defaults (30 and 120) so the tests stay short; the code path is the same. */
const HOLD_LIMITS = { perCart: 12, perAddress: 20 };
const CART_HEADERS = {
  Authorization: `Bearer ${CART_KEY}`,
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({
    NODE_ENV: "production",
    CART_API_KEY: CART_KEY,
    CLIENT_IP_HEADER: "X-Test-Client",
    PUBLIC_ORIGIN: "https://www.travesia.test",
    HOLD_LIMIT_PER_CART: String(HOLD_LIMITS.perCart),
    HOLD_LIMIT_PER_ADDRESS: String(HOLD_LIMITS.perAddress),
  });
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

/** Hostile targets an attacker would hand a redirecting endpoint. */
const HOSTILE_TARGETS = [
  "https://evil.example/",
  "//evil.example/",
  "/\\evil.example/",
  "\\\\evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http:evil.example",
  " //evil.example",
  "/\t/evil.example",
  "https://www.travesia.test.evil.example/",
];

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
  expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(response.headers.get("Strict-Transport-Security")).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(
    Number(/max-age=(\d+)/.exec(response.headers.get("Strict-Transport-Security") ?? "")?.[1]),
  ).toBeGreaterThanOrEqual(15_552_000);
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
}

describe("security headers", () => {
  it.each([
    ["an API answer", "GET", "/api/currencies"],
    ["a coded API refusal", "GET", "/api/products/999999"],
    ["an unknown API path", "GET", "/api/nope"],
    ["a forged cross-site post", "POST", "/es/carrito/"],
    ["the root's language redirect", "GET", "/"],
    ["a page redirect", "GET", "/es"],
    ["a malformed page path", "GET", "/es/%E0%A4%A"],
    ["the offline page", "GET", "/offline/es.html"],
    ["the OpenAPI document", "GET", "/api/openapi.json"],
    ["a probe", "GET", "/healthz"],
  ])("are on %s", async (_what, method, path) => {
    const response = await app.request(path, { method, headers: { Cookie: "a=b", "Sec-Fetch-Site": "cross-site" } });
    expectSecurityHeaders(response);
  });

  it("give every answer its own nonce", async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 5; index++) {
      const csp = (await app.request("/healthz")).headers.get("Content-Security-Policy") ?? "";
      nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? "");
    }
    expect(nonces.size).toBe(5);
  });
});

/** Set-Cookie lines by cookie name. */
function cookiesOf(response: Response): Map<string, string> {
  return new Map(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
}

function expectFlags(line: string | undefined, flags: { httpOnly: boolean }) {
  expect(line).toBeDefined();
  const attributes = line!.split(";").map((part) => part.trim().toLowerCase());
  expect(attributes).toContain("secure");
  expect(attributes).toContain("path=/");
  expect(attributes.some((attribute) => attribute === "samesite=lax" || attribute === "samesite=strict")).toBe(true);
  expect(attributes.some((attribute) => attribute.startsWith("domain="))).toBe(false);
  expect(attributes.includes("httponly")).toBe(flags.httpOnly);
}

describe("cookies in production", () => {
  it("the return path is HttpOnly, Secure and SameSite", async () => {
    const response = await app.request("/redirect/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ route: "|es|carrito|" }),
    });
    expectFlags(cookiesOf(response).get("return_path"), { httpOnly: true });
  });

  it("the currency choice is Secure and SameSite (read by the page's scripts, so not HttpOnly)", async () => {
    const response = await app.request("/api/currency", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ currency: "EUR" }),
    });
    expect(response.status).toBe(200);
    const cookies = cookiesOf(response);
    expectFlags(cookies.get("currency"), { httpOnly: false });
    expectFlags(cookies.get("currency_id"), { httpOnly: false });
  });

  it("the personalization client id is HttpOnly, Secure and SameSite", async () => {
    const response = await app.request("/client/web/cid");
    expectFlags(cookiesOf(response).get("perso_cid"), { httpOnly: true });
  });

  // The session cookies (__Host-, HttpOnly, Secure, SameSite, Path=/, no Domain) are checked on a real
  // sign-in in server/accounts.db.test.ts, which has the account and mail helpers.
});

describe("forged cross-site posts to every page action (ADR 0033)", () => {
  // Every URL of the route table (app/routes.ts) whose module exports an action: a page or form added
  // later is covered without touching this test.
  let actionPaths: string[] = [];

  beforeAll(async () => {
    const { readFile } = await import("node:fs/promises");
    const routes = (await import("../../app/routes.ts")).default as { path?: string; file: string }[];
    const hasAction = new Map<string, boolean>();
    for (const route of routes) {
      if (!hasAction.has(route.file))
        hasAction.set(
          route.file,
          /export (async )?function action\b|export const action\b/.test(await readFile(`app/${route.file}`, "utf8")),
        );
    }
    actionPaths = routes
      .filter((route) => hasAction.get(route.file) && route.path && route.path !== "*")
      .map((route) => `/${route.path!.replace(/^\//, "")}`.replace(/:[A-Za-z]+\??/g, "X"));
  });

  it("finds the page actions: every form of the site in every language", () => {
    for (const path of ["/es/carrito/", "/en/auth/", "/pt/currency/", "/es/boletin/", "/en/carrito/my-booking/"])
      expect(actionPaths).toContain(path);
    expect(actionPaths.length).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Origin: null (a sandboxed frame, a data: page)", { Origin: "null" }],
  ])("refuses with %s: 403 CSRF_REJECTED before the action runs, nothing set", async (_what, forgery) => {
    for (const path of actionPaths) {
      const response = await app.request(`https://www.travesia.test${path}`, {
        method: "POST",
        headers: {
          ...forgery,
          Cookie: "__Host-travesia_session=stolen; cart_session=0123456789abcdef0123456789abcdef",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=empty&currency=EUR&email=a%40example.com&returnTo=https%3A%2F%2Fevil.example%2F",
      });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toMatchObject({ error: { code: "CSRF_REJECTED" } });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});

/** The context React Router hands a page's action (pages are not rendered in this tier; actions are called). */
async function pageContext(clientAddress: string): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(servicesContext, runtime.services);
  context.set(requestContext, {
    requestId: "security-test",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress,
    country: null,
    site: await findSiteConfig(runtime.services.db, "travesia"),
  });
  return context;
}

describe("open redirects", () => {
  it.each(HOSTILE_TARGETS)("POST /redirect/ refuses %j and keeps nothing", async (target) => {
    for (const route of [target, target.split("/").join("|")]) {
      const response = await app.request("/redirect/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ route }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "INVALID_RETURN_PATH" } });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("the auth page sends a signed-in visitor to the kept path only when it is on this site", () => {
    for (const target of HOSTILE_TARGETS) {
      const request = new Request("https://www.travesia.test/es/", {
        headers: { Cookie: `return_path=${encodeURIComponent(target)}` },
      });
      expect(afterSignInPath(request, "es")).toMatch(/^\/es\/[^/]/);
    }
    const kept = new Request("https://www.travesia.test/es/", {
      headers: { Cookie: "return_path=%2Fes%2Fcarrito%2F" },
    });
    expect(afterSignInPath(kept, "es")).toBe("/es/carrito/");
  });

  it("the currency form (no JavaScript) goes back to a path on this site only", async () => {
    const context = await pageContext("192.0.2.1");
    for (const target of [...HOSTILE_TARGETS, "/es/carrito/"]) {
      const form = new URLSearchParams({ currency: "EUR", returnTo: target });
      const request = new Request("https://www.travesia.test/es/currency/", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
      const response = (await currencyFormAction({ request, context, params: {} } as unknown as Parameters<
        typeof currencyFormAction
      >[0])) as Response;
      expect(response.status).toBe(303);
      const location = response.headers.get("Location") ?? "";
      expect(new URL(location, "https://www.travesia.test/").origin).toBe("https://www.travesia.test");
      expect(location).toBe(target === "/es/carrito/" ? "/es/carrito/" : "/es/");
    }
  });
});

describe("the hold rate limit (429 RATE_LIMITED + Retry-After)", () => {
  const holdAgain = (sessionId: string, client: string) =>
    app.request(`/xapi/shopping-cart?SessionId=${sessionId}&Language=ES`, {
      method: "POST",
      headers: { ...CART_HEADERS, "X-Test-Client": client },
      body: JSON.stringify({ action: "hold-again", lineId: "00000000-0000-4000-8000-000000000000" }),
    });

  it(`refuses a cart's ${HOLD_LIMITS.perCart + 1}th hold in ${HOLD_LIMIT_WINDOW_SECONDS / 60} minutes, whatever its address`, async () => {
    const sessionId = "a".repeat(32);
    for (let index = 0; index < HOLD_LIMITS.perCart; index++)
      expect((await holdAgain(sessionId, `198.51.100.${index}`)).status).not.toBe(429);
    const limited = await holdAgain(sessionId, "198.51.100.250");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ CartError: { code: "RATE_LIMITED" } });
    // Another cart is not held back by this one.
    expect((await holdAgain("b".repeat(32), "198.51.100.251")).status).not.toBe(429);
  });

  it(`refuses an address's ${HOLD_LIMITS.perAddress + 1}th hold in ${HOLD_LIMIT_WINDOW_SECONDS / 60} minutes, whatever its carts`, async () => {
    for (let index = 0; index < HOLD_LIMITS.perAddress; index++) {
      expect((await holdAgain(index.toString(16).padStart(32, "c"), "203.0.113.9")).status).not.toBe(429);
    }
    const limited = await holdAgain("d".repeat(32), "203.0.113.9");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await holdAgain("e".repeat(32), "203.0.113.10")).status).not.toBe(429);
  });

  it("holds the cart page's form to the same limit, and says so in the visitor's language", async () => {
    const context = await pageContext("203.0.113.77");
    const addCoupon = () =>
      applyCartForm(
        new Request("https://www.travesia.test/es/carrito/", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=add-coupon&product=999999&adult=1",
        }),
        context,
        "es",
      );
    for (let index = 0; index < HOLD_LIMITS.perAddress; index++)
      expect((await addCoupon()).headers.get("Location")).not.toContain("RATE_LIMITED");
    expect((await addCoupon()).headers.get("Location")).toBe("/es/carrito/?error=RATE_LIMITED");
    expect(reasonKey("RATE_LIMITED")).toBe("cart.error.RATE_LIMITED");
  });
});
