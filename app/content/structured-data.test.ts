import { describe, expect, it } from "vitest";
import type { BoatTrip, Offer } from "schema-dts";
import {
  boatTrip,
  breadcrumbList,
  faqPage,
  ld,
  organization,
  productJsonLd,
  serializeJsonLd,
  webSite,
} from "./structured-data.ts";

describe("JSON-LD", () => {
  it("builds a BreadcrumbList with positions from 1", () => {
    expect(
      breadcrumbList([
        { name: "Inicio", url: "https://t.example/es/" },
        { name: "FAQ", url: "https://t.example/es/faq/" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Inicio", item: "https://t.example/es/" },
        { "@type": "ListItem", position: 2, name: "FAQ", item: "https://t.example/es/faq/" },
      ],
    });
  });

  it("builds a FAQPage of Question/Answer pairs", () => {
    const data = faqPage({
      url: "https://t.example/en/faqs/",
      language: "en",
      items: [{ id: "a", question: "Q?", questionHtml: "Q?", answer: "A.", answerHtml: "<p>A.</p>" }],
    });
    expect(data["mainEntity"]).toEqual([
      { "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } },
    ]);
  });

  it("gives the Organization the call-center hours", () => {
    const data = organization({
      origin: "https://t.example",
      homeUrl: "https://t.example/en/",
      description: "d",
      languages: ["es", "en"],
    });
    expect(JSON.stringify(data["contactPoint"])).toContain('"opens":"07:00","closes":"22:00"');
  });

  it("describes a crossing as a BoatTrip between two BoatTerminals, provided by the Organization, with its fare as an Offer", () => {
    const trip = boatTrip({
      origin: "https://t.example",
      url: "https://t.example/es/ferry-isla-mujeres/",
      from: { name: "Cancún · El Embarcadero", place: "Zona hotelera km 4, Cancún" },
      to: { name: "Isla Mujeres", place: "Muelle de pasajeros" },
      price: { value: "254", currency: "MXN" },
      category: "Sencillo · Adulto · Turista",
    });
    expect(trip).toMatchObject({
      "@type": "BoatTrip",
      departureBoatTerminal: { "@type": "BoatTerminal", name: "Cancún · El Embarcadero" },
      arrivalBoatTerminal: { "@type": "BoatTerminal", name: "Isla Mujeres" },
      provider: { "@id": "https://t.example/#organization" },
      offers: {
        "@type": "Offer",
        price: "254",
        priceCurrency: "MXN",
        availability: "https://schema.org/InStock",
        category: "Sencillo · Adulto · Turista",
      },
    });
    // Properties BoatTrip does not have (schema.org Trip has neither).
    expect(trip).not.toHaveProperty("duration");
    expect(trip).not.toHaveProperty("inLanguage");
    const unpriced = boatTrip({
      origin: "https://t.example",
      url: "u",
      from: { name: "a", place: "b" },
      to: { name: "c", place: "d" },
      price: null,
      category: "x",
    });
    expect(unpriced).not.toHaveProperty("offers");
  });

  it("fails the typecheck on a property its schema.org type lacks", () => {
    // @ts-expect-error -- BoatTrip has no duration: the typecheck refuses it.
    const wrong = ld<BoatTrip>({ "@context": "https://schema.org", "@type": "BoatTrip", duration: "PT25M" });
    // @ts-expect-error -- nor an Offer an inLanguage.
    const offer: Offer = { "@type": "Offer", inLanguage: "es" };
    expect([wrong, offer]).toHaveLength(2);
  });

  it("describes a tour or park as a Product with a priced, available Offer", () => {
    const product = productJsonLd({
      origin: "https://t.example",
      url: "https://t.example/pt/xcaret/",
      name: "Xcaret",
      description: "Rios subterrâneos",
      image: "https://t.example/images/og/xcaret.png",
      price: { value: "2599.00", currency: "MXN" },
      category: "Adulto · Turista",
    });
    expect(product).toMatchObject({
      "@type": "Product",
      image: "https://t.example/images/og/xcaret.png",
      offers: {
        "@type": "Offer",
        price: "2599.00",
        priceCurrency: "MXN",
        availability: "https://schema.org/InStock",
        category: "Adulto · Turista",
      },
    });
  });

  it("describes the site with its search box", () => {
    const site = webSite({
      origin: "https://t.example",
      homeUrl: "https://t.example/es/",
      language: "es",
      searchUrl: "/es/busqueda/",
    });
    expect(site).toMatchObject({
      "@type": "WebSite",
      inLanguage: "es",
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: "https://t.example/es/busqueda/?q={search_term_string}" },
      },
    });
  });

  it("cannot be closed early by text such as </script>", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>\u2028" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>\u2028" });
  });
});
