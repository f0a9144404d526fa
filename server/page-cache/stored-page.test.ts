import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipParts, identityParts, storeBody } from "./stored-page.ts";

const rendered = { nonce: randomBytes(16).toString("base64"), requestId: "renderId0001" };

/** A page shaped like ours: preloads with the nonce, repeated markup, the request id in the data. */
function page(extra = ""): string {
  const preloads = Array.from(
    { length: 27 },
    (_, index) => `<link rel="modulepreload" href="/assets/chunk-${index}-a1b2c3.js" nonce="${rendered.nonce}"/>`,
  ).join("");
  const body = Array.from(
    { length: 300 },
    (_, index) =>
      `<li class="flex items-center gap-2 text-slate-700">Sailing ${index % 17} · Cancún → Isla Mujeres</li>`,
  ).join("");
  return `<!DOCTYPE html><html><head>${preloads}</head><body><ul>${body}</ul>${extra}<script nonce="${rendered.nonce}">window.__data={"nonce":"${rendered.nonce}","requestId":"${rendered.requestId}"}</script><script nonce="${rendered.nonce}">${"x".repeat(50)}</script></body></html>`;
}

const expected = (html: string, values: { nonce: string; requestId: string }) =>
  html.replaceAll(rendered.nonce, values.nonce).replaceAll(rendered.requestId, values.requestId);

describe("a stored page", () => {
  it("decodes, plain and gzipped, to the page with each answer's own nonce and request id, whatever their length", () => {
    const html = page();
    const body = storeBody(html, rendered);
    expect(body.slots.filter((slot) => slot === "nonce")).toHaveLength(30);
    for (const requestId of ["a", "visitor-supplied-request-id-of-some-length", "renderId0002"]) {
      const values = { nonce: randomBytes(16).toString("base64"), requestId };
      expect(Buffer.concat(identityParts(body, values)).toString("utf8")).toBe(expected(html, values));
      expect(gunzipSync(Buffer.concat(gzipParts(body, values))).toString("utf8")).toBe(expected(html, values));
    }
  });

  it("compresses almost as well as gzipping the whole page, the pieces referring back across nonce cuts", () => {
    // Like a content page, whose loader data (after a script's nonce) repeats the text of its markup.
    const text = Array.from({ length: 4000 }, () => randomBytes(3).toString("base64url")).join(" ");
    const html = `<head><link rel="modulepreload" href="/assets/a.js" nonce="${rendered.nonce}"/></head><main>${text}</main><script nonce="${rendered.nonce}">window.__data=${JSON.stringify({ text })}</script>`;
    const values = { nonce: randomBytes(16).toString("base64"), requestId: "renderId0003" };
    const stored = Buffer.concat(gzipParts(storeBody(html, rendered), values)).length;
    expect(stored).toBeLessThan(gzipSync(expected(html, values)).length * 1.15);
  });

  it("still decodes a page that contains a NUL byte (its pieces then compressed on their own)", () => {
    const html = page("<p>\0</p>");
    const values = { nonce: randomBytes(16).toString("base64"), requestId: "renderId0004" };
    expect(gunzipSync(Buffer.concat(gzipParts(storeBody(html, rendered), values))).toString("utf8")).toBe(
      expected(html, values),
    );
  });
});
