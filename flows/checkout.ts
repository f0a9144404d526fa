// Use cases of checkout: place a booking from the cart and send the buyer to the payment
// provider; confirm a payment (from the buyer's return or a webhook) by capturing it and turning the
// held seats into tickets in the transaction that marks the booking paid; fail bookings whose hold
// ran out unpaid; read a booking for its buyer.
//
// Money moves only through the PaymentProvider adapter, always with an idempotency key derived from
// our own rows, so a double submit, a retried request, two tabs, or a return racing a webhook give one
// booking, one payment intent per attempt and one capture. The provider's state is read again on
// every confirmation: a webhook says "look", never "this is the truth", so order does not matter.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Database } from "../lib/db.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { COUNTRY_CODES } from "../lib/countries.ts";
import {
  findCartBySession,
  findCartLines,
  holdReferenceOf,
  holdStatus,
  markCartOrdered,
  type CartLineRow,
} from "../modules/cart/index.ts";
import { convertPricing, sumPrices } from "../modules/pricing/index.ts";
import { findProducts } from "../modules/catalog/index.ts";
import {
  assertPaymentChoice,
  cartFingerprint,
  findActiveBookingOfCart,
  findBooking,
  findBookingLines,
  findLapsedBookings,
  findPaymentByProviderId,
  findPayments,
  insertBooking,
  insertBookingLines,
  type NewBookingLine,
  insertPayment,
  insertTickets,
  judgeCapture,
  moveBooking,
  newBookingReference,
  planTickets,
  readCheckoutForm,
  saleReferenceOf,
  sha256,
  updateBookingChoice,
  updatePayment,
  type BookingPaymentRow,
  type BookingRow,
  type BuyerInput,
  type PaymentMethodKind,
} from "../modules/bookings/index.ts";
import { decideAt, localDateOf, releaseAllocations } from "../modules/inventory/index.ts";
import {
  findInstalmentBanks,
  instalmentOffers,
  type PaymentProvider,
  type ProviderPayment,
} from "../modules/payments/index.ts";
import { takeLineSeats } from "./cart.ts";

/** The provider name stored with each payment attempt (the adapter in use). */
/** The name our payment rows give the provider they were made at. */
export const PROVIDER = "sandbox";
/** Open tickets are valid 6 months unless the product says otherwise. */
const OPEN_TICKET_MONTHS = 6;

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  now: Date;
  /** Derives guest-access secrets (config GUEST_ACCESS_SECRET). */
  guestAccessSecret: string;
}

// ---- Guest access

/**
 * A cart line as the booking keeps it: what was chosen, priced in the booking's currency. The web
 * checkout and the booth's walk-up sale place lines the same way.
 */
export function bookingLineOf(line: CartLineRow, totalMinor: number, passengerNames: string[]): NewBookingLine {
  return {
    cartLineId: line.id,
    position: line.position,
    kind: line.kind,
    productId: line.productId,
    trip: line.trip,
    category: line.category,
    adults: line.adults,
    children: line.children,
    infants: line.infants,
    seats: line.seats,
    serviceDate: line.serviceDate,
    returnDate: line.returnDate,
    outboundSailingId: line.outboundSailingId,
    inboundSailingId: line.inboundSailingId,
    activityId: line.activityId,
    crossingId: line.crossingId,
    pricing: line.pricing,
    totalMinor,
    passengerNames,
  };
}

/** The secret in a buyer's links: derived from the booking id, so e-mails can carry it; only its hash is stored. */
export function guestSecretOf(secretKey: string, bookingId: string): string {
  return createHmac("sha256", secretKey).update(`guest-access:${bookingId}`).digest("base64url").slice(0, 22);
}

