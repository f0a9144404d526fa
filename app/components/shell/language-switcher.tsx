// The same page in the site's other languages. Links are plain document loads on purpose: the root
// data (catalogue, <html lang>) belongs to the language, and the server sets the language redirect
// cookie on that request.
import { useLocation } from "react-router";
import type { Language } from "../../../lib/language.ts";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { matchPage, pathOf, pathOfMatch } from "../../../lib/routing/localized-paths.ts";
import { Disclosure } from "../ui/disclosure.tsx";
import { ChevronDownIcon, GlobeIcon } from "../ui/icons.tsx";
import { FOCUS_RING, FOCUS_RING_ON_DARK } from "../ui/styles.ts";

export interface LanguageOption {
  language: Language;
  href: string;
  current: boolean;
}

/** Where each of the site's languages takes the visitor from the page they are on. */
export function useLanguageOptions(): { current: Language; options: LanguageOption[] } {
  const root = useRootData();
  const location = useLocation();
  const current = root?.language ?? "en";
  const page = matchPage(location.pathname);
  const languages = root?.site.languages ?? [current];
  const options = languages.map((language) => ({
    language,
    // A page without a slug (the 404 page) has no equivalent: the other language's home is the best match.
    href: page ? `${pathOfMatch(page, language)}${location.search}` : pathOf("home", language),
    current: language === current,
  }));
  return { current, options };
}

const LANGUAGE_KEY = { es: "language.es", en: "language.en", pt: "language.pt" } as const;

export function LanguageMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslate();
  const { current, options } = useLanguageOptions();
  if (options.length < 2) return null;
  return (
    <Disclosure
      open={open}
      onOpenChange={onOpenChange}
      buttonClassName={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-sea-50 hover:bg-white/10 ${FOCUS_RING_ON_DARK}`}
      panelClassName="absolute right-0 top-full z-50 mt-2 w-48 origin-top-right animate-menu-in rounded-2xl bg-white p-2 text-slate-800 shadow-xl ring-1 ring-sea-950/10"
      button={
        <>
          <GlobeIcon className="size-4" />
          <span className="sr-only">{t("a11y.languageSwitcher")}: </span>
          <span>{t(LANGUAGE_KEY[current])}</span>
          <ChevronDownIcon
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          />
        </>
      }
    >
      <ul>
        {options.map((option) => (
          <li key={option.language}>
            <a
              href={option.href}
              hrefLang={option.language}
              lang={option.language}
              aria-current={option.current ? "true" : undefined}
              className={`flex items-center justify-between rounded-xl px-3 py-2 text-sm hover:bg-sea-50 ${FOCUS_RING} ${option.current ? "font-semibold text-sea-900" : ""}`}
            >
              {t(LANGUAGE_KEY[option.language])}
              <span aria-hidden="true" className="text-xs uppercase tracking-wider text-slate-500">
                {option.language}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}

/** The languages as a row of links (mobile menu). */
export function LanguageLinks() {
  const t = useTranslate();
  const { options } = useLanguageOptions();
  if (options.length < 2) return null;
  return (
    <nav aria-label={t("a11y.languageSwitcher")}>
      <ul className="grid grid-cols-3 gap-2">
        {options.map((option) => (
          <li key={option.language}>
            <a
              href={option.href}
              hrefLang={option.language}
              lang={option.language}
              aria-current={option.current ? "true" : undefined}
              className={`flex min-h-11 items-center justify-center rounded-xl border px-2 text-sm font-medium ${FOCUS_RING} ${
                option.current
                  ? "border-sea-800 bg-sea-900 text-white"
                  : "border-slate-200 text-slate-800 hover:bg-sea-50"
              }`}
            >
              {t(LANGUAGE_KEY[option.language])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
