// What a ticket's QR carries: its code and an HMAC of it, so the boarding scanner can tell a ticket we
// issued from a made-up or altered one without asking the database. Short enough for a small QR.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../lib/errors.ts";

const VERSION = "TRV1";
/** 16 bytes of HMAC-SHA256: 128 bits, far beyond guessing, and 22 characters in the QR. */
const MAC_BYTES = 16;
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,38}[A-Z0-9]$/;
const MAC_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function macOf(secret: string, code: string): Buffer {
  return createHmac("sha256", secret).update(`${VERSION}.${code}`, "utf8").digest().subarray(0, MAC_BYTES);
}

/** `TRV1.<code>.<base64url MAC>`. Codes are upper-case letters, digits and inner hyphens. */
export function signTicketCode(secret: string, code: string): string {
  if (!CODE_PATTERN.test(code)) throw new RangeError(`not a ticket code: ${JSON.stringify(code)}`);
  return `${VERSION}.${code}.${macOf(secret, code).toString("base64url")}`;
}

/**
 * The ticket code printed under a QR, as a pier agent types it when the QR will not scan (lower case,
 * spaces around): the code in its stored form, or null when it cannot be one. Only its shape is
 * checked: whether such a ticket exists is the database's answer, never derived from the code.
 */
export function printedTicketCodeOf(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return code.length <= 40 && CODE_PATTERN.test(code) ? code : null;
}

/** The code a scanned payload carries, or TICKET_CODE_INVALID when it is malformed or not signed by us. */
export function verifyTicketCode(secret: string, payload: string): string {
  // A QR may carry a signed pass after the MAC (modules/boarding/ticket-pass.ts): for the offline
  // scanner. The server has the database and reads only the code and its MAC.
  const parts = payload.length <= 256 ? payload.split(".") : [];
  const [version, code, mac] = parts;
  if (
    (parts.length !== 3 && parts.length !== 5) ||
    version !== VERSION ||
    !code ||
    !mac ||
    !CODE_PATTERN.test(code) ||
    !MAC_PATTERN.test(mac)
  ) {
    throw new AppError("TICKET_CODE_INVALID");
  }
  const given = Buffer.from(mac, "base64url");
  const expected = macOf(secret, code);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("TICKET_CODE_INVALID");
  return code;
}