export function hasGuestAccess(
  booking: Pick<BookingRow, "guestSecretHash">,
  given: string | null | undefined,
): boolean {
  if (!given || given.length > 64) return false;
  const expected = Buffer.from(booking.guestSecretHash, "hex");
  const actual = Buffer.from(sha256(given), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// ---- Placing

export interface PlaceBookingInput {
  sessionId: string;
  siteCode: string;
  language: Language;
  buyer: BuyerInput;
  /** By cart line id: the names of its passengers in order, where its tickets carry names. */
  passengerNames: Record<string, string[]>;
  method: PaymentMethodKind;
  instalmentMonths: number | null;
  /** Where the provider sends the buyer back, given the booking reference. */
  returnUrlOf: (reference: string) => string;
  /**
   * The provider page's way back to this form without paying; `singlePayment` when the attempt asks
   * for months without interest (a card that cannot pay them then pays at once). None: no way back.
   */
  cancelUrlOf?: (choice: { singlePayment: boolean }) => string;
  /**
   * A card token the buyer already holds, charged without the provider's page: Uplift's single-use
   * virtual card, accepted only in the currencies where its offer may be shown.
   */
  cardToken?: { token: string; acceptedIn: (currency: string) => boolean; financedBy: "uplift" };
}

export type PlaceBookingResult =
  | { kind: "redirect"; reference: string; bookingId: string; url: string }
  /** The cart was already paid (a double submit after success): go to the thank-you page. */
  | { kind: "paid"; reference: string; bookingId: string };

function assertPayable(lines: readonly CartLineRow[], now: Date): void {
  if (lines.length === 0) throw new AppError("CART_EMPTY");
  const lapsed = lines.filter((line) => holdStatus(line.holdExpiresAt, now) === "expired");
  if (lapsed.length > 0)
    throw new AppError("HOLD_EXPIRED", {
      issues: lapsed.map((line) => ({ path: `lines.${line.id}`, code: "hold_expired" })),
    });
}

/** The first hold to end is the booking's deadline; a cart of open tickets only gets the usual hold time from now. */
function holdDeadlineOf(lines: readonly CartLineRow[], now: Date, fallbackSeconds: number): Date {
  const ends = lines.flatMap((line) => (line.holdExpiresAt ? [line.holdExpiresAt.getTime()] : []));
  return new Date(ends.length > 0 ? Math.min(...ends) : now.getTime() + fallbackSeconds * 1000);
}

/**
 * Places the cart of `sessionId` as a booking waiting for payment and opens a payment attempt with
 * the provider. Idempotent per cart: the same cart placed again (a double click, a second tab, the
 * back button) finds the same booking and, while its attempt is still open, the same provider page.
 * A changed cart cancels the booking that waited and places a new one; a paid cart answers "paid".
 */
export async function placeBooking(
  deps: CheckoutDeps & { holdSeconds: number },
  input: PlaceBookingInput,
): Promise<PlaceBookingResult> {
  const { db, now } = deps;
  const placed = await db.transaction(async (tx) => {
    await decideAt(tx, now);
    const cart = await findCartBySession(tx, input.sessionId, { lock: true });
    if (!cart) throw new AppError("CART_NOT_FOUND");
    const active = await findActiveBookingOfCart(tx, cart.id);
    if (active && (active.status === "paid" || active.status === "ticketed"))
      return { booking: active, payment: null, paid: true as const };
    if (cart.status !== "open") throw new AppError("CART_CLOSED");
    const lines = await findCartLines(tx, cart.id);
    assertPayable(lines, now);
    const { buyer, names } = readCheckoutForm(input.buyer, COUNTRY_CODES, lines, input.passengerNames);
    // A plan no bank offers is refused before the provider is asked; the provider checks the card's bank.
    const offered =
      input.instalmentMonths === null
        ? []
        : instalmentOffers(await findInstalmentBanks(tx, input.language)).map((offer) => offer.months);
    assertPaymentChoice(cart.currency, input.method, input.instalmentMonths, offered);
    if (
      input.cardToken &&
      (input.method !== "card" || input.instalmentMonths !== null || !input.cardToken.acceptedIn(cart.currency))
    ) {
      throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { issues: [{ path: "cardToken", code: "unknown" }] });
    }
    const fingerprint = cartFingerprint({ id: cart.id, currency: cart.currency, quoteId: cart.quote.id }, lines);
    const choice = {
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerPhone: buyer.phone,
      buyerCountry: buyer.country,
      paymentMethod: input.method,
      instalmentMonths: input.instalmentMonths,
      language: input.language,
    };

    let booking: BookingRow;
    if (active && active.cartFingerprint === fingerprint) {
      booking = active;
    } else {
      if (active) await moveBooking(tx, active, "cancelled", "cart_changed", now);
      const converted = lines.map((line) => ({ line, price: convertPricing(line.pricing, cart.currency, cart.quote) }));
      const total = sumPrices(
        converted.map(({ price }) => price),
        cart.currency,
      ).total.amountMinor;
      const bookingId = randomUUID();
      booking = await insertBooking(
        tx,
        {
          ...choice,
          id: bookingId,
          reference: await freeReference(tx),
          guestSecretHash: sha256(guestSecretOf(deps.guestAccessSecret, bookingId)),
          cartId: cart.id,
          cartFingerprint: fingerprint,
          siteCode: input.siteCode,
          currency: cart.currency,
          quote: cart.quote,
          totalMinor: total,
          holdExpiresAt: holdDeadlineOf(lines, now, deps.holdSeconds),
        },
        now,
        "placed",
      );
      await insertBookingLines(
        tx,
        booking.id,
        converted.map(({ line, price }) => bookingLineOf(line, price.total.amountMinor, names.get(line.id) ?? [])),
      );
    }
    // The buyer may correct their details or switch method between attempts; the lines stay as placed.
    booking = await updateBookingChoice(tx, booking.id, choice, now);
    const payment = await openAttempt(tx, booking, now);
    return { booking, payment, paid: false as const };
  });

  if (placed.paid) return { kind: "paid", reference: placed.booking.reference, bookingId: placed.booking.id };
  const payment = placed.payment!;
  const result = (url: string): PlaceBookingResult => ({
    kind: "redirect",
    reference: placed.booking.reference,
    bookingId: placed.booking.id,
    url,
  });
  const opened =
    payment.providerPaymentId && payment.status !== "created"
      ? payment
      : await createRemotePayment(deps, placed.booking, payment, input);
  if (input.cardToken === undefined) {
    if (!opened.redirectUrl)
      throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", { message: "the provider gave no page to pay on" });
    return result(opened.redirectUrl);
  }
  // A token in hand: authorized here (once per attempt), then the buyer lands where the provider's
  // page would have sent them, and the thank-you page confirms and captures as after any card.
  const authorized = await deps.provider.authorizePayment(opened.providerPaymentId!, {
    cardToken: input.cardToken.token,
    idempotencyKey: `${payment.idempotencyKey}:authorize`,
  });
  await updatePayment(
    db,
    payment.id,
    {
      status: authorized.status,
      failureCode: authorized.failureCode,
      financedBy: input.cardToken.financedBy,
      ...cardFieldsOf(authorized),
    },
    now,
  );
  const back = new URL(input.returnUrlOf(placed.booking.reference));
  back.searchParams.set("payment_intent", authorized.id);
  return result(back.toString());
}

/** Opens the attempt at the provider (its idempotency key makes a retried call the same payment). */
async function createRemotePayment(
  deps: CheckoutDeps,
  booking: BookingRow,
  payment: BookingPaymentRow,
  input: PlaceBookingInput,
): Promise<BookingPaymentRow> {
  const method = payment.method;
  // The booth's methods never reach the provider (flows/walk-up.ts records them without an attempt).
  if (method !== "card" && method !== "paypal") throw new Error(`payment method ${method} is not the provider's`);
  const remote = await deps.provider.createPayment({
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    reference: booking.reference,
    returnUrl: input.returnUrlOf(booking.reference),
    ...(input.cancelUrlOf
      ? { cancelUrl: input.cancelUrlOf({ singlePayment: payment.instalmentMonths !== null }) }
      : {}),
    language: input.language,
    idempotencyKey: payment.idempotencyKey,
    method,
    ...(payment.instalmentMonths ? { instalments: { months: payment.instalmentMonths } } : {}),
  });
  return updatePayment(
    deps.db,
    payment.id,
    { providerPaymentId: remote.id, status: remote.status, redirectUrl: remote.redirectUrl },
    deps.now,
  );
}

export async function freeReference(tx: Database): Promise<string> {
  // 32^6 ≈ 10^9 references: a clash is rare, and checked rather than hoped away.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const reference = newBookingReference();
    if (!(await findBooking(tx, { reference }))) return reference;
  }
  throw new Error("no free booking reference after 8 draws");
}

