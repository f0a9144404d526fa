// What the waiting list decides, with `now` passed in: whether a join request is well formed, which
// entries get the seats that are free (first in line whose group fits, in the order they joined), how
// long an offer lasts, and the offer link's token (HMAC of a per-offer nonce, like the newsletter's).
import { createHash, createHmac, randomBytes } from "node:crypto";
import { z } from "zod";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { isLanguage, type Language } from "../../lib/language.ts";

/** How long an offer keeps its seats for the visitor: two hours to read the mail and click (ADR 0037). */
export const OFFER_MINUTES = 120;
/** An offer shorter than this is no offer: too close to check-in, the seats go back to open sale. */
export const MIN_OFFER_MINUTES = 15;
/** At most this many people on one entry: the largest group a booking carries is 60, a waiting list wants less. */
export const MAX_WAITLIST_SEATS = 20;
const EMAIL_MAX_LENGTH = 254;
const EmailSchema = z.email();

export type WaitlistCategory = "tourist" | "resident";

export interface WaitlistRequest {
  sailingId: number;
  email: string;
  language: Language;
  category: WaitlistCategory;
  passengers: { adult: number; child: number; infant: number };
}

function count(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text === "") return 0;
  return /^\d{1,3}$/.test(text) ? Number(text) : null;
}

/**
 * Reads a join request (the form's fields or a JSON body). WAITLIST_INVALID names every bad field:
 * email (required, too_long, invalid), passengers (not_a_count, none, adult_required, too_many),
 * language, category, sailing. Infants take a seat (every person aboard counts).
 */
export function readWaitlistRequest(input: Record<string, unknown>): WaitlistRequest {
  const issues: ErrorIssue[] = [];
  const email = typeof input.email === "string" ? input.email.trim() : "";
  if (email === "") issues.push({ path: "email", code: "required" });
  else if (email.length > EMAIL_MAX_LENGTH) issues.push({ path: "email", code: "too_long" });
  else if (!EmailSchema.safeParse(email).success) issues.push({ path: "email", code: "invalid" });
  const sailingText =
    typeof input.sailing === "number"
      ? String(input.sailing)
      : typeof input.sailing === "string"
        ? input.sailing.trim()
        : "";
  const sailingId = /^[1-9]\d{0,14}$/.test(sailingText) ? Number(sailingText) : 0;
  if (sailingId === 0) issues.push({ path: "sailing", code: "invalid" });
  const language = input.language;
  if (!isLanguage(language)) issues.push({ path: "language", code: "invalid" });
  const category = input.category === undefined || input.category === "" ? "tourist" : input.category;
  if (category !== "tourist" && category !== "resident") issues.push({ path: "category", code: "invalid" });
  const passengers = { adult: count(input.adults), child: count(input.children), infant: count(input.infants) };
  if (passengers.adult === null || passengers.child === null || passengers.infant === null) {
    issues.push({ path: "passengers", code: "not_a_count" });
  } else {
    const total = passengers.adult + passengers.child + passengers.infant;
    if (total === 0) issues.push({ path: "passengers", code: "none" });
    else if (passengers.adult === 0) issues.push({ path: "passengers.adult", code: "adult_required" });
    else if (total > MAX_WAITLIST_SEATS) issues.push({ path: "passengers", code: "too_many" });
  }
  if (issues.length > 0) throw new AppError("WAITLIST_INVALID", { issues });
  return {
    sailingId,
    email,
    language: language as Language,
    category: category as WaitlistCategory,
    passengers: passengers as WaitlistRequest["passengers"],
  };
}

/** Every person aboard takes a seat, infants included. */
export function seatsOf(passengers: WaitlistRequest["passengers"]): number {
  return passengers.adult + passengers.child + passengers.infant;
}

/**
 * Which waiting entries are offered `free` seats, in line order: each entry whose group fits in what
 * is still free gets its seats; one that does not fit keeps its place and waits for more (a group of
 * four is not offered two seats, and does not stop a couple behind it from getting those two).
 */
export function pickOffers<T extends { seats: number }>(line: readonly T[], free: number): T[] {
  const offered: T[] = [];
  let left = free;
  for (const entry of line) {
    if (left <= 0) break;
    if (entry.seats <= left) {
      offered.push(entry);
      left -= entry.seats;
    }
  }
  return offered;
}

/**
 * Until when an offer made at `now` keeps its seats: OFFER_MINUTES, but never past the sailing's
 * check-in cutoff (nobody could board after). Null when less than MIN_OFFER_MINUTES would be left.
 */
export function offerExpiry(now: Date, departsAt: Date, checkInCutoffMinutes: number): Date | null {
  const cutoff = departsAt.getTime() - checkInCutoffMinutes * 60_000;
  const end = Math.min(now.getTime() + OFFER_MINUTES * 60_000, cutoff);
  return end - now.getTime() < MIN_OFFER_MINUTES * 60_000 ? null : new Date(end);
}

/** The seats of an offer are held in seat_allocations under this reference. */
export function offerReferenceOf(entryId: string): string {
  return `waitlist-offer:${entryId}`;
}

/** 64 hex characters: 256 bits. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function newOfferNonce(): string {
  return randomBytes(16).toString("base64url");
}

export function deriveOfferToken(secret: string, nonce: string): string {
  return createHmac("sha256", secret).update(`waitlist-offer:${nonce}`).digest("hex");
}

export function hashOfferToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isOfferTokenShaped(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}
