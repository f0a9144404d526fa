// Canonical and reciprocal hreflang links for the page being shown. The hreflang set is
// the client state's `hreflangs` (app/routing/client-state.ts), so the links and the state agree.
import { useLocation } from "react-router";
import { hreflangsOf } from "../routing/client-state.ts";
import { matchPage, pathOfMatch } from "../../lib/routing/localized-paths.ts";
import { useRootData } from "../i18n/use-translate.ts";

export function HeadLinks() {
  const root = useRootData();
  const location = useLocation();
  const page = matchPage(location.pathname);
  if (!root || !page) return null;
  const canonical = `${root.origin}${pathOfMatch(page, page.language)}`;
  return (
    <>
      <link rel="canonical" href={canonical} />
      {hreflangsOf(location.pathname, root.site.languages, root.origin).map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
    </>
  );
}
