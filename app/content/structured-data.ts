// schema.org JSON-LD: breadcrumbs everywhere, Organization and WebSite on the home, FAQPage for the
// FAQ, a BoatTrip with its Offer per crossing on the ferry page, a Product with its Offer on each tour
// and park page. Typed with schema-dts, so a property the type does not have fails the typecheck.
// Pure builders over data the loader already has; absolute URLs throughout; words in the page's language.
import type {
  BoatTrip,
  BreadcrumbList,
  DayOfWeek,
  FAQPage,
  Offer,
  OpeningHoursSpecification,
  Organization,
  Product,
  SearchAction,
  Thing,
  WebSite,
  WithContext,
} from "schema-dts";
import type { FaqItem } from "../../lib/content/types.ts";

/** JSON-LD as loaders carry it: built against a schema-dts type (see `ld`), then plain JSON. */
export type JsonLd = { readonly "@context": "https://schema.org"; readonly "@type": string } & Record<string, unknown>;

/** Checks a literal against its schema.org type, then hands it on as plain JSON (the full type is too deep to serialize). */
export function ld<T extends Thing>(data: WithContext<T>): JsonLd {
  return data as unknown as JsonLd;
}

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return ld<BreadcrumbList>({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  });
}

export function faqPage(input: { url: string; language: string; items: readonly FaqItem[] }): JsonLd {
  return ld<FAQPage>({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: input.url,
    inLanguage: input.language,
    mainEntity: input.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  });
}

const WEEKDAYS: DayOfWeek[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const WEEKEND: DayOfWeek[] = ["Saturday", "Sunday"];

/** Call-center hours (Mon–Fri 7:00–24:00, Sat–Sun 7:00–22:00, Cancún time). */
export const CALL_CENTER_HOURS: OpeningHoursSpecification[] = [
  { "@type": "OpeningHoursSpecification", dayOfWeek: WEEKDAYS, opens: "07:00", closes: "23:59" },
  { "@type": "OpeningHoursSpecification", dayOfWeek: WEEKEND, opens: "07:00", closes: "22:00" },
];

export function organization(input: {
  origin: string;
  homeUrl: string;
  description: string;
  languages: readonly string[];
}): JsonLd {
  return ld<Organization>({
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
  });
}

/** The reference to the Organization that provides trips and products. */
function provider(origin: string): Organization {
  return { "@id": `${origin}/#organization`, "@type": "Organization", name: "Travesía" };
}

/** A price as schema.org wants it: a decimal string ("254.00") and its ISO currency. */
export interface OfferPrice {
  value: string;
  currency: string;
}

/** An Offer that can be bought now on `url`; `category` names the fare in the page's language. */
export function offer(input: { url: string; price: OfferPrice; category: string }): Offer {
  return {
    "@type": "Offer",
    url: input.url,
    price: input.price.value,
    priceCurrency: input.price.currency,
    availability: "https://schema.org/InStock",
    category: input.category,
  };
}

export interface BoatTripInput {
  origin: string;
  /** The page that sells it. */
  url: string;
  from: { name: string; place: string };
  to: { name: string; place: string };
  /** The adult tourist one-way fare, or null when it has none. */
  price: OfferPrice | null;
  /** The fare's name in the page's language ("Sencillo · Adulto · Turista"). */
  category: string;
}

/** One crossing as schema.org's BoatTrip, provided by the Organization, with the fare as an Offer. */
export function boatTrip(input: BoatTripInput): JsonLd {
  const terminal = (end: { name: string; place: string }) =>
    ({ "@type": "BoatTerminal", name: end.name, address: end.place }) as const;
  return ld<BoatTrip>({
    "@context": "https://schema.org",
    "@type": "BoatTrip",
    name: `${input.from.name} → ${input.to.name}`,
    url: input.url,
    departureBoatTerminal: terminal(input.from),
    arrivalBoatTerminal: terminal(input.to),
    provider: provider(input.origin),
    ...(input.price ? { offers: offer({ url: input.url, price: input.price, category: input.category }) } : {}),
  });
}

export interface ProductInput {
  origin: string;
  url: string;
  name: string;
  description: string;
  /** Absolute URL of a raster image. */
  image: string;
  price: OfferPrice;
  category: string;
}

/** A tour or park admission sold on its page: a Product offered by the Organization at its adult fare. */
export function productJsonLd(input: ProductInput): JsonLd {
  return ld<Product>({
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    description: input.description,
    image: input.image,
    url: input.url,
    brand: provider(input.origin),
    offers: {
      ...offer({ url: input.url, price: input.price, category: input.category }),
      seller: provider(input.origin),
    },
  });
}

/** The site itself, with its search box (Google's sitelinks search reads `query-input`). */
export function webSite(input: { origin: string; homeUrl: string; language: string; searchUrl: string }): JsonLd {
  const search: SearchAction & { "query-input": string } = {
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: `${input.origin}${input.searchUrl}?q={search_term_string}` },
    "query-input": "required name=search_term_string",
  };
  return ld<WebSite>({
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${input.origin}/#website`,
    name: "Travesía",
    url: input.homeUrl,
    inLanguage: input.language,
    publisher: { "@id": `${input.origin}/#organization` },
    potentialAction: search,
  });
}

/**
 * JSON for an inline script element: `<` is escaped so that text such as "</script>" in content can
 * never close the element early.
 */
export function serializeJsonLd(data: JsonLd | Record<string, unknown>): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
