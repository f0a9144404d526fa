// The frame of every editorial page: breadcrumbs, title and summary, an optional lead slot (e.g. the
// ferry booking widget), the table of contents on long pages, the Markdown sections and extra
// children (the generated site map), plus the page's JSON-LD. The prose and the page's own JSON-LD are
// markup the document carries once (static-html.tsx, ADR 0072).
import { useEffect, type ReactNode } from "react";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { postEventOf } from "../../personalization/page-events.ts";
import { useTrackView } from "../../personalization/tracker-provider.tsx";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import type { PageId } from "../../../lib/routing/pages.ts";
import { CONTENT_MARKUP } from "../../../lib/content/server-markup.ts";
import type { ContentSectionOutline, ContentView } from "../../content/types.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { FaqList } from "./faq-list.tsx";
import { JsonLdScript } from "./json-ld.tsx";
import { PROSE } from "./prose.ts";
import { StaticHtml } from "./static-html.tsx";
import { TableOfContents } from "./table-of-contents.tsx";

export function pageTitleKey(pageId: PageId): MessageKey {
  return `page.${pageId}` as const;
}

export function ContentArticle({
  view,
  lead,
  children,
}: {
  view: ContentView;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslate();
  const nonce = useRootData()?.nonce;
  const { page } = view;
  useOpenLinkedQuestion(page.layout === "faq");
  // Every editorial page (the ferry page too) is a post for personalization, named by its page id.
  useTrackView(
    postEventOf(view.pageId, page.title, pathOf(view.pageId, view.language)),
    `post:${view.pageId}:${view.language}`,
  );
  return (
    <article className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumbs
        crumbs={[
          { label: t("nav.home"), href: pathOf("home", view.language) },
          { label: t(pageTitleKey(view.pageId)) },
        ]}
      />
      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-sea-950 sm:text-4xl">{page.title}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">{page.description}</p>
        {view.updatedLabel ? (
          <p className="mt-3 text-sm text-slate-600">{t("content.updated", { date: view.updatedLabel })}</p>
        ) : null}
      </header>
      {lead ? <div className="mt-8">{lead}</div> : null}
      <div className="mt-10 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        {page.showToc ? (
          <div className="mb-10 lg:col-start-2 lg:row-start-1 lg:mb-0">
            <TableOfContents entries={page.toc} />
          </div>
        ) : null}
        <div className="max-w-3xl min-w-0 lg:col-start-1 lg:row-start-1">
          {page.hasIntro ? (
            <StaticHtml as="div" name={CONTENT_MARKUP.intro} markup={view.markup} className={PROSE} />
          ) : null}
          {page.sections.map((section) => (
            <Section key={section.id} section={section} markup={view.markup} />
          ))}
          {children}
        </div>
      </div>
      {Array.from({ length: view.jsonLdCount }, (_, index) => (
        <StaticHtml
          key={`page-${index}`}
          as="script"
          type="application/ld+json"
          nonce={nonce}
          // Browsers hide a nonce from the DOM after parsing; the server's value is the one that counts.
          suppressHydrationWarning
          name={CONTENT_MARKUP.jsonLd(index)}
          markup={view.markup}
        />
      ))}
      {view.jsonLd.map((data, index) => (
        <JsonLdScript key={index} data={data} />
      ))}
    </article>
  );
}

function Section({ section, markup }: { section: ContentSectionOutline; markup: ContentView["markup"] }) {
  return (
    <section aria-labelledby={section.id} className="mt-12 first:mt-0">
      <StaticHtml
        as="h2"
        id={section.id}
        className="scroll-mt-24 text-2xl font-bold tracking-tight text-sea-950"
        name={CONTENT_MARKUP.heading(section.id)}
        markup={markup}
      />
      {section.hasHtml ? (
        <StaticHtml as="div" name={CONTENT_MARKUP.section(section.id)} markup={markup} className={`${PROSE} mt-4`} />
      ) : null}
      {section.items.length > 0 ? <FaqList items={section.items} markup={markup} /> : null}
    </section>
  );
}

/** A link to a question (…/faqs/#question-id) opens its disclosure, on arrival and on later hash changes. */
function useOpenLinkedQuestion(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const openTarget = () => {
      let id = "";
      try {
        id = decodeURIComponent(window.location.hash.slice(1));
      } catch {
        return; // a malformed fragment names no question
      }
      const target = id ? document.getElementById(id) : null;
      if (target instanceof HTMLDetailsElement && !target.open) {
        target.open = true;
        target.scrollIntoView({ block: "start" });
      }
    };
    openTarget();
    window.addEventListener("hashchange", openTarget);
    return () => window.removeEventListener("hashchange", openTarget);
  }, [enabled]);
}
