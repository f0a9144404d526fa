import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SlotBanner, type SlotBannerView } from "./slot-banner.tsx";

function bannerWith(eyebrow: string): SlotBannerView {
  return {
    slotId: "product-xcaret",
    variant: "default",
    content: { tone: "default", eyebrow, title: "Solo hoy: 2×1", bodyHtml: "<p>Entrada doble.</p>", cta: null },
  };
}

describe("SlotBanner", () => {
  it("shows the eyebrow as a badge and names the region by it", () => {
    const html = renderToStaticMarkup(createElement(SlotBanner, { banner: bannerWith("Promoción") }));
    expect(html).toContain('aria-label="Promoción"');
    expect(html).toMatch(/<p class="inline-flex rounded-full[^"]*">Promoción<\/p>/);
  });

  it("without an eyebrow (a slot an operator made without one) has no empty badge and is named by its title", () => {
    const html = renderToStaticMarkup(createElement(SlotBanner, { banner: bannerWith("") }));
    expect(html).toContain('aria-label="Solo hoy: 2×1"');
    expect(html).not.toContain("rounded-full");
  });
});
