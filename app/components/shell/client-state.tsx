// The page's part of the client state: metricasGA4, rebuilt on every page change and pushed to the
// GA4 data layer (window.dataLayer). The other fields live where they are used: sectionSite in the
// shell and the tracker, hreflangs in the head links, shopping and loading in CartSessionProvider,
// upliftInitialized and showPaymentButton on the payment page, language and currency in the root
// data. Pushing loads nothing: a tag manager, when a site adds one, reads the layer.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../i18n/use-translate.ts";
import { metricasGA4Of } from "../../routing/client-state.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function ClientStateProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const language = root?.language ?? "en";
  const currency = root?.currency.isoCode ?? "USD";
  const siteCode = root?.site.code ?? "";
  const latest = useRef({ language, currency, siteCode });
  latest.current = { language, currency, siteCode };

  useEffect(() => {
    // After the render that changed the page, so document.title is the new page's. Only a page change
    // is a page_view: a new currency alone counts none.
    const pageView = metricasGA4Of({ url: new URL(window.location.href), title: document.title, ...latest.current });
    window.dataLayer ??= [];
    window.dataLayer.push(pageView);
  }, [pathname]);

  return <>{children}</>;
}
