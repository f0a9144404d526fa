// Use cases of the cart: add a product and hold its seats,
// remove a line or empty the cart and give the seats back at once, hold an expired line again, change
// the currency (a new quote re-prices every line), and read the cart with each hold's state at `now`.
// Every write is one transaction: the cart row is locked first (one visitor's double click cannot add
// a product twice), then the sailings in id order and the activity day (buyers of one sailing are
// serialized and the seats re-checked under the lock), then rows are written.
import { createHash } from "node:crypto";
import type { RateLimit, RateLimiter } from "../lib/rate-limit.ts";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import { newSecret128 } from "../lib/ids.ts";
import type { Language } from "../lib/language.ts";
import { type CurrencyCode, type Money, formatMoney } from "../lib/money.ts";
import {
  COUPON_MONTHS,
  PACKAGE_LIMIT,
  assertCanAddLine,
  assertCanBuyCoupon,
  assertSchedulesChosen,
  assertWithinHoldCeilings,
  deleteCartLine,
  deleteCartLines,
  findCartBySession,
  findCartLines,
  holdReferenceOf,
  holdStatus,
  insertCart,
  insertCartLine,
  isCoupon,
  secondsLeft,
  updateCart,
  updateCartLineHold,
  type CartLineRow,
  type HoldCeilingPolicy,
  type HoldStatus,
  type LineFacts,
  type NewCartLine,
  type StoredCart,
} from "../modules/cart/index.ts";
import { convertPricing, pricingOf, sumPrices, type ConvertedPrice, priceSelection } from "../modules/pricing/index.ts";
import {
  assertValidPassengers,
  findComplements,
  findFerryProductId,
  findPresaleTiers,
  findProduct,
  findProducts,
  seatsNeeded,
  type Complement,
  type FareCategory,
  type PassengerCounts,
  type Product,
} from "../modules/catalog/index.ts";
import { addMonths } from "../lib/calendar-date.ts";
import { findCurrencyByCode, takeQuote } from "../modules/currency/index.ts";
import {
  assertCanSellActivityDay,
  assertCanSellSailing,
  daysAhead,
  decideAt,
  findActivities,
  findActivityDay,
  findCrossings,
  findHeldSeats,
  findSailing,
  holdSeats,
  hoursOn,
  localDateOf,
  lockActivityDay,
  lockSailing,
  releaseAllocations,
  returnCrossingOf,
  sellSeats,
  type AllocationTarget,
  type Crossing,
  type LocalDate,
  type SaleChannel,
  type SailingView,
} from "../modules/inventory/index.ts";
import { readBookingDate } from "./booking-offers.ts";

/** Every cart can show its amounts in USD as well (IncludeAmountsUSD), so its quote has USD. */
const QUOTED_ALWAYS: readonly CurrencyCode[] = ["USD"];

export type CartItemInput =
  | {
      type: "ferry";
      crossing: string;
      trip: "one_way" | "round_trip" | "open";
      date: string | null;
      returnDate: string | null;
      outboundSailingId: number | null;
      inboundSailingId: number | null;
      category: FareCategory;
      passengers: PassengerCounts;
    }
  | { type: "activity"; productId: number; date: string; category: FareCategory; passengers: PassengerCounts }
  /** A park or tour without a date: a coupon exchanged for a day within COUPON_MONTHS of purchase. */
  | { type: "coupon"; productId: number; category: FareCategory; passengers: PassengerCounts }
  /** A complement card of the cart: the admission (or, with `upgrade`, its tour) for the people of `parentLineId`. */
  | { type: "complement"; complementId: number; upgrade: boolean; parentLineId: string; date: string };

/** Seats on one sailing, one way: what the booth sells and what a waiting-list offer holds. */
export function oneSailingItem(
  crossingCode: string,
  sailing: { id: number; serviceDate: string },
  category: FareCategory,
  passengers: PassengerCounts,
): CartItemInput {
  return {
    type: "ferry",
    crossing: crossingCode,
    trip: "one_way",
    date: sailing.serviceDate,
    returnDate: null,
    outboundSailingId: sailing.id,
    inboundSailingId: null,
    category,
    passengers,
  };
}

export interface CartContext {
  siteCode: string;
  language: Language;
  now: Date;
  /** How long a hold lasts (config CART_HOLD_SECONDS). */
  holdSeconds: number;
  /**
   * Who asks for holds, and the limits they are held to (holdLimitsOf): a visitor's request (the cart page, the cart API). Absent for
   * callers that are not one (a booking's date change, tests of the cart's rules).
   */
  holdRequests?: { limiter: RateLimiter; clientAddress: string; limits: HoldLimits };
  /** The booth sells a sailing until it leaves; the site stops at check-in (default "web"). */
  channel?: SaleChannel;
}

