// The scanner's decision when it cannot ask the server: the same rules as modules/boarding/decide.ts,
// applied to the signed list the page verified, plus what this device boarded since. A QR's MAC is
// compared with the one the list carries for its code: the phone can check a ticket, never make one.
import type { BoardingList, BoardingRefusal, ListedTicket } from "../../../modules/boarding/index.ts";

/** Offline only: a well-formed QR whose code the list does not carry (another day, or made up). */
export type DeviceRefusal = BoardingRefusal | "TICKET_NOT_ON_LIST";

export interface LocalBoarding {
  code: string;
  at: string;
  sailingId: number;
  open: boolean;
}

export interface DeviceScanResult {
  outcome: "boarded" | "refused";
  reason: DeviceRefusal | null;
  code: string | null;
  passengerType: ListedTicket["passengerType"] | null;
  fareCategory: ListedTicket["fareCategory"] | null;
  passengerName: string | null;
  bookingReference: string | null;
  boardedAt: string | null;
  boardedSailingId: number | null;
  ticketSailingId: number | null;
  conflict: boolean;
}

// The same shapes modules/booking-documents/ticket-code.ts signs: TRV1.<code>.<22 base64url characters>.
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,38}[A-Z0-9]$/;
const MAC_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A pass's claims as modules/boarding/ticket-pass.ts writes them, once the page verified its signature. */
export interface PassClaims {
  sailingId: number | null;
  /** Open tickets: the crossing they board; null when not recorded (any crossing). */
  crossingId: number | null;
  serviceDate: string | null;
  validUntil: string | null;
  passengerType: ListedTicket["passengerType"];
}