/**
 * The attempt the buyer pays with: the latest one while it is still open with the same method and
 * plan (the same provider page again), otherwise a new one whose idempotency key is its own.
 */
async function openAttempt(tx: Database, booking: BookingRow, now: Date): Promise<BookingPaymentRow> {
  const [latest] = await findPayments(tx, booking.id);
  const open = latest && ["created", "requires_payment_method", "requires_action"].includes(latest.status);
  if (
    latest &&
    open &&
    latest.method === booking.paymentMethod &&
    latest.instalmentMonths === booking.instalmentMonths &&
    latest.amountMinor === booking.totalMinor
  )
    return latest;
  if (latest && (latest.status === "authorized" || latest.status === "captured")) return latest;
  const attempt = (latest?.attempt ?? 0) + 1;
  return insertPayment(
    tx,
    {
      bookingId: booking.id,
      attempt,
      provider: PROVIDER,
      idempotencyKey: `booking:${booking.id}:attempt:${attempt}`,
      method: booking.paymentMethod,
      amountMinor: booking.totalMinor,
      currency: booking.currency,
      instalmentMonths: booking.instalmentMonths,
    },
    now,
  );
}

// ---- What the buyer typed

/** The payment form as the buyer last sent it for this cart: never anything of a card, which we never see. */
export interface CheckoutDraft {
  buyer: { name: string; email: string; phone: string; country: string };
  method: "card" | "paypal";
  instalmentMonths: number | null;
  /** By cart line id, as the form names them. */
  passengerNames: Record<string, string[]>;
}

