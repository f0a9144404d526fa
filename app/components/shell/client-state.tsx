// The page's part of the spec §3 client state: sectionSite, hreflangs and metricasGA4 (the other
// fields live where they are used: shopping and loading in CartSessionProvider, upliftInitialized and
// showPaymentButton on the payment page, language and currency in the root data). On every page
// change metricasGA4 is rebuilt and pushed to the GA4 data layer (window.dataLayer); pushing loads
// nothing: a tag manager, when a site adds one, reads the layer.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../i18n/use-translate.ts";
import { hreflangsOf, metricasGA4Of, sectionSiteOf, type Hreflang, type MetricasGA4, type SectionSite } from "../../routing/client-state.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface PageClientState {
  sectionSite: SectionSite;
  hreflangs: Hreflang[];
  /** Null until the page has been shown in the browser (the server renders no data layer). */
  metricasGA4: MetricasGA4 | null;
}

const ClientStateContext = createContext<PageClientState>({ sectionSite: "other", hreflangs: [], metricasGA4: null });

export function ClientStateProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const languages = root?.site.languages;
  const origin = root?.origin ?? "";
  const language = root?.language ?? "en";
  const currency = root?.currency.iso_code ?? "USD";
  const siteCode = root?.site.code ?? "";
  const sectionSite = sectionSiteOf(pathname);
  const hreflangs = useMemo(() => (languages ? hreflangsOf(pathname, languages, origin) : []), [pathname, languages, origin]);
  const [metricasGA4, setMetricasGA4] = useState<MetricasGA4 | null>(null);

  const latest = useRef({ language, currency, siteCode });
  latest.current = { language, currency, siteCode };

  useEffect(() => {
    // After the render that changed the page, so document.title is the new page's. Only a page change
    // is a page_view: a new currency updates the state below without counting a view.
    const pageView = metricasGA4Of({ url: new URL(window.location.href), title: document.title, ...latest.current });
    setMetricasGA4(pageView);
    window.dataLayer ??= [];
    window.dataLayer.push(pageView);
  }, [pathname]);

  useEffect(() => {
    setMetricasGA4((pageView) => (pageView && pageView.currency !== currency ? { ...pageView, currency } : pageView));
  }, [currency]);

  const state = useMemo(() => ({ sectionSite, hreflangs, metricasGA4 }), [sectionSite, hreflangs, metricasGA4]);
  return <ClientStateContext.Provider value={state}>{children}</ClientStateContext.Provider>;
}

export function useClientState(): PageClientState {
  return useContext(ClientStateContext);
}