/** The window of the hold limits: config HOLD_LIMIT_PER_CART and HOLD_LIMIT_PER_ADDRESS count in it. */
export const HOLD_LIMIT_WINDOW_SECONDS = 600;

/**
 * Holds asked for (a line added, an expired line held again) per cart and per address in the window:
 * each takes row locks on sailings and keeps seats from others for 15 minutes, so a script must not
 * hold a boat. Generous for people: a family plans a few lines; an address may be a hotel's whole Wi-Fi.
 */
export interface HoldLimits {
  perCart: RateLimit;
  perAddress: RateLimit;
  /** What one cart and one address may hold of a departure at once, counted from the database (ADR 0047). */
  seats: HoldCeilingPolicy;
}

export function holdLimitsOf(config: {
  HOLD_LIMIT_PER_CART: number;
  HOLD_LIMIT_PER_ADDRESS: number;
  HOLD_SEATS_PER_ADDRESS_PERCENT: number;
  HOLD_SEATS_PER_ADDRESS_MAX: number;
}): HoldLimits {
  return {
    perCart: { count: config.HOLD_LIMIT_PER_CART, windowSeconds: HOLD_LIMIT_WINDOW_SECONDS },
    perAddress: { count: config.HOLD_LIMIT_PER_ADDRESS, windowSeconds: HOLD_LIMIT_WINDOW_SECONDS },
    seats: {
      addressSharePercent: config.HOLD_SEATS_PER_ADDRESS_PERCENT,
      addressMaxSeats: config.HOLD_SEATS_PER_ADDRESS_MAX,
    },
  };
}

/**
 * How an address is kept on the holds it asked for: hashed, so the seat table does not collect
 * visitors' addresses in the clear, yet every node derives the same key.
 */
export function holderOf(clientAddress: string): string {
  return createHash("sha256").update(`hold-holder:${clientAddress}`).digest("base64url").slice(0, 22);
}

/**
 * Counts a hold request against its cart and its address, or throws RATE_LIMITED with Retry-After.
 * On `db`: a caller's transaction (a waiting-list claim) counts inside it, since the embedded
 * database has one connection and a count beside the open transaction would wait for it for ever.
 */
async function countHoldRequest(db: Database, context: CartContext, sessionId: string | null): Promise<void> {
  if (!context.holdRequests) return;
  const { limiter, clientAddress, limits } = context.holdRequests;
  await limiter.take(
    [
      { key: `hold-address:${clientAddress}`, limit: limits.perAddress },
      ...(sessionId === null ? [] : [{ key: `hold-cart:${sessionId}`, limit: limits.perCart }]),
    ],
    context.now,
    db,
  );
}

function factsOf(line: CartLineRow): LineFacts {
  return {
    productId: line.productId,
    kind: line.kind,
    activityDate: line.kind === "activity" ? line.serviceDate : null,
  };
}

function passengersOf(line: CartLineRow): PassengerCounts {
  return { adult: line.adults, child: line.children, infant: line.infants };
}

async function priceInMxn(
  db: Database,
  product: Product,
  category: FareCategory,
  trip: "one_way" | "round_trip" | "single",
  passengers: PassengerCounts,
  date: LocalDate | null,
  now: Date,
) {
  const tiers = await findPresaleTiers(db);
  return pricingOf(
    priceSelection({
      productId: product.id,
      fares: product.fares,
      tiers,
      category,
      trip,
      passengers,
      daysAhead: date === null ? null : daysAhead(date, now),
    }),
  );
}

/**
 * Until when seats are held (and, when a visitor asked, for which address: holderOf), or `sold` for
 * good: a hold of the cart, a ticket of a paid booking.
 */
type Taking = { expiresAt: Date; holder?: string | null } | "sold";

/** Takes `seats` on a sailing after locking it and re-reading what is left; refuses with the sailing's state. */
async function takeOnSailing(
  tx: Database,
  sailingId: number,
  seats: number,
  reference: string,
  taking: Taking,
  now: Date,
  channel: SaleChannel,
): Promise<SailingView> {
  await lockSailing(tx, sailingId);
  const sailing = await findSailing(tx, sailingId, now);
  assertCanSellSailing(
    { departsAt: sailing.departsAt, closed: sailing.closure !== null },
    sailing.seatsLeft,
    seats,
    now,
    channel,
  );
  if (taking === "sold") await sellSeats(tx, { sailingId }, seats, reference, now);
  else await holdSeats(tx, { sailingId }, seats, reference, taking.expiresAt, now, taking.holder ?? null);
  return sailing;
}

