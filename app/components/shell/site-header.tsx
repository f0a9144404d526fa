// The page header: a utility bar (call center, language) that scrolls away on desktop, and the main
// bar (logo, menu, cart, call to action) that sticks. Below the lg breakpoint the menu moves into the
// off-canvas dialog and the header hides while scrolling down.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../routing/localized-paths.ts";
import { CurrencySwitcher } from "../currency/currency-switcher.tsx";
import { SearchBox } from "../search/search-box.tsx";
import { Disclosure, moveTopLevelFocus } from "../ui/disclosure.tsx";
import { ArrowRightIcon, ChevronDownIcon, ClockIcon, MenuIcon, PhoneIcon, SearchIcon } from "../ui/icons.tsx";
import { buttonClass, CONTAINER, FOCUS_RING, FOCUS_RING_ON_DARK } from "../ui/styles.ts";
import { useCartCount } from "../cart/cart-session.tsx";
import { AccountBarItem, useLoginState } from "./account-menu.tsx";
import { CartLink } from "./cart-link.tsx";
import { CALL_CENTER_PHONE } from "./contact-data.ts";
import { useHideOnScroll } from "./header-visibility.ts";
import { LanguageMenu } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { buildMainMenu, hintKeyOf } from "./navigation.ts";

/** Tailwind's lg breakpoint: the desktop menu shows from here on. */
const DESKTOP_QUERY = "(min-width: 64rem)";

