import { Link } from "react-router";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { pathOf } from "../../routing/localized-paths.ts";

export function SiteShell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const t = useTranslate();
  const language = root?.language ?? "en";
  return (
    <>
      <header className="border-b border-slate-200">
        <Link to={pathOf("home", language)} className="font-bold text-sea-900">
          {t("site.name")}
        </Link>
      </header>
      <main id="main">{children}</main>
      <footer className="border-t border-slate-200">{t("footer.rights", { year: new Date().getFullYear() })}</footer>
    </>
  );
}
