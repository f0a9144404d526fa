// The off-canvas menu for small screens, rendered in the browser the first time it opens (only
// JavaScript can open it, so its markup in the server's HTML served nobody): a modal <dialog> (the rest of the page becomes inert) that
// slides in from the right. Tab and Shift+Tab cycle inside it, Escape closes it, focus returns to the
// button that opened it, and the page behind does not scroll while it is open.
import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { Link, useLocation } from "react-router";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive } from "../../../lib/routing/localized-paths.ts";
import { CurrencySwitcher } from "../currency/currency-switcher.tsx";
import { SearchBox } from "../search/search-box.tsx";
import { CloseIcon, PhoneIcon, ArrowRightIcon } from "../ui/icons.tsx";
import { buttonClass, FOCUS_RING } from "../ui/styles.ts";
import { AccountMenuSection, useLoginState } from "./account-menu.tsx";
import { CALL_CENTER_PHONE } from "./contact-data.ts";
import { LanguageLinks } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { buildMainMenu } from "./navigation.ts";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  homeHref: string;
  buyHref: string | null;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export function MobileMenu({ open, onClose, homeHref, buyHref, returnFocusTo }: MobileMenuProps) {
  const t = useTranslate();
  const language = useLanguage();
  const menu = buildMainMenu(language);
  const loginState = useLoginState();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
    }
  }, [open, returnFocusTo]);

  // The page behind the menu must not scroll while it is open.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previousOverflow;
    };
  }, [open]);

  // A link followed inside the menu closes it (the page changes under it).
  const pathname = location.pathname;
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (open && openedAt.current !== pathname) onClose();
    openedAt.current = pathname;
  }, [pathname, open, onClose]);

  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (element) => element.offsetParent !== null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const linkClass = `flex min-h-11 items-center justify-between rounded-xl px-3 py-2 text-base text-slate-800 hover:bg-sea-50 ${FOCUS_RING}`;

  return (
    <dialog
      ref={dialogRef}
      id="mobile-menu"
      aria-label={t("nav.menu")}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
      onKeyDown={trapFocus}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside the panel.
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-none overflow-hidden sm:max-w-sm bg-transparent p-0 backdrop:bg-sea-950/60 backdrop:backdrop-blur-sm open:animate-drawer-in lg:hidden"
    >
      <div className="flex h-full flex-col bg-white shadow-2xl">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-100 px-4">
          <Link to={homeHref} onClick={onClose} className={`rounded-lg ${FOCUS_RING}`}>
            <Logo name={t("site.name")} />
          </Link>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className={`inline-flex size-11 items-center justify-center rounded-full text-sea-950 hover:bg-sea-50 ${FOCUS_RING}`}
          >
            <CloseIcon className="size-6" />
            <span className="sr-only">{t("a11y.closeMenu")}</span>
          </button>
        </div>

        <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-5">
          <div className="mb-5">
            <AccountMenuSection state={loginState} onNavigate={onClose} />
          </div>
          {isPageLive("search") ? (
            <div className="mb-6">
              <SearchBox language={language} variant="menu" />
            </div>
          ) : null}
          <MenuNavigation homeHref={homeHref} onClose={onClose} linkClass={linkClass} menu={menu} />

          <MenuSettingsAndHelp />
        </div>

        {buyHref ? (
          <div className="shrink-0 border-t border-slate-100 p-4">
            <Link to={buyHref} onClick={onClose} className={`${buttonClass("primary", "lg")} w-full`}>
              {t("nav.buyTickets")}
            </Link>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}

/** The main navigation, group by group, each link closing the menu. */
function MenuNavigation({
  homeHref,
  onClose,
  linkClass,
  menu,
}: {
  homeHref: string;
  onClose: () => void;
  linkClass: string;
  menu: ReturnType<typeof buildMainMenu>;
}) {
  const t = useTranslate();
  return (
    <>
      <nav aria-label={t("a11y.mainNavigation")}>
        <ul className="space-y-5">
          <li>
            <Link to={homeHref} onClick={onClose} className={`${linkClass} font-semibold`}>
              {t("nav.home")}
            </Link>
          </li>
          {menu.map((group) =>
            group.single && group.links[0] ? (
              <li key={group.id}>
                <Link to={group.links[0].href} onClick={onClose} className={`${linkClass} font-semibold`}>
                  {t(group.label)}
                  <ArrowRightIcon className="size-4 text-sea-700" />
                </Link>
              </li>
            ) : (
              <li key={group.id}>
                <p className="px-3 pb-1 text-xs font-bold uppercase tracking-wider text-sea-800">{t(group.label)}</p>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.pageId}>
                      <Link to={link.href} onClick={onClose} className={linkClass}>
                        {t(`page.${link.pageId}`)}
                        <ArrowRightIcon className="size-4 text-sea-700" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
    </>
  );
}

/** The language and currency switchers, and the call centre's number. */
function MenuSettingsAndHelp() {
  const t = useTranslate();
  return (
    <>
      <div className="mt-8 space-y-3">
        <p className="px-1 text-xs font-bold uppercase tracking-wider text-sea-800">{t("a11y.languageSwitcher")}</p>
        <LanguageLinks />
      </div>

      <div className="mt-8 space-y-3">
        <p className="px-1 text-xs font-bold uppercase tracking-wider text-sea-800">{t("currency.label")}</p>
        <CurrencySwitcher placement="menu" />
      </div>

      <div className="mt-8 rounded-2xl bg-sand-50 p-4">
        <p className="text-sm font-semibold text-sea-950">{t("footer.callCenter")}</p>
        <a
          href={`tel:${CALL_CENTER_PHONE.e164}`}
          className={`mt-1 inline-flex items-center gap-2 rounded-lg text-lg font-bold text-sea-900 ${FOCUS_RING}`}
        >
          <PhoneIcon className="size-5" />
          {CALL_CENTER_PHONE.display}
        </a>
        <p className="mt-1 text-sm text-slate-600">{t("footer.callCenterHours")}</p>
      </div>
    </>
  );
}
