// Guest access to a booking from this browser: the HttpOnly cookie `<REFERENCE>.<secret>` set when the
// booking is placed (and by the manage-booking form), checked against the booking's stored hash.
import { COOKIE, cookieAttributes, parseCookieHeader } from "../../lib/cookies.ts";
import { normalizeReference } from "../../modules/bookings/index.ts";

export interface BookingAccess {
  reference: string;
  secret: string;
}

export function readBookingAccess(request: Request): BookingAccess | null {
  const value = parseCookieHeader(request.headers.get("Cookie"))[COOKIE.bookingAccess];
  const match = value ? /^([0-9A-Z]{6})\.([A-Za-z0-9_-]{16,64})$/.exec(value) : null;
  const reference = match ? normalizeReference(match[1]!) : null;
  return match && reference ? { reference, secret: match[2]! } : null;
}

export function bookingAccessCookie(access: BookingAccess, secure: boolean): string {
  return `${COOKIE.bookingAccess}=${access.reference}.${access.secret}; HttpOnly; ${cookieAttributes(secure)}`;
}