export interface ParsedPayload {
  code: string;
  mac: string;
  /** A signed pass after the MAC: what it says, and the text and signature the page verifies. */
  pass: { claims: PassClaims; signed: string; signature: string } | null;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{86}$/;

export function readPassClaims(claims: string): PassClaims | null {
  const [sailing, serviceDate, validUntil, letter, ...rest] = claims.split("~");
  if (rest.length > 0 || sailing === undefined || serviceDate === undefined || validUntil === undefined) return null;
  const passengerType = letter === "a" ? "adult" : letter === "c" ? "child" : letter === "i" ? "infant" : null;
  const open = /^o(\d{1,9})?$/.exec(sailing);
  const sailingId = open ? null : /^\d{1,12}$/.test(sailing) ? Number(sailing) : Number.NaN;
  if (passengerType === null || Number.isNaN(sailingId)) return null;
  if ((serviceDate !== "" && !DATE_PATTERN.test(serviceDate)) || (validUntil !== "" && !DATE_PATTERN.test(validUntil)))
    return null;
  return {
    sailingId,
    crossingId: open?.[1] ? Number(open[1]) : null,
    serviceDate: serviceDate || null,
    validUntil: validUntil || null,
    passengerType,
  };
}

export function parseTicketPayload(text: string): ParsedPayload | null {
  const trimmed = text.trim();
  const parts = trimmed.length <= 256 ? trimmed.split(".") : [];
  const [version, code, mac, claims, signature] = parts;
  if (
    (parts.length !== 3 && parts.length !== 5) ||
    version !== "TRV1" ||
    !code ||
    !mac ||
    !CODE_PATTERN.test(code) ||
    !MAC_PATTERN.test(mac)
  )
    return null;
  if (parts.length === 3) return { code, mac, pass: null };
  const read = claims ? readPassClaims(claims) : null;
  if (!read || !signature || !SIGNATURE_PATTERN.test(signature)) return null;
  return { code, mac, pass: { claims: read, signed: `ticket-pass:${parts.slice(0, 4).join(".")}`, signature } };
}

/** A code as printed under the QR, typed by hand: upper case, trimmed; null when it cannot be one. */
export function printedCodeOf(text: string): string | null {
  const code = text.trim().toUpperCase();
  return code.length <= 40 && CODE_PATTERN.test(code) ? code : null;
}

/** Compares without stopping at the first difference (as the server's timingSafeEqual). */
function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

function refusal(
  reason: DeviceRefusal,
  ticket: ListedTicket | null,
  extra: Partial<DeviceScanResult> = {},
): DeviceScanResult {
  return {
    outcome: "refused",
    reason,
    code: ticket?.code ?? null,
    passengerType: ticket?.passengerType ?? null,
    fareCategory: ticket?.fareCategory ?? null,
    passengerName: ticket?.passengerName ?? null,
    bookingReference: ticket?.bookingReference ?? null,
    boardedAt: null,
    boardedSailingId: null,
    ticketSailingId: null,
    conflict: false,
    ...extra,
  };
}

const PIER_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Cancun",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The local date at the pier (America/Cancun) of an instant, YYYY-MM-DD, as the server's localDateOf. */
export function pierDateOf(now: Date): string {
  return PIER_DAY.format(now);
}

/**
 * Decides a scan from the list: `local` is what this device boarded since the list was made (by code).
 * The list's own boardings and this device's count alike for a second scan. `now` is the device's
 * clock: a list kept past midnight boards nobody on the next day's boats.
 */
export function checkOffline(
  list: BoardingList,
  text: string,
  sailingId: number,
  local: ReadonlyMap<string, LocalBoarding>,
  now: Date,
  /** True when the page verified the QR's pass with our public key: a ticket sold after the list boards by it. */
  passVerified = false,
): DeviceScanResult {
  const parsed = parseTicketPayload(text);
  // Not a QR's text: the code printed under a damaged QR, typed by the agent. It boards only when the
  // list carries a ticket with exactly that code (there is no MAC to compare).
  const printed = parsed ? null : printedCodeOf(text);
  if (!parsed && printed === null) return refusal("TICKET_CODE_INVALID", null);
  const code = parsed?.code ?? printed!;
  const ticket = list.tickets.find((candidate) => candidate.code === code) ?? null;
  if (!ticket && parsed?.pass && passVerified) return checkPass(list, code, parsed.pass.claims, sailingId, local, now);
  if (!ticket) return parsed ? refusal("TICKET_NOT_ON_LIST", null, { code }) : refusal("TICKET_CODE_INVALID", null);
  if (parsed && !sameMac(ticket.mac, parsed.mac)) return refusal("TICKET_CODE_INVALID", null);
  if (ticket.cancelled) return refusal("TICKET_CANCELLED", ticket);
  const mine = local.get(ticket.code);
  const boardedAt = ticket.boardedAt ?? mine?.at ?? null;
  if (boardedAt !== null)
    return refusal("TICKET_ALREADY_BOARDED", ticket, {
      boardedAt,
      boardedSailingId: ticket.boardedSailingId ?? mine?.sailingId ?? null,
    });
  const sailing = list.sailings.find((candidate) => candidate.id === sailingId);
  if (!sailing) return refusal("TICKET_WRONG_SAILING", ticket, { ticketSailingId: ticket.sailingId });
  if (pierDateOf(now) !== list.serviceDate) return refusal("SAILING_NOT_TODAY", ticket);
  if (ticket.sailingId !== null) {
    if (ticket.sailingId !== sailingId)
      return refusal("TICKET_WRONG_SAILING", ticket, { ticketSailingId: ticket.sailingId });
  } else {
    if (ticket.crossingId !== null && ticket.crossingId !== sailing.crossingId)
      return refusal("TICKET_WRONG_CROSSING", ticket);
    if (ticket.validUntil === null || ticket.validUntil < list.serviceDate)
      return refusal("OPEN_TICKET_EXPIRED", ticket);
    // The list's count plus the open tickets this device put on since: other devices may have too,
    // and the server's capacity check settles it at sync.
    const boardedHere = [...local.values()].filter(
      (boarding) => boarding.open && boarding.sailingId === sailingId,
    ).length;
    if (sailing.taken + boardedHere >= sailing.capacity) return refusal("SAILING_SOLD_OUT", ticket);
  }
  return { ...refusal("TICKET_CODE_INVALID", ticket), outcome: "boarded", reason: null };
}

/**
 * A ticket the list does not carry (sold after it was made), decided by its verified pass: a dated
 * ticket boards only its own sailing, on its day; an open one any sailing of the day while it is valid
 * and the boat has room. Whether it was cancelled since cannot be known offline: the sync tells.
 */
function checkPass(
  list: BoardingList,
  code: string,
  pass: PassClaims,
  sailingId: number,
  local: ReadonlyMap<string, LocalBoarding>,
  now: Date,
): DeviceScanResult {
  const listed: ListedTicket = {
    code,
    mac: "",
    sailingId: pass.sailingId,
    crossingId: pass.crossingId,
    validUntil: pass.validUntil,
    passengerType: pass.passengerType,
    fareCategory: "tourist",
    passengerName: null,
    bookingReference: "",
    cancelled: false,
    boardedAt: null,
    boardedSailingId: null,
  };
  const shown = { fareCategory: null, bookingReference: null };
  const mine = local.get(code);
  if (mine)
    return refusal("TICKET_ALREADY_BOARDED", listed, {
      ...shown,
      boardedAt: mine.at,
      boardedSailingId: mine.sailingId,
    });
  const sailing = list.sailings.find((candidate) => candidate.id === sailingId);
  if (!sailing) return refusal("TICKET_WRONG_SAILING", listed, { ...shown, ticketSailingId: pass.sailingId });
  if (pierDateOf(now) !== list.serviceDate) return refusal("SAILING_NOT_TODAY", listed, shown);
  if (pass.sailingId !== null) {
    if (pass.sailingId !== sailingId || pass.serviceDate !== list.serviceDate)
      return refusal("TICKET_WRONG_SAILING", listed, { ...shown, ticketSailingId: pass.sailingId });
  } else {
    if (pass.crossingId !== null && pass.crossingId !== sailing.crossingId)
      return refusal("TICKET_WRONG_CROSSING", listed, shown);
    if (pass.validUntil === null || pass.validUntil < list.serviceDate)
      return refusal("OPEN_TICKET_EXPIRED", listed, shown);
    const boardedHere = [...local.values()].filter(
      (boarding) => boarding.open && boarding.sailingId === sailingId,
    ).length;
    if (sailing.taken + boardedHere >= sailing.capacity) return refusal("SAILING_SOLD_OUT", listed, shown);
  }
  return { ...refusal("TICKET_CODE_INVALID", listed, shown), outcome: "boarded", reason: null };
}
