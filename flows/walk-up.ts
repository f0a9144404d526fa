// Walk-up sales at the pier's booth (ADR 0040): the agent picks a sailing and the
// passengers, takes cash or a card at the terminal, and the tickets are issued at once, boardable on
// the next scan. The seats go through the site's own machinery: a cart line holds them (the cart's
// transaction, sailing locked, seats re-read, the capacity trigger behind it), then one transaction
// turns the hold into a sale, the booking paid and ticketed, and the audit entry — so a booth and the
// web buying the last seats of a boat are serialized on the same lock and never oversell.
import { randomUUID } from "node:crypto";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { recordChange, recordRefusal, type AuditActor } from "../modules/audit/index.ts";
import { insertBoothSale } from "../modules/boarding/index.ts";
import { findCartBySession, findCartLines, holdReferenceOf, markCartOrdered } from "../modules/cart/index.ts";
import { convertPricing } from "../modules/pricing/index.ts";
import type { FareCategory, PassengerCounts } from "../modules/catalog/index.ts";
import {
  findTickets,
  insertBooking,
  insertBookingLines,
  insertTickets,
  moveBooking,
  planTickets,
  readPassengerNames,
  saleReferenceOf,
  sha256,
  type BookingRow,
  type TicketRow,
} from "../modules/bookings/index.ts";
import {
  decideAt,
  findCrossings,
  findSailing,
  localDateOf,
  releaseAllocations,
  type SailingView,
} from "../modules/inventory/index.ts";
import type { CurrencyCode } from "../lib/money.ts";
import { addToCart, oneSailingItem, takeLineSeats, type CartItemInput } from "./cart.ts";
import { enqueueBookingEmail } from "./booking-email.ts";
import { bookingLineOf, freeReference, guestSecretOf } from "./checkout.ts";

export type BoothPaymentMethod = "cash" | "card_present";

export interface WalkUpSale {
  /** One way on the sailing, a round trip from it, or open tickets for its crossing and direction. */
  trip?: "one_way" | "round_trip" | "open";
  sailingId: number;
  /** Round trips: the return sailing. */
  inboundSailingId?: number | null;
  /** What the buyer pays in (any currency the site sells in); MXN when absent. */
  currency?: CurrencyCode;
  /** Names on the tickets, in passenger order (adults, children, infants); required for a resident fare. */
  passengerNames?: readonly string[];
  category: FareCategory;
  passengers: PassengerCounts;
  method: BoothPaymentMethod;
  /** Card at the terminal: the last four digits on its slip, for the till's reconciliation. */
  cardLast4: string | null;
  /** Optional: a name for the booking and an address to mail the tickets to. */
  buyerName: string;
  buyerEmail: string;
  language: Language;
}

export interface WalkUpDeps {
  db: Database;
  now: Date;
  siteCode: string;
  guestAccessSecret: string;
  /** How long the hold lasts if the sale does not complete (it is released at once when it fails). */
  holdSeconds: number;
}

