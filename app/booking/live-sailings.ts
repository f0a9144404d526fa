// Seats and prices that stay live without multiplying pages (ADR 0061). The routes & schedules page is
// rendered without seats, states, fares or the price for the visitor's passengers, and without reading
// the passenger counts, so every count of a search is one page; the browser then reads those from a small
// JSON answer shared for a second (GET /api/sailings/live) and lays them over the page. A form sent
// without JavaScript carries `nojs`, and such a page is rendered whole by the server. Pure: which
// requests are live is lib/routing/live-query.ts (the page cache's key asks it too); this is what a
// live page leaves out and how the browser lays the live data over it.
import type {
  FerryWidgetView,
  LegView,
  PassengerBandView,
  PriceView,
  SailingStatusId,
  ClosureReasonId,
} from "../../lib/views/booking.ts";
import type { TimetableView } from "../components/booking/timetable.tsx";
import { LIVE_QUERY_PARAMETERS, LIVE_SAILINGS_PATH } from "../../lib/routing/live-query.ts";

export interface LiveSailing {
  id: number;
  seatsLeft: number;
  status: SailingStatusId;
  closureReason: ClosureReasonId | null;
  /** Sellable now with a seat for every passenger asked for (false for a sailing not in a leg). */
  selectable: boolean;
}

/** The answer of GET /api/sailings/live: every sailing the page shows, the fares, and the selection's price. */
export interface LiveSailings {
  sailings: LiveSailing[];
  /** What one person of each type pays on the search's date and fare (the passenger fields show it). */
  bands: PassengerBandView[];
  price: PriceView | null;
}

/** What a live page shows where a fare will be. */
export const PENDING_FARE = "…";

/** What the page knows of its live data: still to come, come, or refused with an error code. */
export type LiveState = { kind: "pending" } | { kind: "ready"; data: LiveSailings } | { kind: "refused"; code: string };

/** Where the page reads its live data: its own parameters (in a fixed order) and the visitor's currency. */
export function liveSailingsHref(params: URLSearchParams, currency: string): string {
  const query = new URLSearchParams();
  for (const name of [...LIVE_QUERY_PARAMETERS].sort()) {
    const value = params.get(name);
    if (value !== null) query.set(name, value);
  }
  query.set("currency", currency);
  return `${LIVE_SAILINGS_PATH}?${query.toString()}`;
}

const PLACEHOLDER = { seatsLeft: 0, status: "available", closureReason: null, selectable: true } as const;

function pendingLeg(leg: LegView | null): LegView | null {
  return leg
    ? { ...leg, pending: true, sailings: leg.sailings.map((sailing) => ({ ...sailing, ...PLACEHOLDER })) }
    : null;
}

/**
 * The views a live page is rendered with: the same for every seat count, every passenger count and
 * every fare (the loader read them with the default passengers), so no seat and no price is in the
 * HTML and the page may be kept longer than live data. Every sailing can be chosen until the live data
 * says otherwise; Continue checks it.
 */
export function withoutLiveData(
  widget: FerryWidgetView,
  timetable: TimetableView,
): { widget: FerryWidgetView; timetable: TimetableView } {
  const bands = widget.bands.map((band) => ({ ...band, price: PENDING_FARE }));
  return {
    widget: {
      ...widget,
      bands,
      result: widget.result
        ? { outbound: pendingLeg(widget.result.outbound), inbound: pendingLeg(widget.result.inbound), price: null }
        : null,
    },
    timetable: {
      ...timetable,
      pending: true,
      crossings: timetable.crossings.map((crossing) => ({
        ...crossing,
        sailings: crossing.sailings.map((sailing) => ({
          ...sailing,
          seatsLeft: 0,
          status: "available" as const,
          closureReason: null,
        })),
      })),
    },
  };
}

/**
 * The views with the live data laid over them (in the browser, after it came): each sailing's seats
 * and state by id, the price of the visitor's passengers, or the refusal of their search.
 */
export function withLiveData(
  views: { widget: FerryWidgetView; timetable: TimetableView },
  live: LiveState,
): { widget: FerryWidgetView; timetable: TimetableView } {
  if (live.kind === "pending") return views;
  const { widget, timetable } = views;
  if (live.kind === "refused") {
    return { widget: { ...widget, result: null, error: { code: live.code } }, timetable };
  }
  const byId = new Map(live.data.sailings.map((sailing) => [sailing.id, sailing]));
  const leg = (value: LegView | null): LegView | null => {
    if (!value) return null;
    const { pending: _pending, ...rest } = value;
    return {
      ...rest,
      sailings: value.sailings.map((sailing) => {
        const found = byId.get(sailing.id);
        return found
          ? {
              ...sailing,
              seatsLeft: found.seatsLeft,
              status: found.status,
              closureReason: found.closureReason,
              selectable: found.selectable,
            }
          : { ...sailing, selectable: false };
      }),
    };
  };
  const { pending: _pending, ...table } = timetable;
  return {
    widget: {
      ...widget,
      bands: live.data.bands,
      result: widget.result
        ? { outbound: leg(widget.result.outbound), inbound: leg(widget.result.inbound), price: live.data.price }
        : null,
    },
    timetable: {
      ...table,
      crossings: timetable.crossings.map((crossing) => ({
        ...crossing,
        sailings: crossing.sailings.map((sailing) => {
          const found = byId.get(sailing.id);
          return found
            ? { ...sailing, seatsLeft: found.seatsLeft, status: found.status, closureReason: found.closureReason }
            : sailing;
        }),
      })),
    },
  };
}
