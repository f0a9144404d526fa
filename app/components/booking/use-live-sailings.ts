// The routes & schedules page's live part in the browser: once the page is interactive, the passenger
// counts of its address and the seats, states and price read from GET /api/sailings/live (shared for a
// second), laid over the page's views (app/booking/live-sailings.ts). A page rendered whole (no
// JavaScript, or the summary step) is shown as it came.
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { liveSailingsHref, withLiveData, type LiveSailings, type LiveState } from "../../booking/live-sailings.ts";
import { readFerryQuery } from "../../../lib/routing/ferry-query.ts";
import type { TimetableView } from "./timetable.tsx";
import type { FerryWidgetView } from "../../../lib/views/booking.ts";

interface PageViews {
  widget: FerryWidgetView;
  timetable: TimetableView;
  live: boolean;
}

export function useLiveSailings(
  page: PageViews,
  currency: string,
): { widget: FerryWidgetView; timetable: TimetableView } {
  const [params] = useSearchParams();
  const href = page.live ? liveSailingsHref(params, currency) : null;
  const [state, setState] = useState<{ href: string; live: LiveState } | null>(null);

  useEffect(() => {
    if (!href) return;
    // Hydrated: the address's counts show at once, the seats and price when they come.
    setState((current) => (current?.href === href ? current : { href, live: { kind: "pending" } }));
    const abort = new AbortController();
    fetch(href, { signal: abort.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body: unknown = await response.json();
        if (response.ok) return setState({ href, live: { kind: "ready", data: body as LiveSailings } });
        const code = (body as { error?: { code?: unknown } }).error?.code;
        setState({ href, live: { kind: "refused", code: typeof code === "string" ? code : "INVALID_REQUEST" } });
      })
      // Offline or aborted: the placeholders stay; Continue and the hold at add-to-cart still check.
      .catch(() => {});
    return () => abort.abort();
  }, [href]);

  return useMemo(() => {
    if (!page.live || !state) return { widget: page.widget, timetable: page.timetable };
    // The counts the page was not rendered with: the address's, once the page is interactive.
    const counts = readFerryQuery(params, { crossing: "", date: "" }).passengers;
    const widget = { ...page.widget, query: { ...page.widget.query, passengers: counts } };
    const live = state.href === href ? state.live : ({ kind: "pending" } as const);
    return withLiveData({ widget, timetable: page.timetable }, live);
  }, [page, state, href, params]);
}
