// FAQ questions as native disclosures: keyboard and screen-reader support come with <details>. A link
// to a question (#its-id, as search results and answers cite it) opens that question.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { CONTENT_MARKUP } from "../../../lib/content/server-markup.ts";
import type { ContentSectionOutline, ContentView } from "../../content/types.ts";
import { PROSE } from "./prose.ts";
import { StaticHtml } from "./static-html.tsx";

export function FaqList({ items, markup }: { items: ContentSectionOutline["items"]; markup: ContentView["markup"] }) {
  const { hash } = useLocation();
  useEffect(() => {
    // Question ids are slugs ([a-z0-9-]), so the hash needs no decoding; anything else matches nothing.
    const id = hash.slice(1);
    if (!id || !items.some((item) => item.id === id)) return;
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [hash, items]);
  return (
    <div className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-24">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-sm py-4 text-left font-semibold text-sea-950 hover:text-sea-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 [&::-webkit-details-marker]:hidden">
            <StaticHtml as="span" name={CONTENT_MARKUP.question(item.id)} markup={markup} />
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="mt-1 size-4 shrink-0 text-sea-700 transition-transform group-open:rotate-180"
            >
              <path
                d="M4 7l6 6 6-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </summary>
          <StaticHtml as="div" name={CONTENT_MARKUP.answer(item.id)} markup={markup} className={`${PROSE} pb-5`} />
        </details>
      ))}
    </div>
  );
}