/**
 * What the buyer sent when placing the cart's booking still waiting for its payment (a declined card,
 * the back button from the provider's page), so the form they return to is not blank. Only for the
 * browser holding the booking's guest access: the cart's session alone does not show whose it was.
 */
export async function findCheckoutDraft(
  db: Database,
  sessionId: string,
  access: { reference: string; secret: string } | null,
): Promise<CheckoutDraft | null> {
  if (access === null) return null;
  const cart = await findCartBySession(db, sessionId);
  const booking = cart ? await findActiveBookingOfCart(db, cart.id, { lock: false }) : null;
  if (
    !booking ||
    booking.status !== "pending_payment" ||
    booking.reference !== access.reference ||
    !hasGuestAccess(booking, access.secret)
  )
    return null;
  const lines = await findBookingLines(db, booking.id);
  return {
    buyer: {
      name: booking.buyerName,
      email: booking.buyerEmail,
      phone: booking.buyerPhone,
      country: booking.buyerCountry,
    },
    method: booking.paymentMethod === "paypal" ? "paypal" : "card",
    instalmentMonths: booking.instalmentMonths,
    passengerNames: Object.fromEntries(
      lines.filter((line) => line.passengerNames.length > 0).map((line) => [line.cartLineId, [...line.passengerNames]]),
    ),
  };
}

// ---- Confirming

export type ConfirmOutcome =
  | { kind: "ticketed"; booking: BookingRow }
  | { kind: "waiting"; booking: BookingRow; payment: BookingPaymentRow }
  | { kind: "declined"; booking: BookingRow; failureCode: string }
  /** Paid, but the seats were gone by then: the money went back. */
  | { kind: "refunded"; booking: BookingRow };

/** Thrown inside the ticketing transaction to roll it back when a line's seats are no longer there. */
class SeatsGone extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.code);
  }
}

/** Thrown inside the ticketing transaction when the money captured does not pay the booking (judgeCapture). */
class CaptureMismatch extends Error {
  constructor(readonly verdict: string) {
    super(verdict);
  }
}

/** What the provider captured, as it said it: recorded on the attempt whatever it was asked for. */
function capturedFieldsOf(remote: ProviderPayment) {
  return { capturedMinor: remote.capturedMinor, capturedCurrency: remote.currency.toUpperCase() };
}

function cardFieldsOf(remote: ProviderPayment) {
  return {
    cardBrand: remote.card?.brand ?? null,
    cardLast4: remote.card?.last4 ?? null,
    cardIssuer: remote.card?.issuer ?? null,
  };
}

