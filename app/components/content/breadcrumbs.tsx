// Home › Page, the trail above a content page's title.
import { Link } from "react-router";
import { useTranslate } from "../../i18n/use-translate.ts";
import { FOCUS_RING } from "./prose.ts";

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  href?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = useTranslate();
  return (
    <nav aria-label={t("a11y.breadcrumbs")}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => (
          <li key={crumb.href ?? crumb.label} className="flex items-center gap-2">
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-500">
                ›
              </span>
            ) : null}
            {crumb.href ? (
              <Link to={crumb.href} className={`text-sea-800 underline-offset-2 hover:underline ${FOCUS_RING}`}>
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-slate-700">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
