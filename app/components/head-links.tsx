// Canonical and reciprocal hreflang links for the page being shown (issue 2, §3).
import { useLocation } from "react-router";
import { alternatesOf, matchPage, pathOf } from "../routing/localized-paths.ts";
import { useRootData } from "../i18n/use-translate.ts";

export function HeadLinks() {
  const root = useRootData();
  const location = useLocation();
  const page = matchPage(location.pathname);
  if (!root || !page) return null;
  const canonical = `${root.origin}${pathOf(page.pageId, page.language)}`;
  const alternates = alternatesOf(page.pageId, root.site.languages);
  return (
    <>
      <link rel="canonical" href={canonical} />
      {alternates.map((alternate) => (
        <link key={alternate.language} rel="alternate" hrefLang={alternate.language} href={`${root.origin}${alternate.href}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${root.origin}${pathOf(page.pageId, "en")}`} />
    </>
  );
}