/**
 * Brings a booking up to date with its payment at the provider. Authorized → captured (idempotency
 * key of the attempt) → seats sold, tickets issued, booking paid and ticketed in one transaction.
 * Safe to run any number of times, concurrently, from the return page and from webhooks.
 */
export async function confirmPayment(
  deps: CheckoutDeps & { onTicketed?: (tx: Database, booking: BookingRow) => Promise<void> },
  providerPaymentId: string,
): Promise<ConfirmOutcome> {
  const { db, now, provider } = deps;
  const payment = await findPaymentByProviderId(db, PROVIDER, providerPaymentId);
  if (!payment) throw new AppError("PAYMENT_INTENT_NOT_FOUND");
  let remote = await provider.getPayment(providerPaymentId);
  if (remote.status === "authorized")
    remote = await provider.capturePayment(providerPaymentId, { idempotencyKey: `capture:${payment.id}` });

  if (remote.status !== "captured") {
    const updated = await updatePayment(
      db,
      payment.id,
      { status: remote.status, failureCode: remote.failureCode, ...cardFieldsOf(remote) },
      now,
    );
    const booking = (await findBooking(db, { id: payment.bookingId }))!;
    if (remote.status === "refunded")
      return { kind: "refunded", booking: await markRefunded(deps, booking.id, "provider_refund") };
    if (remote.status === "failed")
      return { kind: "declined", booking, failureCode: remote.failureCode ?? "card_declined" };
    return { kind: "waiting", booking, payment: updated };
  }

  try {
    const booking = await db.transaction(async (tx) => {
      await decideAt(tx, now);
      const locked = await findBooking(tx, { id: payment.bookingId }, { lock: true });
      if (!locked) throw new AppError("BOOKING_NOT_FOUND");
      await updatePayment(
        tx,
        payment.id,
        { status: "captured", failureCode: null, ...cardFieldsOf(remote), ...capturedFieldsOf(remote) },
        now,
      );
      if (locked.status === "paid" || locked.status === "ticketed" || locked.status === "refunded") return locked;
      if (locked.status === "cancelled") throw new SeatsGone(new AppError("BOOKING_STATE"));
      // Only money that pays the booking's total in its currency issues tickets, whatever path confirms.
      const verdict = judgeCapture({ amountMinor: locked.totalMinor, currency: locked.currency }, remote);
      if (verdict.kind !== "covers") throw new CaptureMismatch(verdict.kind);
      const lines = await findBookingLines(tx, locked.id);
      const products = await findProducts(tx, locked.language as Language, {
        ids: [...new Set(lines.map((line) => line.productId))],
      });
      try {
        // Sailings are locked in one global order (by id) across lines, as the cart does, so two
        // confirmations of overlapping bookings cannot deadlock.
        for (const line of [...lines].sort(
          (a, b) => (a.outboundSailingId ?? a.activityId ?? 0) - (b.outboundSailingId ?? b.activityId ?? 0),
        )) {
          // The line's hold gives its seats back first, so they count for this sale whether or not
          // the hold ran out while the buyer was on the provider's page; then the sale re-checks.
          await releaseAllocations(tx, holdReferenceOf(line.cartLineId), now);
          if (line.trip !== "open")
            await takeLineSeats(tx, locked.language as Language, line, saleReferenceOf(line.id), "sold", now);
        }
      } catch (error) {
        if (isAppError(error)) throw new SeatsGone(error);
        throw error;
      }
      const monthsOf = (productId: number) =>
        products.find((product) => product.id === productId)?.openTicketMonths ?? OPEN_TICKET_MONTHS;
      const planned = planTickets(locked.reference, lines, localDateOf(now), monthsOf);
      await insertTickets(
        tx,
        locked.id,
        planned.map((ticket) => ({ ...ticket, issuedAt: now })),
      );
      const paid = await moveBooking(tx, locked, "paid", `payment:${providerPaymentId}`, now);
      const ticketed = await moveBooking(tx, paid, "ticketed", "tickets_issued", now);
      await markCartOrdered(tx, locked.cartId, now);
      if (deps.onTicketed) await deps.onTicketed(tx, ticketed);
      return ticketed;
    });
    if (booking.status === "refunded") return { kind: "refunded", booking };
    return { kind: "ticketed", booking };
  } catch (error) {
    if (error instanceof CaptureMismatch)
      return { kind: "refunded", booking: await refundMismatchedCapture(deps, payment, remote, error.verdict) };
    if (!(error instanceof SeatsGone)) throw error;
    return { kind: "refunded", booking: await refundUnfulfillable(deps, payment, error.refusal.code) };
  }
}

