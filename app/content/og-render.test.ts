import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ogSources, renderPng } from "../../scripts/vite-og-images.ts";

describe("the build's PNG previews", () => {
  it("renders every product illustration and the home's as a 1200 px PNG", async () => {
    const sources = await ogSources("public");
    expect(sources).toContain("/images/home/hero-crossing.svg");
    expect(sources.filter((source) => source.startsWith("/images/products/")).length).toBeGreaterThanOrEqual(10);
    const png = renderPng(readFileSync("public/images/products/xcaret.svg"));
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1200); // IHDR width
  });
});