async function takeOnActivityDay(
  tx: Database,
  language: Language,
  activityId: number,
  date: LocalDate,
  seats: number,
  reference: string,
  taking: Taking,
  now: Date,
): Promise<void> {
  await lockActivityDay(tx, activityId, date);
  const [activity] = await findActivities(tx, language, [activityId]);
  if (!activity) throw new AppError("UNKNOWN_PRODUCT");
  const day = await findActivityDay(tx, activity, date, now);
  assertCanSellActivityDay({ date, hours: day.hours, closed: day.closure !== null }, day.left, seats, now);
  if (taking === "sold") await sellSeats(tx, { activityId, date }, seats, reference, now);
  else await holdSeats(tx, { activityId, date }, seats, reference, taking.expiresAt, now, taking.holder ?? null);
}

type LineResources = Pick<NewCartLine, "outboundSailingId" | "inboundSailingId" | "activityId" | "serviceDate">;

async function lockLineResources(tx: Database, line: LineResources): Promise<void> {
  const ids = [line.outboundSailingId, line.inboundSailingId]
    .filter((id): id is number => typeof id === "number")
    .sort((a, b) => a - b);
  for (const id of ids) await lockSailing(tx, id);
  if (typeof line.activityId === "number" && typeof line.serviceDate === "string")
    await lockActivityDay(tx, line.activityId, line.serviceDate);
}

export type SeatLine = Pick<
  CartLineRow,
  "seats" | "outboundSailingId" | "inboundSailingId" | "activityId" | "serviceDate" | "kind"
>;

/**
 * Takes what a line needs under `reference`: both legs of a round trip (sailings locked in id order,
 * so two buyers of the same pair cannot deadlock) or the activity day. All of it or, by the
 * transaction, none. Holds for the cart; sales for a paid booking (flows/checkout.ts).
 */
export async function takeLineSeats(
  tx: Database,
  language: Language,
  line: SeatLine,
  reference: string,
  taking: Taking,
  now: Date,
  channel: SaleChannel = "web",
): Promise<void> {
  // An undated line (a ferry open ticket, an activity coupon) takes no capacity until it is given a day.
  if (line.serviceDate === null && line.outboundSailingId === null) return;
  if (line.kind === "activity") {
    if (line.activityId === null || line.serviceDate === null)
      throw new Error(`activity line of ${reference} has no day`);
    await takeOnActivityDay(tx, language, line.activityId, line.serviceDate, line.seats, reference, taking, now);
    return;
  }
  const ids = [line.outboundSailingId, line.inboundSailingId]
    .filter((id): id is number => id !== null)
    .sort((a, b) => a - b);
  for (const id of ids) await takeOnSailing(tx, id, line.seats, reference, taking, now, channel);
}

async function holdLine(
  tx: Database,
  language: Language,
  line: SeatLine & Pick<CartLineRow, "id">,
  hold: { expiresAt: Date; holder: string | null },
  now: Date,
  channel: SaleChannel = "web",
): Promise<void> {
  await takeLineSeats(tx, language, line, holdReferenceOf(line.id), hold, now, channel);
}

/** The sailings and the activity day a line would hold seats on; none for an undated line. */
function holdTargetsOf(line: SeatLine): AllocationTarget[] {
  if (line.kind === "activity")
    return line.activityId !== null && line.serviceDate !== null
      ? [{ activityId: line.activityId, date: line.serviceDate }]
      : [];
  return [line.outboundSailingId, line.inboundSailingId]
    .filter((id): id is number => id !== null)
    .map((sailingId) => ({ sailingId }));
}

async function capacityOf(tx: Database, target: AllocationTarget, language: Language, now: Date): Promise<number> {
  if ("sailingId" in target) return (await findSailing(tx, target.sailingId, now)).capacity;
  const [activity] = await findActivities(tx, language, [target.activityId]);
  if (!activity) throw new AppError("UNKNOWN_PRODUCT");
  return activity.dailyCapacity;
}

/**
 * Refuses a visitor's hold that would take their cart or their address past what one may hold of a
 * departure (ADR 0047), counting the unexpired holds in the database, so the bound holds across
 * nodes; returns the holder to write on the hold. The caller has locked the line's sailings and day
 * (lock order: cart, sailings by id, day), so no concurrent hold of the same address slips between
 * this count and the write. Callers that are not a visitor (the booth, a date change) are not bound.
 */
async function assertHoldFits(
  tx: Database,
  context: CartContext,
  line: SeatLine,
  cartLines: readonly CartLineRow[],
): Promise<string | null> {
  if (!context.holdRequests) return null;
  const { clientAddress, limits } = context.holdRequests;
  const holder = holderOf(clientAddress);
  const references = cartLines.map((cartLine) => holdReferenceOf(cartLine.id));
  for (const target of holdTargetsOf(line)) {
    const held = await findHeldSeats(tx, target, { references, holder }, context.now);
    const capacity = await capacityOf(tx, target, context.language, context.now);
    assertWithinHoldCeilings(
      { capacity, seats: line.seats, held: { byCart: held.byReferences, byAddress: held.byHolder } },
      limits.seats,
    );
  }
  return holder;
}

interface ResolvedLine {
  values: NewCartLine;
  facts: LineFacts;
  isComplement: boolean;
}

