import type { PageId } from "../routing/pages.ts";

/** Pages whose text lives in content/ (the site map adds a generated list to its own text). */
export const CONTENT_PAGE_IDS = [
  "ferry",
  "promotions",
  "residentPromotions",
  "faq",
  "history",
  "sustainability",
  "cancun",
  "islaMujeres",
  "privacyNotice",
  "termsOfUse",
  "siteMap",
] as const satisfies readonly PageId[];
