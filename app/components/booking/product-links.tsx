// The "other tickets and tours" list under a product or the timetable: links to live product pages.
import { Link } from "react-router";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import type { PageId } from "../../../lib/routing/pages.ts";
import { FOCUS_RING } from "../ui/styles.ts";

export function ProductLinks({ headingId, pageIds }: { headingId: string; pageIds: readonly PageId[] }) {
  const t = useTranslate();
  const language = useLanguage();
  if (pageIds.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-lg font-bold text-sea-950">
        {t("product.others")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
        {pageIds.map((pageId) => (
          <li key={pageId}>
            <Link
              to={pathOf(pageId, language)}
              className={`text-sea-800 underline underline-offset-2 hover:text-sea-950 ${FOCUS_RING}`}
            >
              {t(`page.${pageId}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