async function resolveFerry(
  tx: Database,
  item: Extract<CartItemInput, { type: "ferry" }>,
  context: CartContext,
): Promise<ResolvedLine> {
  const { now, language } = context;
  assertSchedulesChosen(item);
  const open = item.trip === "open";
  const date = open ? null : readBookingDate(item.date ?? "", now, "item.date");
  const returnDate = item.trip === "round_trip" ? readBookingDate(item.returnDate ?? "", now, "item.returnDate") : null;
  if (date !== null && returnDate !== null && returnDate < date) {
    throw new AppError("RETURN_BEFORE_DEPARTURE", { issues: [{ path: "item.returnDate", code: "before_departure" }] });
  }
  const crossings = await findCrossings(tx, language);
  const crossing = crossings.find((candidate) => candidate.code === item.crossing);
  if (!crossing)
    throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "item.crossing", code: "unknown_crossing" }] });
  const back: Crossing | null = item.trip === "round_trip" ? returnCrossingOf(crossings, crossing) : null;
  if (item.trip === "round_trip" && back === null)
    throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "item.crossing", code: "no_return" }] });
  const productId = await findFerryProductId(tx);
  if (productId === null) throw new AppError("UNKNOWN_PRODUCT");
  const product = await findProduct(tx, language, { id: productId }, { withComplements: false });
  // A sailing has at most a vessel's seats; the hold re-checks what is left under the lock.
  assertValidPassengers(item.passengers, product.ageBands, Number.MAX_SAFE_INTEGER);
  const seats = seatsNeeded(item.passengers, product.ageBands);
  if (!open) {
    const outbound = await findSailing(tx, item.outboundSailingId ?? -1, now);
    if (outbound.crossingId !== crossing.id || outbound.serviceDate !== date) {
      throw new AppError("UNKNOWN_SAILING", {
        issues: [{ path: "item.outboundSailingId", code: "not_on_date_and_crossing" }],
      });
    }
    if (item.trip === "round_trip") {
      const inbound = await findSailing(tx, item.inboundSailingId ?? -1, now);
      if (inbound.crossingId !== back?.id || inbound.serviceDate !== returnDate) {
        throw new AppError("UNKNOWN_SAILING", {
          issues: [{ path: "item.inboundSailingId", code: "not_on_date_and_crossing" }],
        });
      }
      if (inbound.departsAt.getTime() <= outbound.arrivesAt.getTime()) {
        throw new AppError("RETURN_BEFORE_DEPARTURE", {
          issues: [{ path: "item.inboundSailingId", code: "before_outbound_arrives" }],
        });
      }
    }
  }
  const pricing = await priceInMxn(
    tx,
    product,
    item.category,
    item.trip === "round_trip" ? "round_trip" : "one_way",
    item.passengers,
    date,
    now,
  );
  return {
    values: {
      kind: "ferry",
      productId: product.id,
      trip: item.trip,
      category: item.category,
      adults: item.passengers.adult,
      children: item.passengers.child,
      infants: item.passengers.infant,
      seats,
      serviceDate: date,
      returnDate,
      outboundSailingId: open ? null : item.outboundSailingId,
      inboundSailingId: item.trip === "round_trip" ? item.inboundSailingId : null,
      activityId: null,
      // What binds an open ticket to its crossing and direction at the gate (it has no sailing).
      crossingId: crossing.id,
      complementId: null,
      parentLineId: null,
      pricing,
      holdExpiresAt: null,
    },
    facts: { productId: product.id, kind: "ferry", activityDate: null },
    isComplement: false,
  };
}

async function resolveActivity(
  tx: Database,
  item: { productId: number; date: string; category: FareCategory; passengers: PassengerCounts },
  context: CartContext,
  complement: { complementId: number; parentLineId: string } | null,
): Promise<ResolvedLine> {
  const { now, language } = context;
  const date = readBookingDate(item.date, now, "item.date");
  const product = await findProduct(tx, language, { id: item.productId }, { withComplements: false });
  if (product.activityId === null)
    throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "item.productId", code: "not_sold_by_day" }] });
  assertValidPassengers(item.passengers, product.ageBands, Number.MAX_SAFE_INTEGER);
  const pricing = await priceInMxn(tx, product, item.category, "single", item.passengers, date, now);
  return {
    values: {
      kind: "activity",
      productId: product.id,
      trip: "single",
      category: item.category,
      adults: item.passengers.adult,
      children: item.passengers.child,
      infants: item.passengers.infant,
      seats: seatsNeeded(item.passengers, product.ageBands),
      serviceDate: date,
      returnDate: null,
      outboundSailingId: null,
      inboundSailingId: null,
      activityId: product.activityId,
      complementId: complement?.complementId ?? null,
      parentLineId: complement?.parentLineId ?? null,
      pricing,
      holdExpiresAt: null,
    },
    facts: { productId: product.id, kind: "activity", activityDate: date },
    isComplement: complement !== null,
  };
}

