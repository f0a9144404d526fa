// The page header: a utility bar (call center, language) that scrolls away on desktop, and the main
// bar (logo, menu, cart, call to action) that sticks. Below the lg breakpoint the menu moves into the
// off-canvas dialog and the header hides while scrolling down.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../../lib/routing/localized-paths.ts";
import { hydrateOnDemand } from "../ui/hydrate-on-demand.tsx";
import { ClockIcon, MenuIcon, PhoneIcon, SearchIcon } from "../ui/icons.tsx";
import { buttonClass, CONTAINER, FOCUS_RING, FOCUS_RING_ON_DARK } from "../ui/styles.ts";
import { useCartCount } from "../cart/cart-session.tsx";
import { CartLink } from "./cart-link.tsx";
import { CALL_CENTER_PHONE } from "./contact-data.ts";
import { useHideOnScroll } from "./header-visibility.ts";
import { Logo } from "./logo.tsx";

// The search box, the menus and the utility bar's controls are hydrated on demand; the off-canvas menu, which only
// JavaScript can open, is rendered in the browser the first time it is opened (ADR 0054).
const SearchBox = hydrateOnDemand(() => import("../search/search-box.tsx").then((module) => module.SearchBox));
const MainNavigation = hydrateOnDemand(() => import("./main-navigation.tsx").then((module) => module.MainNavigation));
const UtilityControls = hydrateOnDemand(() =>
  import("./utility-controls.tsx").then((module) => module.UtilityControls),
);
const MobileMenu = lazy(() => import("./mobile-menu.tsx").then((module) => ({ default: module.MobileMenu })));
const prefetchMobileMenu = () => void import("./mobile-menu.tsx").catch(() => undefined);

/** Tailwind's lg breakpoint: the desktop menu shows from here on. */
const DESKTOP_QUERY = "(min-width: 64rem)";

export function SiteHeader() {
  const t = useTranslate();
  const root = useRootData();
  const language = root?.language ?? "en";
  const homeHref = pathOf("home", language);
  const buyHref = isPageLive("ferry") ? pathOf("ferry", language) : null;
  const hasSearch = isPageLive("search");
  const cartCount = useCartCount();

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const hidden = useHideOnScroll(!drawerOpen);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

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
      className={`sticky top-0 z-40 transition-transform duration-300 ease-out will-change-transform motion-reduce:transition-none lg:-top-10 lg:has-[[data-utility-bar]:focus-within]:top-0 ${
        hidden ? "max-lg:-translate-y-full max-lg:focus-within:translate-y-0" : ""
      }`}
    >
      {/* Scrolled away on desktop, until the keyboard reaches it: then the whole header shows. */}
      <div className="hidden h-10 bg-sea-950 text-sm text-sea-100 lg:block" data-utility-bar>
        <div className={`${CONTAINER} flex h-full items-center justify-between gap-6`}>
          <p className="flex items-center gap-5">
            <span className="inline-flex items-center gap-2">
              <PhoneIcon className="size-4 text-sea-300" />
              <span>{t("footer.callCenter")}:</span>
              <a
                href={`tel:${CALL_CENTER_PHONE.e164}`}
                className={`rounded font-semibold text-white hover:underline ${FOCUS_RING_ON_DARK}`}
              >
                {CALL_CENTER_PHONE.display}
              </a>
            </span>
            <span className="inline-flex items-center gap-2 text-sea-100">
              <ClockIcon className="size-4 text-sea-300" />
              {t("footer.callCenterHours")}
            </span>
          </p>
          <UtilityControls />
        </div>
      </div>

      <div className="border-b border-sea-950/10 bg-white/95 shadow-[0_1px_12px_rgba(7,50,74,0.06)] backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className={`${CONTAINER} flex h-16 items-center gap-4 lg:h-20 lg:gap-8`}>
          <Link to={homeHref} className={`shrink-0 rounded-lg ${FOCUS_RING}`}>
            <Logo name={t("site.name")} />
          </Link>

          <MainNavigation />

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
              aria-controls={drawerMounted ? "mobile-menu" : undefined}
              onPointerEnter={prefetchMobileMenu}
              onFocus={prefetchMobileMenu}
              onClick={() => {
                setDrawerMounted(true);
                setDrawerOpen(true);
              }}
              className={`inline-flex size-11 items-center justify-center rounded-full text-sea-950 hover:bg-sea-50 lg:hidden ${FOCUS_RING}`}
            >
              <MenuIcon className="size-6" />
              <span className="sr-only">{t("a11y.openMenu")}</span>
            </button>
          </div>
        </div>
      </div>

      {drawerMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={drawerOpen}
            onClose={closeDrawer}
            homeHref={homeHref}
            buyHref={buyHref}
            returnFocusTo={menuButtonRef}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
