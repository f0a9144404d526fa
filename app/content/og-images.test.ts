import { describe, expect, it } from "vitest";
import { ogImageOfMatches, rasterImageOf } from "./og-images.ts";

describe("link preview images", () => {
  it("names the PNG twin of a product SVG, and the site's default for anything else", () => {
    expect(rasterImageOf("/images/products/xcaret.svg")).toBe("/images/og/xcaret.png");
    expect(rasterImageOf("/images/banks/bbva.svg")).toBe("/images/og/hero-crossing.png");
    expect(rasterImageOf("https://elsewhere.example/x.svg")).toBe("/images/og/hero-crossing.png");
    expect(rasterImageOf(null)).toBe("/images/og/hero-crossing.png");
  });

  it("takes the deepest route's own image, else the default: every page has a raster one", () => {
    const product = {
      handle: { ogImage: (data: unknown) => (data as { image: string }).image },
      loaderData: { image: "/images/products/xenotes.svg" },
    };
    expect(ogImageOfMatches([{ loaderData: {} }, product])).toBe("/images/og/xenotes.png");
    expect(ogImageOfMatches([{ loaderData: {} }, { loaderData: {} }])).toMatch(/\.png$/);
  });
});