/**
 * A coupon: the park's or tour's undated admission at its tourist fare, without presale (it has no
 * date to buy ahead of). It holds nothing, so it has no countdown.
 */
async function resolveCoupon(
  tx: Database,
  item: Extract<CartItemInput, { type: "coupon" }>,
  context: CartContext,
): Promise<ResolvedLine> {
  const product = await findProduct(tx, context.language, { id: item.productId }, { withComplements: false });
  assertCanBuyCoupon(product, item.category);
  assertValidPassengers(item.passengers, product.ageBands, Number.MAX_SAFE_INTEGER);
  const pricing = await priceInMxn(tx, product, item.category, "single", item.passengers, null, context.now);
  return {
    values: {
      kind: "activity",
      productId: product.id,
      trip: "open",
      category: item.category,
      adults: item.passengers.adult,
      children: item.passengers.child,
      infants: item.passengers.infant,
      seats: seatsNeeded(item.passengers, product.ageBands),
      serviceDate: null,
      returnDate: null,
      outboundSailingId: null,
      inboundSailingId: null,
      activityId: product.activityId,
      complementId: null,
      parentLineId: null,
      pricing,
      holdExpiresAt: null,
    },
    facts: { productId: product.id, kind: "activity", activityDate: null },
    isComplement: false,
  };
}

async function resolveItem(
  tx: Database,
  item: CartItemInput,
  lines: readonly CartLineRow[],
  context: CartContext,
): Promise<ResolvedLine> {
  if (item.type === "ferry") return resolveFerry(tx, item, context);
  if (item.type === "activity") return resolveActivity(tx, item, context, null);
  if (item.type === "coupon") return resolveCoupon(tx, item, context);
  const parent = lines.find((line) => line.id === item.parentLineId);
  if (!parent)
    throw new AppError("CART_LINE_NOT_FOUND", { issues: [{ path: "item.parentLineId", code: "not_in_cart" }] });
  const parentProduct = await findProduct(tx, context.language, { id: parent.productId });
  const offered = parentProduct.complements.find((complement) => complement.id === item.complementId);
  if (!offered)
    throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "item.complementId", code: "not_offered_with_line" }] });
  const productId = item.upgrade ? offered.idUpgrade : offered.id;
  return resolveActivity(
    tx,
    { productId, date: item.date, category: parent.category, passengers: passengersOf(parent) },
    context,
    {
      complementId: offered.id,
      parentLineId: parent.id,
    },
  );
}

async function lockedCart(tx: Database, sessionId: string): Promise<StoredCart> {
  const cart = await findCartBySession(tx, sessionId, { lock: true });
  if (!cart) throw new AppError("CART_NOT_FOUND");
  if (cart.status !== "open") throw new AppError("CART_CLOSED");
  return cart;
}

/** The open cart of `sessionId`, locked; or, without a session or after an order, a new cart in `currency`. */
async function openCart(
  tx: Database,
  sessionId: string | null,
  currency: CurrencyCode,
  context: CartContext,
): Promise<StoredCart> {
  if (sessionId !== null) {
    const cart = await findCartBySession(tx, sessionId, { lock: true });
    if (!cart) throw new AppError("CART_NOT_FOUND");
    // A paid cart stays as the booking's record; the visitor's next product starts a new cart.
    if (cart.status === "open") return cart;
  }
  const quote = await takeQuote(tx, [currency, ...QUOTED_ALWAYS], context.now);
  return insertCart(tx, {
    sessionId: newSecret128(),
    siteCode: context.siteCode,
    language: context.language,
    currency,
    quote,
    now: context.now,
  });
}

/**
 * Adds a product to the cart of `sessionId` (a new cart when null, in `currency`) and holds its seats
 * for `holdSeconds`. Returns the cart's session id and the new line's id.
 */
export async function addToCart(
  db: Database,
  input: { sessionId: string | null; currency: CurrencyCode; item: CartItemInput },
  context: CartContext,
): Promise<{ sessionId: string; lineId: string }> {
  const { now } = context;
  await countHoldRequest(db, context, input.sessionId);
  return db.transaction(async (tx) => {
    await decideAt(tx, now);
    const cart = await openCart(tx, input.sessionId, input.currency, context);
    const lines = await findCartLines(tx, cart.id);
    const resolved = await resolveItem(tx, input.item, lines, context);
    assertCanAddLine(lines.map(factsOf), { ...resolved.facts, isComplement: resolved.isComplement });
    const expiresAt = resolved.values.trip === "open" ? null : new Date(now.getTime() + context.holdSeconds * 1000);
    const position = lines.reduce((max, line) => Math.max(max, line.position), 0) + 1;
    // The resources are locked before the line that refers to them is written (lock order: cart, sailings by id, day).
    await lockLineResources(tx, resolved.values);
    const line = await insertCartLine(tx, cart.id, position, { ...resolved.values, holdExpiresAt: expiresAt }, now);
    if (expiresAt !== null) {
      const holder = await assertHoldFits(tx, context, line, lines);
      await holdLine(tx, context.language, line, { expiresAt, holder }, now, context.channel);
    }
    await updateCart(tx, cart.id, { now });
    return { sessionId: cart.sessionId, lineId: line.id };
  });
}