export function SiteHeader() {
  const t = useTranslate();
  const root = useRootData();
  const language = root?.language ?? "en";
  const menu = buildMainMenu(language);
  const homeHref = pathOf("home", language);
  const buyHref = isPageLive("ferry") ? pathOf("ferry", language) : null;
  const hasSearch = isPageLive("search");
  const cartCount = useCartCount();
  const loginState = useLoginState();

  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const hidden = useHideOnScroll(!drawerOpen);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const setGroupOpen = useCallback((id: string) => (open: boolean) => setOpenMenu((current) => (open ? id : current === id ? null : current)), []);

  // The drawer exists only below lg: growing the window past it closes the drawer.
  useEffect(() => {
    if (!drawerOpen) return;
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (query.matches) setDrawerOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [drawerOpen]);

  return (
    <header
      data-hidden={hidden ? "true" : "false"}
      className={`sticky top-0 z-40 transition-transform duration-300 ease-out will-change-transform motion-reduce:transition-none lg:-top-10 ${
        hidden ? "max-lg:-translate-y-full max-lg:focus-within:translate-y-0" : ""
      }`}
    >
      <div className="hidden h-10 bg-sea-950 text-sm text-sea-100 lg:block">
        <div className={`${CONTAINER} flex h-full items-center justify-between gap-6`}>
          <p className="flex items-center gap-5">
            <span className="inline-flex items-center gap-2">
              <PhoneIcon className="size-4 text-sea-300" />
              <span>{t("footer.callCenter")}:</span>
              <a href={`tel:${CALL_CENTER_PHONE.e164}`} className={`rounded font-semibold text-white hover:underline ${FOCUS_RING_ON_DARK}`}>
                {CALL_CENTER_PHONE.display}
              </a>
            </span>
            <span className="inline-flex items-center gap-2 text-sea-100">
              <ClockIcon className="size-4 text-sea-300" />
              {t("footer.callCenterHours")}
            </span>
          </p>
          <div className="flex items-center gap-1">
            <CurrencySwitcher placement="header" />
            <LanguageMenu open={openMenu === "language"} onOpenChange={setGroupOpen("language")} />
            <AccountBarItem state={loginState} open={openMenu === "account"} onOpenChange={setGroupOpen("account")} />
          </div>
        </div>
      </div>

      <div className="border-b border-sea-950/10 bg-white/95 shadow-[0_1px_12px_rgba(7,50,74,0.06)] backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className={`${CONTAINER} flex h-16 items-center gap-4 lg:h-20 lg:gap-8`}>
          <Link to={homeHref} className={`shrink-0 rounded-lg ${FOCUS_RING}`}>
            <Logo name={t("site.name")} />
          </Link>

          {menu.length > 0 ? (
            <nav aria-label={t("a11y.mainNavigation")} className="hidden lg:block">
              <ul data-menubar className="flex items-center gap-1">
                {menu.map((group) => {
                  const single = group.single ? group.links[0] : undefined;
                  if (single) {
                    return (
                      <li key={group.id}>
                        <Link
                          to={single.href}
                          data-menubar-item=""
                          onKeyDown={moveTopLevelFocus}
                          className={`inline-flex min-h-11 items-center rounded-full px-4 text-[0.95rem] font-semibold text-slate-800 hover:bg-sea-50 hover:text-sea-900 ${FOCUS_RING}`}
                        >
                          {t(group.label)}
                        </Link>
                      </li>
                    );
                  }
                  const open = openMenu === group.id;
                  return (
                    <li key={group.id}>
                      <Disclosure
                        topLevel
                        open={open}
                        onOpenChange={setGroupOpen(group.id)}
                        buttonClassName={`inline-flex min-h-11 items-center gap-1 rounded-full px-4 text-[0.95rem] font-semibold hover:bg-sea-50 hover:text-sea-900 ${FOCUS_RING} ${
                          open ? "bg-sea-50 text-sea-900" : "text-slate-800"
                        }`}
                        panelClassName="absolute left-0 top-full z-50 mt-3 w-80 origin-top-left animate-menu-in rounded-2xl bg-white p-2 shadow-2xl ring-1 ring-sea-950/10"
                        button={
                          <>
                            {t(group.label)}
                            <ChevronDownIcon className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`} />
                          </>
                        }
                      >
                        <ul>
                          {group.links.map((link) => {
                            const hint = hintKeyOf(link.pageId);
                            return (
                              <li key={link.pageId}>
                                <Link
                                  to={link.href}
                                  onClick={() => setOpenMenu(null)}
                                  className={`group flex items-start justify-between gap-3 rounded-xl px-3 py-2.5 hover:bg-sea-50 ${FOCUS_RING}`}
                                >
                                  <span>
                                    <span className="block font-semibold text-sea-950">{t(`page.${link.pageId}`)}</span>
                                    {hint ? <span className="mt-0.5 block text-sm text-slate-600">{t(hint)}</span> : null}
                                  </span>
                                  <ArrowRightIcon className="mt-1 size-4 shrink-0 text-sea-700 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none" />
                                </Link>
                              </li>
                            );
                          })}
                        </ul>
                      </Disclosure>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}

          {hasSearch ? (
            <div className="ml-auto hidden w-60 xl:block 2xl:w-72">
              <SearchBox language={language} variant="header" />
            </div>
          ) : null}

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {hasSearch ? (
              // Between lg and xl the menu leaves no room for the box: the icon leads to the search page.
              <Link
                to={pathOf("search", language)}
                className={`hidden size-11 items-center justify-center rounded-full text-sea-950 hover:bg-sea-50 lg:inline-flex xl:hidden ${FOCUS_RING}`}
              >
                <SearchIcon className="size-6" />
                <span className="sr-only">{t("page.search")}</span>
              </Link>
            ) : null}
            {isPageLive("cart") ? (
              <CartLink
                href={pathOf("cart", language)}
                count={cartCount}
                label={t("nav.cart")}
                countLabel={t("nav.cartCount", { count: cartCount })}
              />
            ) : null}
            {buyHref ? (
              <Link to={buyHref} className={`${buttonClass("primary")} max-sm:hidden`}>
                {t("nav.buyTickets")}
              </Link>
            ) : null}
            <button
              ref={menuButtonRef}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-controls="mobile-menu"
              onClick={() => setDrawerOpen(true)}
              className={`inline-flex size-11 items-center justify-center rounded-full text-sea-950 hover:bg-sea-50 lg:hidden ${FOCUS_RING}`}
            >
              <MenuIcon className="size-6" />
              <span className="sr-only">{t("a11y.openMenu")}</span>
            </button>
          </div>
        </div>
      </div>

      <MobileMenu
        open={drawerOpen}
        onClose={closeDrawer}
        menu={menu}
        homeHref={homeHref}
        buyHref={buyHref}
        loginState={loginState}
        returnFocusTo={menuButtonRef}
      />
    </header>
  );
}
