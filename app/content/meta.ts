// <title>, description and Open Graph tags of a content page, from its front matter.
import type { MetaDescriptor } from "react-router";
import type { ContentView } from "./types.ts";

const OG_LOCALE = { es: "es_MX", en: "en_US", pt: "pt_BR" } as const;

export function contentMeta(view: ContentView | undefined): MetaDescriptor[] {
  if (!view) return [];
  const title = `${view.page.metaTitle} | Travesía`;
  return [
    { title },
    { name: "description", content: view.page.description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Travesía" },
    { property: "og:title", content: view.page.metaTitle },
    { property: "og:description", content: view.page.description },
    { property: "og:locale", content: OG_LOCALE[view.language] },
  ];
}
