// The frame of every page: skip link, header, main landmark, footer, and the bottom stack of
// notices (app banner, cookie notice) that float over the page without moving it.
import { useState } from "react";
import { useLocation } from "react-router";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { TrackerProvider } from "../../personalization/tracker-provider.tsx";
import { sectionSiteOf } from "../../routing/client-state.ts";
import { CartSessionProvider } from "../cart/cart-session.tsx";
import { AppBanner } from "./app-banner.tsx";
import { ClientStateProvider } from "./client-state.tsx";
import { CookieNotice } from "./cookie-notice.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export function SiteShell({ children }: { children: React.ReactNode }) {
  const t = useTranslate();
  const root = useRootData();
  const [cookieNoticeDismissed, setCookieNoticeDismissed] = useState(root?.cookieNoticeDismissed ?? true);
  const { pathname } = useLocation();
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
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none" data-section-site={sectionSiteOf(pathname)}>
        {children}
      </main>
      <SiteFooter />
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col items-center gap-3 p-3 sm:p-4">
        {/* One notice at a time: the app banner waits until the cookie notice is acknowledged. */}
        {cookieNoticeDismissed ? <AppBanner /> : <CookieNotice onDismiss={() => setCookieNoticeDismissed(true)} />}
      </div>
    </div>
    </CartSessionProvider>
    </TrackerProvider>
    </ClientStateProvider>
  );
}
