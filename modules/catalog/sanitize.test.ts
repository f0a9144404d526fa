import { describe, expect, it } from "vitest";
import { sanitizeCatalogHtml } from "./sanitize.ts";

describe("sanitizeCatalogHtml", () => {
  it("keeps the formatting the catalogue uses", () => {
    const html = "<p>The <strong>tour</strong> adds <em>transport</em>.</p><ul><li>Free under 5</li></ul>";
    expect(sanitizeCatalogHtml(html)).toBe(html);
  });

  it.each([
    ["<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"],
    ['<img src=x onerror="alert(1)">', ""],
    ['<p onclick="steal()">Tap</p>', "<p>Tap</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
    ['<p style="position:fixed">x</p>', "<p>x</p>"],
    ['<svg><use href="#x"/></svg>', ""],
  ])("removes what could run or deface: %s", (input, expected) => {
    expect(sanitizeCatalogHtml(input)).toBe(expected);
  });

  it("opens outside links safely and leaves the site's own links alone", () => {
    expect(sanitizeCatalogHtml('<a href="https://www.xcaret.com/">Xcaret</a>')).toBe(
      '<a href="https://www.xcaret.com/" rel="noopener noreferrer" target="_blank">Xcaret</a>',
    );
    expect(sanitizeCatalogHtml('<a href="/es/preguntas-frecuentes/" target="_top">FAQ</a>')).toBe(
      '<a href="/es/preguntas-frecuentes/">FAQ</a>',
    );
  });
});
