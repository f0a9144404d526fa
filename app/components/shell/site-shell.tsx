// The frame of every page: skip link, the bottom stack of notices (app banner, cookie notice) that
// float over the page, header, main landmark, footer. The notices come first in the keyboard's order,
// and their measured height keeps focused and last things clear of them (app.css, --bottom-notices).
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { TrackerProvider } from "../../personalization/tracker-provider.tsx";
import { sectionSiteOf } from "../../routing/client-state.ts";
import { CartSessionProvider } from "../cart/cart-session.tsx";
import { hydrateOnDemand } from "../ui/hydrate-on-demand.tsx";
import { ClientStateProvider } from "./client-state.tsx";

// The header, the footer, the cookie notice and the app banner are hydrated on demand: their server
// HTML is there from the start, their code is not in the page's first load (ADR 0054).
const SiteHeader = hydrateOnDemand(() => import("./site-header.tsx").then((module) => module.SiteHeader));
const SiteFooter = hydrateOnDemand(() => import("./site-footer.tsx").then((module) => module.SiteFooter), {
  nearViewport: "400px",
});
const CookieNotice = hydrateOnDemand(() => import("./cookie-notice.tsx").then((module) => module.CookieNotice));
const AppBanner = hydrateOnDemand(() => import("./app-banner.tsx").then((module) => module.AppBanner));

export function SiteShell({ children }: { children: React.ReactNode }) {
  const t = useTranslate();
  const root = useRootData();
  const [cookieNoticeDismissed, setCookieNoticeDismissed] = useState(root?.cookieNoticeDismissed ?? true);
  const { pathname } = useLocation();
  const dismissCookieNotice = useCallback(() => setCookieNoticeDismissed(true), []);
  const notices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const stack = notices.current;
    if (!stack) return;
    return measureBottomNotices(stack);
  }, []);
  return (
    <ClientStateProvider>
      <TrackerProvider>
        <CartSessionProvider>
          <div className="flex min-h-dvh flex-col">
            <a
              href="#main"
              className="sr-only z-50 rounded-full bg-sea-900 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-2 focus:outline-offset-2 focus:outline-sea-700"
            >
              {t("a11y.skipToContent")}
            </a>
            <div
              ref={notices}
              className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col items-center gap-3 p-3 sm:p-4"
            >
              {/* One notice at a time: the app banner waits until the cookie notice is acknowledged. */}
              {cookieNoticeDismissed ? <AppBanner /> : <CookieNotice onDismiss={dismissCookieNotice} />}
            </div>
            <SiteHeader />
            <main
              id="main"
              tabIndex={-1}
              className="flex-1 focus:outline-none"
              data-section-site={sectionSiteOf(pathname)}
            >
              {children}
            </main>
            <SiteFooter />
          </div>
        </CartSessionProvider>
      </TrackerProvider>
    </ClientStateProvider>
  );
}

/**
 * Keeps --bottom-notices on the root element at the height the notice stack covers (0 when it shows
 * nothing), for as long as the page lives. Returns the clean-up.
 */
function measureBottomNotices(stack: HTMLElement): () => void {
  const root = document.documentElement;
  const measure = () => {
    const style = getComputedStyle(stack);
    const content = stack.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    root.style.setProperty("--bottom-notices", content > 0 ? `${stack.offsetHeight}px` : "0px");
  };
  const observer = new ResizeObserver(measure);
  observer.observe(stack);
  measure();
  return () => {
    observer.disconnect();
    root.style.removeProperty("--bottom-notices");
  };
}
