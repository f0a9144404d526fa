// The page's part of the client state: sectionSite, hreflangs and metricasGA4 (the other
// fields live where they are used: shopping and loading in CartSessionProvider, upliftInitialized and
// showPaymentButton on the payment page, language and currency in the root data). On every page
// change metricasGA4 is rebuilt and pushed to the GA4 data layer (window.dataLayer); pushing loads
// nothing: a tag manager, when a site adds one, reads the layer.
import { createContext, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../i18n/use-translate.ts";
import { createValueStore, useOwnStore, type ValueStore } from "../ui/value-store.ts";
import {
  hreflangsOf,
  metricasGA4Of,
  sectionSiteOf,
  type Hreflang,
  type MetricasGA4,
  type SectionSite,
} from "../../routing/client-state.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

interface ClientStateValue {
  sectionSite: SectionSite;
  hreflangs: Hreflang[];
  /** Set after each page is shown: a store, not a context value (ui/value-store.ts says why). */
  metricasGA4: ValueStore<MetricasGA4 | null>;
}

const ClientStateContext = createContext<ClientStateValue>({
  sectionSite: "other",
  hreflangs: [],
  metricasGA4: createValueStore<MetricasGA4 | null>(null),
});

export function ClientStateProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const languages = root?.site.languages;
  const origin = root?.origin ?? "";
  const language = root?.language ?? "en";
  const currency = root?.currency.isoCode ?? "USD";
  const siteCode = root?.site.code ?? "";
  const sectionSite = sectionSiteOf(pathname);
  const hreflangs = useMemo(
    () => (languages ? hreflangsOf(pathname, languages, origin) : []),
    [pathname, languages, origin],
  );
  const metricasGA4 = useOwnStore<MetricasGA4 | null>(null);
  const setMetricasGA4 = metricasGA4.set;

  const latest = useRef({ language, currency, siteCode });
  latest.current = { language, currency, siteCode };

  useEffect(() => {
    // After the render that changed the page, so document.title is the new page's. Only a page change
    // is a page_view: a new currency updates the state below without counting a view.
    const pageView = metricasGA4Of({ url: new URL(window.location.href), title: document.title, ...latest.current });
    setMetricasGA4(pageView);
    window.dataLayer ??= [];
    window.dataLayer.push(pageView);
  }, [pathname, setMetricasGA4]);

  useEffect(() => {
    setMetricasGA4((pageView) => (pageView && pageView.currency !== currency ? { ...pageView, currency } : pageView));
  }, [currency, setMetricasGA4]);

  const state = useMemo(() => ({ sectionSite, hreflangs, metricasGA4 }), [sectionSite, hreflangs, metricasGA4]);
  return <ClientStateContext.Provider value={state}>{children}</ClientStateContext.Provider>;
}