/** Removes a line, the complements added for it, and gives their seats back at once. */
export async function removeCartLine(
  db: Database,
  input: { sessionId: string; lineId: string },
  context: CartContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    await decideAt(tx, context.now);
    const cart = await lockedCart(tx, input.sessionId);
    const lines = await findCartLines(tx, cart.id);
    if (!lines.some((line) => line.id === input.lineId)) throw new AppError("CART_LINE_NOT_FOUND");
    const doomed = [input.lineId, ...lines.filter((line) => line.parentLineId === input.lineId).map((line) => line.id)];
    for (const lineId of doomed) {
      await releaseAllocations(tx, holdReferenceOf(lineId), context.now);
      await deleteCartLine(tx, cart.id, lineId);
    }
    await updateCart(tx, cart.id, { now: context.now });
  });
}

/** Empties the cart (DELETE /xapi/shopping-cart): every line goes and every held seat is free at once. */
export async function emptyCart(
  db: Database,
  input: { sessionId: string; cartId: string },
  context: CartContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    await decideAt(tx, context.now);
    const cart = await lockedCart(tx, input.sessionId);
    if (cart.id !== input.cartId)
      throw new AppError("CART_NOT_FOUND", { issues: [{ path: "query.IdCart", code: "not_this_session" }] });
    for (const line of await deleteCartLines(tx, cart.id))
      await releaseAllocations(tx, holdReferenceOf(line.id), context.now);
    await updateCart(tx, cart.id, { now: context.now });
  });
}

/**
 * Holds an expired line's seats again, at today's price (presale counts from today), if they are
 * still there. A line whose hold is still running is left as it is: holds are not extended.
 */
export async function holdCartLineAgain(
  db: Database,
  input: { sessionId: string; lineId: string },
  context: CartContext,
): Promise<void> {
  const { now } = context;
  await countHoldRequest(db, context, input.sessionId);
  await db.transaction(async (tx) => {
    await decideAt(tx, now);
    const cart = await lockedCart(tx, input.sessionId);
    const lines = await findCartLines(tx, cart.id);
    const line = lines.find((candidate) => candidate.id === input.lineId);
    if (!line) throw new AppError("CART_LINE_NOT_FOUND");
    if (holdStatus(line.holdExpiresAt, now) !== "expired") return;
    await lockLineResources(tx, line);
    const holder = await assertHoldFits(tx, context, line, lines);
    const product = await findProduct(tx, context.language, { id: line.productId }, { withComplements: false });
    const trip = line.trip === "open" ? "one_way" : line.trip;
    const pricing = await priceInMxn(tx, product, line.category, trip, passengersOf(line), line.serviceDate, now);
    const expiresAt = new Date(now.getTime() + context.holdSeconds * 1000);
    // The expired rows no longer count; releasing them keeps one live hold per line in the history.
    await releaseAllocations(tx, holdReferenceOf(line.id), now);
    await holdLine(tx, context.language, line, { expiresAt, holder }, now);
    await updateCartLineHold(tx, line.id, { holdExpiresAt: expiresAt, pricing });
    await updateCart(tx, cart.id, { now });
  });
}

