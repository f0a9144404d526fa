// The plain view data the booking widgets render: loaders and the live-sailings API compute it (prices
// already formatted in the visitor's currency), components only show it, so no server code reaches the
// browser. Types only, in lib so that both sides can name them.

export type TripKind = "one_way" | "round_trip" | "open";
export type FareCategoryId = "tourist" | "resident";
export type PassengerTypeId = "adult" | "child" | "infant";
export type SailingStatusId = "available" | "sold_out" | "closed" | "departed" | "check_in_closed";
export type DayStatusId = "available" | "sold_out" | "closed" | "past";
export type ClosureReasonId = "weather" | "port_authority";

export interface PassengerCountsView {
  adult: number;
  child: number;
  infant: number;
}

/** A passenger type as the widget offers it: its age range label and what one person pays. */
export interface PassengerBandView {
  type: PassengerTypeId;
  /** "12+", "5–11", "0–4". */
  range: string;
  /** Formatted price for one person, or null when free. */
  price: string | null;
}

export interface DateBounds {
  min: string;
  max: string;
}

export interface FerryQuery {
  trip: TripKind;
  crossing: string;
  date: string;
  returnDate: string;
  passengers: PassengerCountsView;
  category: FareCategoryId;
  outbound: number | null;
  inbound: number | null;
}

export interface CrossingOptionView {
  code: string;
  from: string;
  to: string;
}

export interface SailingView {
  id: number;
  time: string;
  arrivalTime: string;
  vessel: string;
  seatsLeft: number;
  status: SailingStatusId;
  closureReason: ClosureReasonId | null;
  selectable: boolean;
}

export interface LegView {
  from: string;
  to: string;
  date: string;
  sailings: SailingView[];
  /** True on the return leg of a round trip: its price is in the outbound's. */
  included: boolean;
  /**
   * Seats, states and what can be chosen are still to come from the live data (app/booking/live-sailings.ts):
   * the sailings carry placeholders, shown as such.
   */
  pending?: true;
}

export interface PresaleView {
  days: number;
  percent: number;
}

export interface PriceView {
  currency: string;
  lines: { type: PassengerTypeId; count: number; total: string }[];
  subtotal: string;
  discount: string | null;
  total: string;
  presale: PresaleView | null;
}

export interface BookingErrorView {
  /** An AppError code (booking.error.<code> has its message). */
  code: string;
}

export interface FerrySummaryView {
  outbound: { from: string; to: string; date: string; time: string; arrivalTime: string } | null;
  inbound: { from: string; to: string; date: string; time: string; arrivalTime: string } | null;
  openMonths: number | null;
}

export interface FerryWidgetView {
  action: string;
  query: FerryQuery;
  crossings: CrossingOptionView[];
  bounds: DateBounds;
  openMonths: number;
  bands: PassengerBandView[];
  /** Present once a search ran. */
  result: {
    outbound: LegView | null;
    inbound: LegView | null;
    /** Null while the live data for the visitor's passengers is still to come. */
    price: PriceView | null;
  } | null;
  error: BookingErrorView | null;
  /** "A schedule must be selected" or an impossible pair of times, after Continue. */
  selectionError: "scheduleRequired" | "returnBeforeOutbound" | null;
  summary: FerrySummaryView | null;
  presaleTiers: PresaleView[];
}

export interface ActivityChoiceView {
  id: number;
  name: string;
  kind: "admission" | "tour";
  fromPrice: string | null;
}

export interface ActivityWidgetView {
  action: string;
  productId: number;
  choices: ActivityChoiceView[];
  /** A visit on a date, or a coupon: no date now, exchanged for one within `couponMonths`. */
  when: "date" | "coupon";
  couponMonths: number;
  date: string;
  passengers: PassengerCountsView;
  category: FareCategoryId;
  bounds: DateBounds;
  bands: PassengerBandView[];
  minAge: number | null;
  result: {
    date: string;
    status: DayStatusId;
    closureReason: ClosureReasonId | null;
    left: number;
    hours: { opens: string; closes: string } | null;
    selectable: boolean;
    price: PriceView;
  } | null;
  /** The coupon asked for: until when it could be exchanged if bought now, and its price. */
  coupon: { validUntil: string; price: PriceView } | null;
  error: BookingErrorView | null;
  presaleTiers: PresaleView[];
}

export interface DateFieldProps {
  name: string;
  label: string;
  hint?: string;
  value: string;
  min: string;
  max: string;
  language: "es" | "en" | "pt";
  /** The input's id (labels, tests). */
  id: string;
  invalid?: boolean;
  describedBy?: string;
}
