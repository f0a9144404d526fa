import { describe, expect, it } from "vitest";
import { boatTrip, breadcrumbList, faqPage, organization, serializeJsonLd } from "./structured-data.ts";

describe("JSON-LD", () => {
  it("builds a BreadcrumbList with positions from 1", () => {
    expect(breadcrumbList([{ name: "Inicio", url: "https://t.example/es/" }, { name: "FAQ", url: "https://t.example/es/faq/" }])).toEqual({
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
    expect(data["mainEntity"]).toEqual([{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }]);
  });

  it("gives the Organization the call-center hours of spec §9", () => {
    const data = organization({ origin: "https://t.example", homeUrl: "https://t.example/en/", description: "d", languages: ["es", "en"] });
    expect(JSON.stringify(data["contactPoint"])).toContain('"opens":"07:00","closes":"22:00"');
  });

  it("describes a crossing as a BoatTrip between two BoatTerminals, provided by the Organization, with its fare as an Offer", () => {
    const trip = boatTrip({
      origin: "https://t.example",
      url: "https://t.example/es/ferry-isla-mujeres/",
      language: "es",
      from: { name: "Cancún · El Embarcadero", place: "Zona hotelera km 4, Cancún" },
      to: { name: "Isla Mujeres", place: "Muelle de pasajeros" },
      durationMinutes: 25,
      price: { value: "254", currency: "MXN" },
    });
    expect(trip).toMatchObject({
      "@type": "BoatTrip",
      departureBoatTerminal: { "@type": "BoatTerminal", name: "Cancún · El Embarcadero" },
      arrivalBoatTerminal: { "@type": "BoatTerminal", name: "Isla Mujeres" },
      duration: "PT25M",
      provider: { "@id": "https://t.example/#organization" },
      offers: { "@type": "Offer", price: "254", priceCurrency: "MXN", availability: "https://schema.org/InStock" },
    });
    const unpriced = boatTrip({ origin: "https://t.example", url: "u", language: "en", from: { name: "a", place: "b" }, to: { name: "c", place: "d" }, durationMinutes: 20, price: null });
    expect(unpriced).not.toHaveProperty("offers");
  });

  it("cannot be closed early by text such as </script>", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>\u2028" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>\u2028" });
  });
});
