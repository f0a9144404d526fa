// What an error page says for a status and which pages it offers instead. Pure, shared by the React
// error screen, the 404 page and the static pages the server writes when React cannot render.
import { isRouteErrorResponse } from "react-router";
import type { Language } from "../language.ts";
import type { EssentialKey } from "./messages/essential.ts";
import { isPageLive, pathOf } from "../routing/localized-paths.ts";
import type { PageId } from "../routing/pages.ts";

export interface ErrorCopy {
  title: EssentialKey;
  heading: EssentialKey;
  text: EssentialKey;
  /** The small print with the status: a 4xx is the request's (the visitor's), a 5xx the server's. */
  note: "error.inRequest" | "error.onServer";
}

/** Title, heading and text for an HTTP status (a 500 is titled "Internal Error"). */
export function errorCopyOf(status: number): ErrorCopy {
  const note = status >= 400 && status < 500 ? "error.inRequest" : "error.onServer";
  return { ...headlineOf(status), note };
}

function headlineOf(status: number): Omit<ErrorCopy, "note"> {
  switch (status) {
    case 400:
      return { title: "error.badRequestTitle", heading: "error.badRequestHeading", text: "error.badRequestText" };
    case 404:
      return { title: "error.notFoundTitle", heading: "error.notFoundHeading", text: "error.notFoundText" };
    case 413:
      return {
        title: "error.headersTooLargeTitle",
        heading: "error.headersTooLargeTitle",
        text: "error.payloadTooLargeText",
      };
    case 500:
      return { title: "error.internalTitle", heading: "error.heading", text: "error.text" };
    default:
      return { title: "error.title", heading: "error.heading", text: "error.text" };
  }
}

/** Where a visitor may go from an error page, in this order, when the page exists. */
const RELATED_PAGES = [
  "home",
  "ferry",
  "routesSchedules",
  "promotions",
  "faq",
  "siteMap",
] as const satisfies readonly PageId[];
type RelatedPage = (typeof RELATED_PAGES)[number];

export interface RelatedLink {
  pageId: RelatedPage;
  href: string;
  /** Home reads "Back to home": it is the way out every error page must offer. */
  label: `page.${Exclude<RelatedPage, "home">}` | "error.backHome";
}

export function relatedLinksOf(language: Language): RelatedLink[] {
  return RELATED_PAGES.filter((pageId) => isPageLive(pageId)).map((pageId) => ({
    pageId,
    href: pathOf(pageId, language),
    label: pageId === "home" ? "error.backHome" : `page.${pageId}`,
  }));
}

/** The search page the error pages' search box submits to (a GET form with `q`). */
export function searchActionOf(language: Language): string {
  return pathOf("search", language);
}

/** Whatever was thrown, the status an error page reports: a thrown Response's, else 500. */
export function statusOfError(error: unknown): number {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status <= 599) return error.status;
  return 500;
}