export interface WalkUpResult {
  booking: BookingRow;
  tickets: TicketRow[];
  /** The booking's guest key: the booth prints the tickets' PDF with it. */
  guestSecret: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readSale(sale: WalkUpSale): WalkUpSale {
  const issues: { path: string; code: string }[] = [];
  if (sale.buyerEmail !== "" && (!EMAIL.test(sale.buyerEmail) || sale.buyerEmail.length > 254))
    issues.push({ path: "buyerEmail", code: "invalid_email" });
  if (sale.buyerName.length > 120) issues.push({ path: "buyerName", code: "too_long" });
  if (sale.method === "card_present" && sale.cardLast4 !== null && !/^\d{4}$/.test(sale.cardLast4))
    issues.push({ path: "cardLast4", code: "four_digits" });
  if (issues.length > 0) throw new AppError("BUYER_DETAILS_INVALID", { issues });
  return { ...sale, cardLast4: sale.method === "card_present" ? sale.cardLast4 : null };
}

/** The cart item of a booth sale: one way, a round trip with its return sailing, or open tickets on the sailing's crossing. */
async function boothItemOf(
  db: Database,
  sale: WalkUpSale,
  crossingCode: string,
  sailing: SailingView,
  now: Date,
): Promise<CartItemInput> {
  const trip = sale.trip ?? "one_way";
  if (trip === "one_way") return oneSailingItem(crossingCode, sailing, sale.category, sale.passengers);
  if (trip === "open") {
    return {
      type: "ferry",
      crossing: crossingCode,
      trip: "open",
      date: null,
      returnDate: null,
      outboundSailingId: null,
      inboundSailingId: null,
      category: sale.category,
      passengers: sale.passengers,
    };
  }
  if (!sale.inboundSailingId)
    throw new AppError("SCHEDULE_REQUIRED", { issues: [{ path: "inboundSailingId", code: "required" }] });
  const inbound = await findSailing(db, sale.inboundSailingId, now);
  return {
    type: "ferry",
    crossing: crossingCode,
    trip: "round_trip",
    date: sailing.serviceDate,
    returnDate: inbound.serviceDate,
    outboundSailingId: sailing.id,
    inboundSailingId: inbound.id,
    category: sale.category,
    passengers: sale.passengers,
  };
}

/** The names the tickets carry: those the fare requires, else those the agent typed — all of them (2 to 80 characters each) or none. */
function named(
  line: Parameters<typeof readPassengerNames>[0],
  required: string[],
  typed: readonly string[] | undefined,
): string[] {
  if (required.length > 0 || !typed?.some((name) => name.trim() !== "")) return required;
  const count = line.adults + line.children + line.infants;
  const names = Array.from({ length: count }, (_, index) => (typed[index] ?? "").trim().replace(/\s+/g, " "));
  const issues = names.flatMap((name, index) =>
    name.length < 2 || name.length > 80
      ? [{ path: `passengerNames.${index}`, code: name === "" ? "required" : "length" }]
      : [],
  );
  if (issues.length > 0) throw new AppError("PASSENGER_NAMES_REQUIRED", { issues });
  return names;
}

/** Sells seats on one sailing at the booth; refusals (sold out, departed, bad input) are audited and change nothing. */
export async function sellAtBooth(
  deps: WalkUpDeps,
  actor: AuditActor,
  input: WalkUpSale,
  requestId: string | null = null,
): Promise<WalkUpResult> {
  const { db, now } = deps;
  const attempt = {
    actor,
    action: "booking.walkup_sale",
    entityType: "sailing",
    entityId: input.sailingId,
    requestId,
    at: now,
  };
  let heldLine: string | null = null;
  try {
    const sale = readSale(input);
    const sailing = await findSailing(db, sale.sailingId, now);
    const crossing = (await findCrossings(db, sale.language)).find((candidate) => candidate.id === sailing.crossingId);
    if (!crossing) throw new AppError("UNKNOWN_SAILING");
    // The cart's own transaction holds the seats: the same lock, re-check and trigger as a web buyer's.
    const held = await addToCart(
      db,
      {
        sessionId: null,
        currency: sale.currency ?? "MXN",
        item: await boothItemOf(db, sale, crossing.code, sailing, now),
      },
      { siteCode: deps.siteCode, language: sale.language, now, holdSeconds: deps.holdSeconds, channel: "booth" },
    );
    heldLine = held.lineId;
    return await db.transaction(async (tx) => {
      await decideAt(tx, now);
      const cart = await findCartBySession(tx, held.sessionId, { lock: true });
      if (!cart) throw new AppError("CART_NOT_FOUND");
      const lines = await findCartLines(tx, cart.id);
      const line = lines[0]!;
      const price = convertPricing(line.pricing, cart.currency, cart.quote);
      const bookingId = randomUUID();
      const placed = await insertBooking(
        tx,
        {
          id: bookingId,
          reference: await freeReference(tx),
          guestSecretHash: sha256(guestSecretOf(deps.guestAccessSecret, bookingId)),
          cartId: cart.id,
          cartFingerprint: `booth:${cart.id}`,
          siteCode: deps.siteCode,
          language: sale.language,
          currency: cart.currency,
          quote: cart.quote,
          totalMinor: price.total.amountMinor,
          buyerName: sale.buyerName,
          // A walk-up buyer need not give an address: empty means "none", and no mail is sent.
          buyerEmail: sale.buyerEmail,
          buyerPhone: "",
          buyerCountry: "MX",
          paymentMethod: sale.method,
          instalmentMonths: null,
          holdExpiresAt: line.holdExpiresAt ?? now,
        },
        now,
        `booth_sale:${actor.label}`,
      );
      const names = readPassengerNames(
        line,
        sale.passengerNames?.length ? sale.passengerNames : undefined,
        "passengerNames",
      );
      const [bookingLine] = await insertBookingLines(tx, placed.id, [
        bookingLineOf(line, price.total.amountMinor, named(line, names, sale.passengerNames)),
      ]);
      // The hold becomes the sale under the sailing's lock, as a paid web booking's does.
      await releaseAllocations(tx, holdReferenceOf(line.id), now);
      await takeLineSeats(tx, sale.language, bookingLine!, saleReferenceOf(bookingLine!.id), "sold", now, "booth");
      const planned = planTickets(placed.reference, [bookingLine!], localDateOf(now), () => 6);
      await insertTickets(
        tx,
        placed.id,
        planned.map((ticket) => ({ ...ticket, issuedAt: now })),
      );
      const paid = await moveBooking(tx, placed, "paid", `booth:${sale.method}`, now);
      const ticketed = await moveBooking(tx, paid, "ticketed", "tickets_issued", now);
      await markCartOrdered(tx, cart.id, now);
      await insertBoothSale(tx, {
        bookingId: placed.id,
        amountMinor: placed.totalMinor,
        currency: placed.currency,
        cardLast4: sale.cardLast4,
        staffUserId: actor.userId,
        staffLabel: actor.label,
        soldAt: now,
      });
      await recordChange(tx, {
        ...attempt,
        entityType: "booking",
        entityId: placed.id,
        before: null,
        after: {
          reference: placed.reference,
          trip: sale.trip ?? "one_way",
          sailingId: sailing.id,
          inboundSailingId: sale.inboundSailingId ?? null,
          passengers: sale.passengers,
          category: sale.category,
          method: sale.method,
          totalMinor: placed.totalMinor,
          currency: placed.currency,
        },
      });
      // An address given: the tickets go by mail like a web buyer's (the job sends after the commit).
      if (sale.buyerEmail !== "") await enqueueBookingEmail(tx, placed.id, "confirmation");
      return {
        booking: ticketed,
        tickets: await findTickets(tx, placed.id),
        guestSecret: guestSecretOf(deps.guestAccessSecret, placed.id),
      };
    });
  } catch (error) {
    // The hold would lapse by itself; releasing it gives the seats back to the next buyer at once.
    if (heldLine !== null)
      await db.transaction(async (tx) => void (await releaseAllocations(tx, holdReferenceOf(heldLine!), now)));
    if (error instanceof AppError)
      await recordRefusal(db, {
        ...attempt,
        reason: error.code,
        after: { passengers: input.passengers, category: input.category, method: input.method },
      });
    throw error;
  }
}
