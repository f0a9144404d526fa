// The list a boarding phone keeps for working offline: the day's tickets of the chosen sailings (and
// the day's other sailings, so "wrong sailing" can be told apart from "unknown"), signed with ECDSA
// P-256 so the page can check, with WebCrypto and our public key, that it came from us unchanged and
// has not expired before it trusts it. P-256, not Ed25519: every phone browser's WebCrypto verifies it.
//
// The key pair is derived from TICKET_SIGNING_SECRET (HKDF), so there is no new secret to deploy and
// every node of a cluster signs with the same key; the phone never sees anything that could sign.
import {
  createECDH,
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";

export const BOARDING_LIST_VERSION = 1;
/** A list is good for a working day; the scanner refreshes it every few minutes while online. */
export const BOARDING_LIST_TTL_HOURS = 18;

export type PassengerType = "adult" | "child" | "infant";
export type FareCategory = "tourist" | "resident";

export interface ListedSailing {
  id: number;
  crossingId: number;
  crossingCode: string;
  from: string;
  to: string;
  departsAt: string;
  /** Local "HH:MM". */
  time: string;
  capacity: number;
  /** Seats taken when the list was made (holds, sales, boarded open tickets). */
  taken: number;
}

export interface ListedTicket {
  code: string;
  /** The MAC part of the ticket's QR (TRV1.<code>.<mac>): the phone compares it, it cannot make one. */
  mac: string;
  /** Null: an open ticket, good on any sailing of its crossing until validUntil. */
  sailingId: number | null;
  /** Open tickets: the crossing (and direction) they board; null when not recorded (any crossing). */
  crossingId: number | null;
  validUntil: string | null;
  passengerType: PassengerType;
  fareCategory: FareCategory;
  passengerName: string | null;
  bookingReference: string;
  cancelled: boolean;
  boardedAt: string | null;
  boardedSailingId: number | null;
}

export interface BoardingList {
  version: typeof BOARDING_LIST_VERSION;
  keyId: string;
  issuedAt: string;
  expiresAt: string;
  serviceDate: string;
  /** The sailings the phone boards. */
  chosen: number[];
  sailings: ListedSailing[];
  tickets: ListedTicket[];
}

/** What travels and is stored: the exact signed text and its signature (base64url, r‖s, 64 bytes). */
export interface SignedBoardingList {
  list: string;
  signature: string;
  keyId: string;
}

export interface BoardingKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as WebCrypto imports it. */
  publicJwk: { kty: "EC"; crv: "P-256"; x: string; y: string };
  keyId: string;
}

// The order of P-256's group: a private scalar must lie in [1, n-1].
const P256_ORDER = BigInt("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");

const cache = new Map<string, BoardingKeys>();

export function boardingKeysOf(secret: string): BoardingKeys {
  const cached = cache.get(secret);
  if (cached) return cached;
  for (let counter = 0; ; counter += 1) {
    const seed = Buffer.from(hkdfSync("sha256", secret, "travesia-boarding-list", `p256-key-${counter}`, 32));
    const scalar = BigInt(`0x${seed.toString("hex")}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue; // about 1 in 2^32: draw again
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(seed);
    const point = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
    const x = point.subarray(1, 33).toString("base64url");
    const y = point.subarray(33, 65).toString("base64url");
    const privateKey = createPrivateKey({
      key: { kty: "EC", crv: "P-256", d: seed.toString("base64url"), x, y },
      format: "jwk",
    });
    const keys: BoardingKeys = {
      privateKey,
      publicKey: createPublicKey(privateKey),
      publicJwk: { kty: "EC", crv: "P-256", x, y },
      keyId: createHash("sha256").update(point).digest("base64url").slice(0, 12),
    };
    cache.set(secret, keys);
    return keys;
  }
}

export function signBoardingList(
  keys: BoardingKeys,
  list: Omit<BoardingList, "version" | "keyId">,
): SignedBoardingList {
  const text = JSON.stringify({ version: BOARDING_LIST_VERSION, keyId: keys.keyId, ...list } satisfies BoardingList);
  const signature = sign("sha256", Buffer.from(text, "utf8"), { key: keys.privateKey, dsaEncoding: "ieee-p1363" });
  return { list: text, signature: signature.toString("base64url"), keyId: keys.keyId };
}

/** The server's twin of the page's check (tests, tools): the list if the signature holds and it has not expired, else null. */
export function openBoardingList(
  keys: Pick<BoardingKeys, "publicKey" | "keyId">,
  signed: SignedBoardingList,
  now: Date,
): BoardingList | null {
  if (signed.keyId !== keys.keyId) return null;
  const ok = verify(
    "sha256",
    Buffer.from(signed.list, "utf8"),
    { key: keys.publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signed.signature, "base64url"),
  );
  if (!ok) return null;
  const list = JSON.parse(signed.list) as BoardingList;
  if (
    list.version !== BOARDING_LIST_VERSION ||
    list.keyId !== keys.keyId ||
    Date.parse(list.expiresAt) <= now.getTime()
  )
    return null;
  return list;
}

/** The MAC part of a ticket's QR payload (TRV1.<code>.<mac>). */
export function macOfPayload(payload: string): string {
  return payload.split(".")[2] ?? "";
}
