// The pure parts of the personalization service: query checks and limits, evaluation errors, audience
// matching and order, cache keys, sanitizing, preview tokens.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { audienceKey, pickVariant, type SlotVariant } from "./audience.ts";
import { createContentCache } from "./cache.ts";
import { buildEvaluationContext, stateFromHeaders } from "./context.ts";
import { mintPreviewToken, previewChangeOf } from "./preview.ts";
import { QUERY_LIMITS, checkQuery, evaluateQuery } from "./query.ts";
import { sanitizeSlotContent, sanitizeSlotHtml } from "./sanitize.ts";
import type { SlotContent } from "./types.ts";

const context = buildEvaluationContext(
  {
    country: "MX",
    state: "ROO",
    language: "es",
    userAgent: "Mozilla/5.0 (iPhone)",
    visits: 3,
    cart: { items: 2, total: 1200, currency: "MXN" },
    lastCart: null,
  },
  { page: { url: "https://www.travesia.mx/es/" } },
);
const inTime = { elapsedMs: () => 0, timeoutMs: 500 };

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

describe("evaluateQuery", () => {
  it("reads the context: location, visitor, cart, device", () => {
    expect(evaluateQuery({ "==": [{ var: "location.state" }, "ROO"] }, context, inTime)).toBe(true);
    expect(
      evaluateQuery({ and: [{ var: "visitor.returning" }, { ">": [{ var: "cart.items" }, 0] }] }, context, inTime),
    ).toBe(true);
    expect(evaluateQuery({ var: "device" }, context, inTime)).toBe("mobile");
    expect(evaluateQuery({ cat: ["hola ", { var: "language" }] }, context, inTime)).toBe("hola es");
  });

  it.each([
    ["an unknown operator", { exec: ["rm"] }],
    ["method, which calls functions of values", { method: [{ var: "language" }, "toUpperCase"] }],
    ["a prototype path", { var: "language.constructor" }],
    ["a __proto__ path", { var: "__proto__" }],
    ["a computed path", { var: { cat: ["lang", "uage"] } }],
    ["an object that is not one operation", { a: 1, b: 2 }],
  ])("refuses %s as invalid-query", (_label, query) => {
    expect(codeOf(() => evaluateQuery(query, context, inTime))).toBe("PERSONALIZATION_INVALID_QUERY");
  });

  it("bounds depth, size, nested iteration and length as too-complex-query", () => {
    let deep: unknown = true;
    for (let index = 0; index <= QUERY_LIMITS.maxDepth; index += 1) deep = { "!": [deep] };
    expect(codeOf(() => checkQuery(deep))).toBe("PERSONALIZATION_TOO_COMPLEX_QUERY");
    expect(codeOf(() => checkQuery({ "+": Array.from({ length: QUERY_LIMITS.maxNodes }, () => 1) }))).toBe(
      "PERSONALIZATION_TOO_COMPLEX_QUERY",
    );
    const nested = { map: [[1], { map: [[1], { map: [[1], { var: "" }] }] }] };
    expect(codeOf(() => checkQuery(nested))).toBe("PERSONALIZATION_TOO_COMPLEX_QUERY");
    expect(codeOf(() => checkQuery({ cat: ["x".repeat(QUERY_LIMITS.maxLength)] }))).toBe(
      "PERSONALIZATION_TOO_COMPLEX_QUERY",
    );
    expect(codeOf(() => checkQuery({ map: [[1], { map: [[1], { var: "" }] }] }))).toBeNull();
  });

  it("names evaluation-failed, unallowed-result, unserializable-result and timeout", () => {
    expect(codeOf(() => evaluateQuery({ missing_some: [1, null] }, context, inTime))).toBe(
      "PERSONALIZATION_EVALUATION_FAILED",
    );
    expect(codeOf(() => evaluateQuery({ "/": [1, 0] }, context, inTime))).toBe("PERSONALIZATION_UNALLOWED_RESULT");
    expect(codeOf(() => evaluateQuery({ var: "language.toString" }, context, inTime))).toBe(
      "PERSONALIZATION_UNSERIALIZABLE_RESULT",
    );
    expect(codeOf(() => evaluateQuery(true, context, { elapsedMs: () => 501, timeoutMs: 500 }))).toBe(
      "PERSONALIZATION_TIMEOUT",
    );
  });
});

const content = (title: string): SlotContent => ({
  tone: "default",
  eyebrow: "E",
  title,
  bodyHtml: "<p>x</p>",
  cta: null,
});
const variants: SlotVariant[] = [
  { name: "default", position: 3, audience: null, content: content("default") },
  {
    name: "cart-reminder",
    position: 2,
    audience: { and: [{ var: "visitor.returning" }, { ">": [{ var: "cart.items" }, 0] }] },
    content: content("cart"),
  },
  {
    name: "resident",
    position: 1,
    audience: { "==": [{ var: "location.state" }, "ROO"] },
    content: content("resident"),
  },
];

