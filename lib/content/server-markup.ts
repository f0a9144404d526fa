// Markup a page renders once, in the document, and not again in the document's loader data (ADR 0072).
// server/app.ts gives a request that React will render into a document an empty map; a loader puts its
// prose there instead of in its data, and entry.server.tsx hands the map to the render. A client-side
// navigation's data request gets no map, so its data carries the markup (there is no document to keep).
import { createContext as createReactContext } from "react";
import { createContext as createRouterContext, type RouterContextProvider } from "react-router";

/** Markup by name, unique within a page. */
export type MarkupByName = Map<string, string>;

/** The document's map (server/app.ts sets it for a document request); null for a data request. */
export const documentMarkupSlot = createRouterContext<MarkupByName | null>(null);

/** What the server render reads markup from: the document's map. Null in the browser. */
export const ServerMarkupContext = createReactContext<ReadonlyMap<string, string> | null>(null);

/**
 * Where a loader's markup goes: into the document (returns true, and the data may leave it out), or
 * nowhere (returns false: a data request, whose data must carry it).
 */
export function keepInDocument(context: Readonly<RouterContextProvider>, markup: Readonly<Record<string, string>>) {
  const document = context.get(documentMarkupSlot);
  if (!document) return false;
  for (const [name, html] of Object.entries(markup)) document.set(name, html);
  return true;
}

/** Names of a content page's markup: the intro, each section's heading and prose, each question and answer. */
export const CONTENT_MARKUP = {
  intro: "intro",
  heading: (sectionId: string) => `heading:${sectionId}`,
  section: (sectionId: string) => `section:${sectionId}`,
  question: (itemId: string) => `question:${itemId}`,
  answer: (itemId: string) => `answer:${itemId}`,
  jsonLd: (index: number) => `json-ld:${index}`,
} as const;
