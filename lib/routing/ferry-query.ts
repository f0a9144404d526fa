// Reads the booking widget's GET form (or a shared link) into a query. Pure and forgiving: missing
// fields take defaults, anything else is passed on as given so the use case can refuse it with a code.
import type { FareCategoryId, FerryQuery, TripKind } from "../views/booking.ts";

export const DEFAULT_ADULTS = 2;

/** "3" → 3; "" or absent → the default; "-1" → -1 and "abc" → NaN, for the use case to refuse. */
export function readCount(value: string | null, fallback: number): number {
  if (value === null || value.trim() === "") return fallback;
  return /^-?\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

function readId(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function readTrip(value: string | null): TripKind {
  return value === "round_trip" || value === "open" ? value : "one_way";
}

function readCategory(value: string | null): FareCategoryId {
  return value === "resident" ? "resident" : "tourist";
}

export interface ParsedFerryQuery extends FerryQuery {
  /** "search" or "continue" once the form was sent; null on a plain visit. */
  step: "search" | "continue" | null;
}

export function readFerryQuery(
  params: URLSearchParams,
  defaults: { crossing: string; date: string },
): ParsedFerryQuery {
  const step = params.get("step");
  const date = params.get("date")?.trim() || defaults.date;
  return {
    trip: readTrip(params.get("trip")),
    crossing: params.get("crossing")?.trim() || defaults.crossing,
    date,
    // A round trip sent without a return date comes back the same day.
    returnDate: params.get("return")?.trim() || date,
    passengers: {
      adult: readCount(params.get("adults"), DEFAULT_ADULTS),
      child: readCount(params.get("children"), 0),
      infant: readCount(params.get("infants"), 0),
    },
    category: readCategory(params.get("category")),
    outbound: readId(params.get("out")),
    inbound: readId(params.get("back")),
    step: step === "search" || step === "continue" ? step : params.has("date") || params.has("trip") ? "search" : null,
  };
}

export interface LegChoice {
  id: number;
  departsAt: string;
  arrivesAt: string;
  selectable: boolean;
}

/**
 * After Continue: "a schedule must be selected" unless each leg has a chosen sailing that
 * can be sold; on a round trip the return must leave after the outbound arrives.
 */
export function checkSelection(
  trip: TripKind,
  outbound: { chosen: number | null; sailings: readonly LegChoice[] },
  inbound: { chosen: number | null; sailings: readonly LegChoice[] } | null,
): "scheduleRequired" | "returnBeforeOutbound" | null {
  if (trip === "open") return null;
  const out = outbound.sailings.find((sailing) => sailing.id === outbound.chosen && sailing.selectable);
  if (!out) return "scheduleRequired";
  if (trip === "one_way") return null;
  const back = inbound?.sailings.find((sailing) => sailing.id === inbound.chosen && sailing.selectable);
  if (!back) return "scheduleRequired";
  return Date.parse(back.departsAt) <= Date.parse(out.arrivesAt) ? "returnBeforeOutbound" : null;
}
