// What a ticket's QR carries beyond its code and MAC, so a scanner that fetched its list before the
// ticket was sold can still board it offline: the sailing (or, for open tickets, the last day), the
// day and the passenger type, signed with the boarding list's ECDSA P-256 key. The phone verifies it
// with the public key it already holds; it never holds anything that could sign one.
//
//   TRV1.<code>.<mac>.<claims>.<signature>
//   claims: <sailing id, or "o" + the open ticket's crossing id>~<service date>~<valid until>~<a|c|i>   (no dots)
//   signature: ECDSA P-256/SHA-256 (r‖s, base64url) of "ticket-pass:" + everything before it
// The "ticket-pass:" prefix keeps these signatures apart from the list's (whose text starts with "{").
import { sign, verify } from "node:crypto";
import type { BoardingKeys } from "./signed-list.ts";

export interface TicketPass {
  /** Null: an open ticket, good on a sailing of its crossing until validUntil. */
  sailingId: number | null;
  /** Open tickets: the crossing they board ("o<id>"); null when not recorded ("o": any crossing). */
  crossingId: number | null;
  serviceDate: string | null;
  validUntil: string | null;
  passengerType: "adult" | "child" | "infant";
}

const TYPE_LETTER = { adult: "a", child: "c", infant: "i" } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function passClaimsOf(pass: TicketPass): string {
  return [
    pass.sailingId ?? `o${pass.crossingId ?? ""}`,
    pass.serviceDate ?? "",
    pass.validUntil ?? "",
    TYPE_LETTER[pass.passengerType],
  ].join("~");
}

/** The claims' text read back; null when it is not one. The browser's twin is app/console/scanner/offline-check.ts. */
export function readPassClaims(claims: string): TicketPass | null {
  const [sailing, serviceDate, validUntil, letter, ...rest] = claims.split("~");
  if (rest.length > 0 || sailing === undefined || serviceDate === undefined || validUntil === undefined) return null;
  const passengerType = letter === "a" ? "adult" : letter === "c" ? "child" : letter === "i" ? "infant" : null;
  const open = /^o(\d{1,9})?$/.exec(sailing);
  const sailingId = open ? null : /^\d{1,12}$/.test(sailing) ? Number(sailing) : Number.NaN;
  if (passengerType === null || Number.isNaN(sailingId)) return null;
  if ((serviceDate !== "" && !DATE.test(serviceDate)) || (validUntil !== "" && !DATE.test(validUntil))) return null;
  return {
    sailingId,
    crossingId: open?.[1] ? Number(open[1]) : null,
    serviceDate: serviceDate || null,
    validUntil: validUntil || null,
    passengerType,
  };
}

/** The QR payload with its pass: the HMAC-signed code (signTicketCode's answer) followed by signed claims. */
export function withTicketPass(keys: Pick<BoardingKeys, "privateKey">, signedCode: string, pass: TicketPass): string {
  const body = `${signedCode}.${passClaimsOf(pass)}`;
  const signature = sign("sha256", Buffer.from(`ticket-pass:${body}`, "utf8"), {
    key: keys.privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `${body}.${signature.toString("base64url")}`;
}

/** The server's twin of the phone's check (tests, tools): the pass when its signature holds, else null. */
export function openTicketPass(keys: Pick<BoardingKeys, "publicKey">, payload: string): TicketPass | null {
  const parts = payload.split(".");
  if (parts.length !== 5) return null;
  const body = parts.slice(0, 4).join(".");
  const ok = verify(
    "sha256",
    Buffer.from(`ticket-pass:${body}`, "utf8"),
    { key: keys.publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(parts[4]!, "base64url"),
  );
  return ok ? readPassClaims(parts[3]!) : null;
}