describe("pickVariant", () => {
  it("answers the first variant in order whose audience holds, else the default", () => {
    expect(pickVariant(variants, context)?.name).toBe("resident");
    expect(pickVariant(variants, { ...context, location: { country: "MX", state: "YUC" } })?.name).toBe(
      "cart-reminder",
    );
    expect(pickVariant(variants, { ...context, location: { country: "US", state: null }, cart: null })?.name).toBe(
      "default",
    );
    expect(
      pickVariant(variants, {
        ...context,
        visitor: { visits: 1, returning: false, lastCart: null },
        location: { country: null, state: null },
      })?.name,
    ).toBe("default");
  });

  it("treats an audience that fails or is not valid as not holding", () => {
    const broken: SlotVariant[] = [
      { name: "broken", position: 1, audience: { method: ["x", "toString"] }, content: content("b") },
      variants[0]!,
    ];
    expect(pickVariant(broken, context)?.name).toBe("default");
  });

  it("keys a cached answer on the context the audiences read, nothing else", () => {
    const sameAudience = {
      ...context,
      page: { url: "https://elsewhere.example/", referrer: null },
      device: "desktop" as const,
    };
    expect(audienceKey(variants, sameAudience)).toBe(audienceKey(variants, context));
    expect(audienceKey(variants, { ...context, location: { country: "MX", state: "YUC" } })).not.toBe(
      audienceKey(variants, context),
    );
  });
});

describe("sanitizing slot content", () => {
  it("keeps the allow-list and drops scripts, handlers, styles and javascript: links", () => {
    const html = sanitizeSlotHtml(
      '<p onclick="steal()">Hola <strong>mundo</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><a href="https://ok.example/">ok</a></p>',
    );
    expect(html).toBe('<p>Hola <strong>mundo</strong><a>x</a><a href="https://ok.example/">ok</a></p>');
  });

  it("turns titles into text and refuses links that leave to other schemes", () => {
    const clean = sanitizeSlotContent({
      tone: "default",
      eyebrow: "<b>E</b>",
      title: "<img src=x onerror=alert(1)>Title",
      bodyHtml: "",
      cta: { label: "Go", href: "javascript:alert(1)" },
    });
    expect(clean).toMatchObject({ eyebrow: "E", title: "Title", cta: null });
    expect(sanitizeSlotContent({ ...clean, cta: { label: "Go", href: "//evil.example/" } }).cta).toBeNull();
    expect(sanitizeSlotContent({ ...clean, cta: { label: "Go", href: "/es/promociones/" } }).cta).toEqual({
      label: "Go",
      href: "/es/promociones/",
    });
  });
});

describe("preview and geolocation", () => {
  const secret = "s".repeat(32);
  const now = new Date("2026-11-22T00:00:00Z");
  it("enters preview with a valid token only, and leaves it on exit", () => {
    const token = mintPreviewToken(secret, new Date(now.getTime() + 3_600_000));
    expect(
      previewChangeOf(new URLSearchParams({ "perso-preview": token, "perso-playground": "conn-12345" }), secret, now),
    ).toEqual({ kind: "enter", token, playground: "conn-12345" });
    expect(previewChangeOf(new URLSearchParams({ "perso-preview": token }), "t".repeat(32), now).kind).toBe("none");
    expect(
      previewChangeOf(new URLSearchParams({ "perso-preview": mintPreviewToken(secret, now) }), secret, now).kind,
    ).toBe("none");
    expect(previewChangeOf(new URLSearchParams({ "perso-preview": "exit" }), secret, now).kind).toBe("exit");
  });

  it("reads the state header in either form", () => {
    expect(
      stateFromHeaders(new Headers({ "CloudFront-Viewer-Country-Region": "roo" }), [
        "CloudFront-Viewer-Country-Region",
      ]),
    ).toBe("ROO");
    expect(
      stateFromHeaders(new Headers({ "X-Region": "MX-ROO" }), ["CloudFront-Viewer-Country-Region", "X-Region"]),
    ).toBe("ROO");
    expect(stateFromHeaders(new Headers({ "X-Region": "<script>" }), ["X-Region"])).toBeNull();
  });

  it("caches for 60 s", () => {
    const cache = createContentCache<string>();
    cache.set("k", "v", now);
    expect(cache.get("k", new Date(now.getTime() + 59_999))).toBe("v");
    expect(cache.get("k", new Date(now.getTime() + 60_000))).toBeUndefined();
  });
});
