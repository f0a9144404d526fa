// What a scanner phone keeps between visits, in IndexedDB: its device id, the signed list (kept as
// signed text and verified again every time it is read, so a list changed in storage is not trusted),
// the scans waiting to be synced, and the passengers it boarded since its list was made.
import type { BoardingList, SignedBoardingList } from "../../../modules/boarding/index.ts";
import type { LocalBoarding } from "./offline-check.ts";

export interface QueuedScan {
  id: string;
  sailingId: number;
  payload: string;
  scannedAt: string;
  offline: true;
  deviceOutcome: "boarded" | "refused";
}

export interface PublicKeyInfo {
  keyId: string;
  jwk: JsonWebKey;
}

const DB_NAME = "travesia-scanner";
type StoreName = "kv" | "queue" | "boarded";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export class DeviceStore {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<DeviceStore> {
    const opening = indexedDB.open(DB_NAME, 1);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      db.createObjectStore("kv");
      db.createObjectStore("queue", { keyPath: "id" });
      db.createObjectStore("boarded", { keyPath: "code" });
    };
    return new DeviceStore(await request(opening));
  }

  private store(name: StoreName, mode: IDBTransactionMode = "readonly"): IDBObjectStore {
    return this.db.transaction(name, mode).objectStore(name);
  }

  async deviceId(): Promise<string> {
    const known = (await request(this.store("kv").get("deviceId"))) as string | undefined;
    if (known) return known;
    const made = `scanner-${crypto.randomUUID()}`;
    await request(this.store("kv", "readwrite").put(made, "deviceId"));
    return made;
  }

  async savedList(): Promise<SignedBoardingList | null> {
    return ((await request(this.store("kv").get("list"))) as SignedBoardingList | undefined) ?? null;
  }

  /**
   * A new list replaces the old. A passenger this device boarded is forgotten once the list knows it,
   * or once its scan is no longer waiting to be synced (the server has it; the next list will too).
   */
  async saveList(signed: SignedBoardingList, list: BoardingList): Promise<void> {
    await request(this.store("kv", "readwrite").put(signed, "list"));
    const known = new Set(list.tickets.filter((ticket) => ticket.boardedAt !== null).map((ticket) => ticket.code));
    const pending = (await this.queue()).map((scan) => scan.payload);
    for (const boarding of await this.boarded()) {
      const stillPending = pending.some((payload) => payload.includes(`.${boarding.code}.`));
      if (known.has(boarding.code) || !stillPending)
        await request(this.store("boarded", "readwrite").delete(boarding.code));
    }
  }

  async queue(): Promise<QueuedScan[]> {
    const scans = (await request(this.store("queue").getAll())) as QueuedScan[];
    return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  }

  async enqueue(scan: QueuedScan): Promise<void> {
    await request(this.store("queue", "readwrite").put(scan));
  }

  async dequeue(ids: readonly string[]): Promise<void> {
    const store = this.store("queue", "readwrite");
    await Promise.all(ids.map((id) => request(store.delete(id))));
  }

  async boarded(): Promise<LocalBoarding[]> {
    return (await request(this.store("boarded").getAll())) as LocalBoarding[];
  }

  async rememberBoarding(boarding: LocalBoarding): Promise<void> {
    await request(this.store("boarded", "readwrite").put(boarding));
  }
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** True when a QR's pass (its signed text and signature, offline-check.ts) holds with our public key. */
export async function verifyPass(pass: { signed: string; signature: string }, key: PublicKeyInfo): Promise<boolean> {
  try {
    const publicKey = await crypto.subtle.importKey("jwk", key.jwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    return await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      publicKey,
      fromBase64url(pass.signature),
      new TextEncoder().encode(pass.signed),
    );
  } catch {
    return false;
  }
}

/** The list if its signature holds with our public key and it has not expired; else null (never trusted). */
export async function verifyList(
  signed: SignedBoardingList,
  key: PublicKeyInfo,
  now: Date,
): Promise<BoardingList | null> {
  if (signed.keyId !== key.keyId) return null;
  try {
    const publicKey = await crypto.subtle.importKey("jwk", key.jwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    const ok = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      publicKey,
      fromBase64url(signed.signature),
      new TextEncoder().encode(signed.list),
    );
    if (!ok) return null;
    const list = JSON.parse(signed.list) as BoardingList;
    if (list.keyId !== key.keyId || Date.parse(list.expiresAt) <= now.getTime()) return null;
    return list;
  } catch {
    return null;
  }
}
