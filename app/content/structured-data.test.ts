import { describe, expect, it } from "vitest";
import { breadcrumbList, faqPage, organization, serializeJsonLd } from "./structured-data.ts";

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

  it("cannot be closed early by text such as </script>", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>\u2028" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>\u2028" });
  });
});