/**
 * A capture that does not pay the booking (short, over, or in another currency): the booking fails
 * with the verdict in its history for staff to see, the attempt keeps what was really captured, and
 * all of it goes back through the provider, once. The buyer's cart stays open to pay again.
 */
async function refundMismatchedCapture(
  deps: CheckoutDeps,
  payment: BookingPaymentRow,
  remote: ProviderPayment,
  verdict: string,
): Promise<BookingRow> {
  const { db, now } = deps;
  await db.transaction(async (tx) => {
    await updatePayment(
      tx,
      payment.id,
      {
        status: "captured",
        failureCode: `capture_mismatch:${verdict}`,
        ...cardFieldsOf(remote),
        ...capturedFieldsOf(remote),
      },
      now,
    );
    const locked = await findBooking(tx, { id: payment.bookingId }, { lock: true });
    if (locked?.status === "pending_payment")
      await moveBooking(tx, locked, "failed", `capture_mismatch:${verdict}`, now);
  });
  if (remote.capturedMinor > remote.refundedMinor)
    await deps.provider.refundPayment(payment.providerPaymentId!, { idempotencyKey: `refund:${payment.id}` });
  await updatePayment(db, payment.id, { status: "refunded" }, now);
  return markRefunded(deps, payment.bookingId, "refunded_capture_mismatch");
}

/** Paid but nothing to give: the booking fails with the reason, the capture is refunded in full, once. */
async function refundUnfulfillable(
  deps: CheckoutDeps,
  payment: BookingPaymentRow,
  reason: string,
): Promise<BookingRow> {
  const { db, now } = deps;
  await db.transaction(async (tx) => {
    const locked = await findBooking(tx, { id: payment.bookingId }, { lock: true });
    if (locked?.status === "pending_payment")
      await moveBooking(tx, locked, "failed", `seats_unavailable:${reason}`, now);
  });
  await deps.provider.refundPayment(payment.providerPaymentId!, { idempotencyKey: `refund:${payment.id}` });
  await updatePayment(db, payment.id, { status: "refunded" }, now);
  return markRefunded(deps, payment.bookingId, "refunded_unfulfillable");
}

async function markRefunded(deps: CheckoutDeps, bookingId: string, reason: string): Promise<BookingRow> {
  return deps.db.transaction(async (tx) => {
    const locked = await findBooking(tx, { id: bookingId }, { lock: true });
    if (!locked) throw new AppError("BOOKING_NOT_FOUND");
    if (locked.status === "refunded" || locked.status === "cancelled" || locked.status === "pending_payment")
      return locked;
    return moveBooking(tx, locked, "refunded", reason, deps.now);
  });
}

/**
 * The sweep: a booking still waiting for money when its hold ran out fails, and its lines' holds are
 * released (they no longer count already; releasing keeps the history plain). Its cart stays open,
 * so the visitor can hold again and pay. A payment that still completes later is handled by
 * confirmPayment, which sells the seats only if they are still there.
 */
export async function failLapsedBookings(deps: Pick<CheckoutDeps, "db" | "now">, limit = 100): Promise<number> {
  const { db, now } = deps;
  let failed = 0;
  for (const { id } of await findLapsedBookings(db, now, limit)) {
    await db.transaction(async (tx) => {
      const locked = await findBooking(tx, { id }, { lock: true });
      if (!locked || locked.status !== "pending_payment" || locked.holdExpiresAt > now) return;
      for (const line of await findBookingLines(tx, id))
        await releaseAllocations(tx, holdReferenceOf(line.cartLineId), now);
      await moveBooking(tx, locked, "failed", "hold_expired", now);
      failed += 1;
    });
  }
  return failed;
}
