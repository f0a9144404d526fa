// schema.org JSON-LD for content pages: breadcrumbs everywhere, FAQPage for the FAQ, Organization
// for the company page. Pure builders over data the loader already has; absolute URLs throughout.
import type { FaqItem } from "./types.ts";

export type JsonLd = Record<string, unknown>;

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export function faqPage(input: { url: string; language: string; items: readonly FaqItem[] }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: input.url,
    inLanguage: input.language,
    mainEntity: input.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const WEEKEND = ["Saturday", "Sunday"];

/** Call-center hours of spec §9 (Mon–Fri 7:00–24:00, Sat–Sun 7:00–22:00, Cancún time). */
export const CALL_CENTER_HOURS = [
  { "@type": "OpeningHoursSpecification", dayOfWeek: WEEKDAYS, opens: "07:00", closes: "23:59" },
  { "@type": "OpeningHoursSpecification", dayOfWeek: WEEKEND, opens: "07:00", closes: "22:00" },
];

export function organization(input: { origin: string; homeUrl: string; description: string; languages: readonly string[] }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${input.origin}/#organization`,
    name: "Travesía",
    url: input.homeUrl,
    logo: `${input.origin}/favicon.svg`,
    description: input.description,
    areaServed: [
      { "@type": "City", name: "Cancún" },
      { "@type": "City", name: "Isla Mujeres" },
    ],
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        availableLanguage: [...input.languages],
        hoursAvailable: CALL_CENTER_HOURS,
      },
    ],
  };
}

/**
 * JSON for an inline script element: `<` is escaped so that text such as "</script>" in content can
 * never close the element early.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
