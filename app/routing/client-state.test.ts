import { describe, expect, it } from "vitest";
import { hreflangsOf, metricasGA4Of, sectionSiteOf } from "./client-state.ts";

describe("sectionSiteOf", () => {
  it.each([
    ["/es/", "home"],
    ["/en/search/", "search"],
    ["/en/search-results/", "search"],
    ["/pt/carrito/", "cart"],
    ["/en/carrito/payment-details/", "checkout"],
    ["/es/carrito/gracias/", "thank-you"],
    ["/en/carrito/my-booking/", "manage-booking"],
    ["/es/ferry-isla-mujeres/", "booking"],
    ["/en/routes-schedules/", "booking"],
    ["/pt/parques/xcaret/", "product"],
    ["/en/faqs/", "content"],
    ["/es/aviso-de-privacidad", "content"],
    ["/en/no-such-page/", "other"],
  ])("%s → %s", (pathname, section) => {
    expect(sectionSiteOf(pathname)).toBe(section);
  });
});

describe("hreflangsOf", () => {
  it("lists the page in each of the site's languages, then x-default in English", () => {
    expect(hreflangsOf("/pt/perguntas-frequentes/", ["es", "en", "pt"], "https://travesia.test")).toEqual([
      { hreflang: "es", href: "https://travesia.test/es/preguntas-frecuentes/" },
      { hreflang: "en", href: "https://travesia.test/en/faqs/" },
      { hreflang: "pt", href: "https://travesia.test/pt/perguntas-frequentes/" },
      { hreflang: "x-default", href: "https://travesia.test/en/faqs/" },
    ]);
  });

  it("follows the site's language limiter and knows no alternates for a path that is no page", () => {
    expect(hreflangsOf("/es/", ["es"], "")).toEqual([
      { hreflang: "es", href: "/es/" },
      { hreflang: "x-default", href: "/en/" },
    ]);
    expect(hreflangsOf("/en/nope/", ["es", "en"], "")).toEqual([]);
  });
});

describe("metricasGA4Of", () => {
  it("is a GA4 page_view without the query string", () => {
    const url = new URL("https://travesia.test/es/carrito/gracias/?booking=TRV7K2M9Q&payment_intent=pi_123");
    expect(
      metricasGA4Of({ url, title: "Gracias · Travesía", language: "es", currency: "MXN", siteCode: "travesia" }),
    ).toEqual({
      event: "page_view",
      page_location: "https://travesia.test/es/carrito/gracias/",
      page_path: "/es/carrito/gracias/",
      page_title: "Gracias · Travesía",
      language: "es",
      currency: "MXN",
      section_site: "thank-you",
      site_code: "travesia",
    });
  });
});
