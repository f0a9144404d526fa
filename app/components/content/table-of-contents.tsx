// "On this page": links to the sections of a long content page.
import { useTranslate } from "../../i18n/use-translate.ts";
import type { TocEntry } from "../../../lib/content/types.ts";
import { FOCUS_RING } from "./prose.ts";

export function TableOfContents({ entries }: { entries: readonly TocEntry[] }) {
  const t = useTranslate();
  return (
    <nav
      aria-labelledby="toc-heading"
      className="rounded-xl border border-slate-200 bg-sand-50 p-5 lg:sticky lg:top-24"
    >
      <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
        {t("content.toc")}
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={`text-sea-800 underline-offset-2 hover:underline ${FOCUS_RING}`}>
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