/** PUT /xapi/shopping-cart/currency: the cart takes a new quote and every line is shown in `currency`. */
export async function changeCartCurrency(
  db: Database,
  input: { sessionId: string; currency: CurrencyCode },
  context: CartContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockedCart(tx, input.sessionId);
    const quote = await takeQuote(tx, [input.currency, ...QUOTED_ALWAYS], context.now);
    await updateCart(tx, cart.id, { currency: input.currency, quote, now: context.now });
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading the cart

export interface FormattedMoney extends Money {
  formatted: string;
}

export interface PriceView {
  presale: { minDaysAhead: number; discountBasisPoints: number } | null;
  lines: { passengerType: string; quantity: number; unit: FormattedMoney; total: FormattedMoney }[];
  subtotal: FormattedMoney;
  discount: FormattedMoney;
  total: FormattedMoney;
}

export interface LegView {
  sailingId: number;
  date: LocalDate;
  time: string;
  arrivalTime: string;
  from: string;
  to: string;
}

export interface CartLineView {
  id: string;
  kind: "ferry" | "activity";
  product: { id: number; code: string; kind: string; name: string; image: string; imageAlt: string };
  trip: CartLineRow["trip"];
  category: FareCategory;
  passengers: PassengerCounts;
  seats: number;
  date: LocalDate | null;
  returnDate: LocalDate | null;
  outbound: LegView | null;
  inbound: LegView | null;
  activity: { date: LocalDate; opens: string | null; closes: string | null } | null;
  /** Months an open ticket stays valid (6). */
  openTicketMonths: number | null;
  /** An activity coupon: valid COUPON_MONTHS from purchase, so until that day if bought at `now`. */
  coupon: { months: number; validUntil: LocalDate } | null;
  complementId: number | null;
  parentLineId: string | null;
  hold: { status: HoldStatus; expiresAt: string | null; secondsLeft: number | null };
  price: PriceView;
  priceUSD?: PriceView;
}

/** A complement as the cart offers it: added or not, and priced once added. */
export type CartComplementView = Omit<Complement, "price" | "hasBeenAdded"> & {
  price: FormattedMoney | null;
  hasBeenAdded: boolean;
  /** The line it would complement, and the date it would be on by default. */
  forLineId: string;
  defaultDate: LocalDate | null;
};

export interface CartTotals {
  subtotal: FormattedMoney;
  discount: FormattedMoney;
  total: FormattedMoney;
}

export interface CartView {
  id: string;
  sessionId: string;
  currency: CurrencyCode;
  status: StoredCart["status"];
  quote: { id: string; quotedAt: string };
  lines: CartLineView[];
  count: number;
  limit: number;
  /** The first running hold to end: the countdown the page shows. */
  holdExpiresAt: string | null;
  complements: CartComplementView[];
  /** Lines whose hold expired are not in the totals until they are held again. */
  totals: CartTotals;
  totalsUSD?: CartTotals;
}

type Formatter = (amount: Money) => FormattedMoney;

async function formatterFor(db: Database, currency: CurrencyCode, language: Language): Promise<Formatter> {
  const entity = await findCurrencyByCode(db, currency, language);
  if (!entity) throw new AppError("UNKNOWN_CURRENCY");
  return (amount) => ({ ...amount, formatted: formatMoney(amount, entity) });
}

function priceView(price: ConvertedPrice, format: Formatter): PriceView {
  return {
    presale: price.presale,
    lines: price.lines.map((line) => ({
      passengerType: line.passengerType,
      quantity: line.quantity,
      unit: format(line.unit),
      total: format(line.total),
    })),
    subtotal: format(price.subtotal),
    discount: format(price.discount),
    total: format(price.total),
  };
}

function totalsView(prices: readonly ConvertedPrice[], currency: CurrencyCode, format: Formatter): CartTotals {
  const totals = sumPrices(prices, currency);
  return { subtotal: format(totals.subtotal), discount: format(totals.discount), total: format(totals.total) };
}

export function legOf(sailing: SailingView | undefined, crossings: readonly Crossing[]): LegView | null {
  if (!sailing) return null;
  const crossing = crossings.find((item) => item.id === sailing.crossingId);
  return {
    sailingId: sailing.id,
    date: sailing.serviceDate,
    time: sailing.time,
    arrivalTime: sailing.arrivalTime,
    from: crossing?.from.name ?? "",
    to: crossing?.to.name ?? "",
  };
}

/**
 * The cart of a session as the API and the cart page show it, at `now`: every line with its legs or
 * day, its hold's state and its price in the cart's currency (and USD with `includeUsd`), the
 * complements its products offer, and the totals of what can still be paid.
 */
export async function findCartView(
  db: Database,
  input: { sessionId: string; language: Language; now: Date; includeUsd?: boolean },
): Promise<CartView> {
  const { language, now } = input;
  const cart = await findCartBySession(db, input.sessionId);
  if (!cart) throw new AppError("CART_NOT_FOUND");
  const lines = await findCartLines(db, cart.id);
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const sailingIds = [
    ...new Set(
      lines
        .flatMap((line) => [line.outboundSailingId, line.inboundSailingId])
        .filter((id): id is number => id !== null),
    ),
  ];
  const [products, crossings, sailings, format, formatUsd] = await Promise.all([
    productIds.length > 0 ? findProducts(db, language, { ids: productIds }) : Promise.resolve([] as Product[]),
    sailingIds.length > 0 ? findCrossings(db, language) : Promise.resolve([] as Crossing[]),
    Promise.all(sailingIds.map((id) => findSailing(db, id, now))),
    formatterFor(db, cart.currency, language),
    input.includeUsd ? formatterFor(db, "USD", language) : Promise.resolve(null),
  ]);
  const activityIds = [...new Set(lines.flatMap((line) => (line.activityId === null ? [] : [line.activityId])))];
  const activities = activityIds.length > 0 ? await findActivities(db, language, activityIds) : [];
  const productOf = (id: number) => products.find((product) => product.id === id);
  const sailingOf = (id: number | null) => sailings.find((sailing) => sailing.id === id);

  const couponValidUntil = addMonths(localDateOf(now), COUPON_MONTHS);
  const payable: ConvertedPrice[] = [];
  const payableUsd: ConvertedPrice[] = [];
  const lineViews = lines.map((line): CartLineView => {
    const product = productOf(line.productId);
    const price = convertPricing(line.pricing, cart.currency, cart.quote);
    const priceUsd = formatUsd ? convertPricing(line.pricing, "USD", cart.quote) : null;
    const status = holdStatus(line.holdExpiresAt, now);
    if (status !== "expired") {
      payable.push(price);
      if (priceUsd) payableUsd.push(priceUsd);
    }
    const activity = activities.find((item) => item.id === line.activityId);
    const hours = activity && line.serviceDate ? activity.hours : null;
    const day = line.kind === "activity" && line.serviceDate !== null ? line.serviceDate : null;
    const openHours = hours && day ? hoursOn(hours, day) : null;
    return {
      id: line.id,
      kind: line.kind,
      product: {
        id: line.productId,
        code: product?.code ?? "",
        kind: product?.kind ?? "",
        name: product?.name ?? "",
        image: product?.image ?? "",
        imageAlt: product?.imageAlt ?? "",
      },
      trip: line.trip,
      category: line.category,
      passengers: passengersOf(line),
      seats: line.seats,
      date: line.serviceDate,
      returnDate: line.returnDate,
      outbound: legOf(sailingOf(line.outboundSailingId), crossings),
      inbound: legOf(sailingOf(line.inboundSailingId), crossings),
      activity: day ? { date: day, opens: openHours?.opens ?? null, closes: openHours?.closes ?? null } : null,
      openTicketMonths: line.kind === "ferry" && line.trip === "open" ? (product?.openTicketMonths ?? null) : null,
      coupon: isCoupon(line) ? { months: COUPON_MONTHS, validUntil: couponValidUntil } : null,
      complementId: line.complementId,
      parentLineId: line.parentLineId,
      hold: {
        status,
        expiresAt: line.holdExpiresAt?.toISOString() ?? null,
        secondsLeft: line.holdExpiresAt && status === "held" ? secondsLeft(line.holdExpiresAt, now) : null,
      },
      price: priceView(price, format),
      ...(priceUsd && formatUsd ? { priceUSD: priceView(priceUsd, formatUsd) } : {}),
    };
  });

  const running = lines.flatMap((line) =>
    line.holdExpiresAt && holdStatus(line.holdExpiresAt, now) === "held" ? [line.holdExpiresAt.getTime()] : [],
  );
  return {
    id: cart.id,
    sessionId: cart.sessionId,
    currency: cart.currency,
    status: cart.status,
    quote: { id: cart.quote.id, quotedAt: cart.quote.quotedAt },
    lines: lineViews,
    count: lines.length,
    limit: PACKAGE_LIMIT,
    holdExpiresAt: running.length > 0 ? new Date(Math.min(...running)).toISOString() : null,
    complements: await complementsOffered(db, lines, products, lineViews, language),
    totals: totalsView(payable, cart.currency, format),
    ...(formatUsd ? { totalsUSD: totalsView(payableUsd, "USD", formatUsd) } : {}),
  };
}

/** The complements the cart's products offer, one card each, marked added (and priced) when a line came from it. */
async function complementsOffered(
  db: Database,
  lines: readonly CartLineRow[],
  products: readonly Product[],
  views: readonly CartLineView[],
  language: Language,
): Promise<CartComplementView[]> {
  const offers: { complementId: number; line: CartLineRow }[] = [];
  for (const line of lines) {
    // A complement goes on the day of the line it complements: a coupon has no day yet.
    if (line.parentLineId !== null || isCoupon(line)) continue;
    const product = products.find((item) => item.id === line.productId);
    for (const complement of product?.complements ?? []) {
      // A park already in the cart on its own is not offered to itself.
      const bought = lines.some(
        (other) =>
          other.complementId === null &&
          (other.productId === complement.id || other.productId === complement.idUpgrade),
      );
      if (bought) continue;
      if (!offers.some((offer) => offer.complementId === complement.id))
        offers.push({ complementId: complement.id, line });
    }
  }
  if (offers.length === 0) return [];
  const complements = await findComplements(
    db,
    language,
    offers.map((offer) => offer.complementId),
  );
  return offers.flatMap(({ complementId, line }) => {
    const complement = complements.get(complementId);
    if (!complement) return [];
    const added = views.find((view) => view.complementId === complementId);
    return [
      {
        ...complement,
        price: added ? added.price.total : null,
        hasBeenAdded: added !== undefined,
        forLineId: added?.parentLineId ?? line.id,
        // A complement goes on the line's (first) day by default.
        defaultDate: line.serviceDate,
      },
    ];
  });
}
