// schema.org JSON-LD for content pages: breadcrumbs everywhere, FAQPage for the FAQ, Organization
// for the company page, a BoatTrip with its Offer per crossing on the ferry page. Pure builders over
// data the loader already has; absolute URLs throughout.
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

export interface BoatTripInput {
  origin: string;
  /** The page that sells it. */
  url: string;
  language: string;
  from: { name: string; place: string };
  to: { name: string; place: string };
  durationMinutes: number;
  /** The adult tourist one-way fare: a decimal string as schema.org wants it ("254.00"), and its currency. */
  price: { value: string; currency: string } | null;
}

/** One crossing as schema.org's BoatTrip, provided by the Organization, with the fare as an Offer. */
export function boatTrip(input: BoatTripInput): JsonLd {
  const terminal = (end: { name: string; place: string }) => ({ "@type": "BoatTerminal", name: end.name, address: end.place });
  return {
    "@context": "https://schema.org",
    "@type": "BoatTrip",
    name: `${input.from.name} → ${input.to.name}`,
    inLanguage: input.language,
    url: input.url,
    departureBoatTerminal: terminal(input.from),
    arrivalBoatTerminal: terminal(input.to),
    // ISO 8601 duration: the crossing's time at sea.
    duration: `PT${input.durationMinutes}M`,
    provider: { "@id": `${input.origin}/#organization`, "@type": "Organization", name: "Travesía" },
    ...(input.price
      ? {
          offers: {
            "@type": "Offer",
            url: input.url,
            price: input.price.value,
            priceCurrency: input.price.currency,
            availability: "https://schema.org/InStock",
            category: "one way, adult, tourist fare",
          },
        }
      : {}),
  };
}

/**
 * JSON for an inline script element: `<` is escaped so that text such as "</script>" in content can
 * never close the element early.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
