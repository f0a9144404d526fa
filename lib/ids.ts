import { randomBytes } from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

/**
 * Random bytes for what every request makes (its id, its page's nonce), drawn from a pool the system's
 * generator fills 4 KiB at a time: one call into the generator costs far more than the few bytes a
 * request needs (Node pools `randomUUID` the same way). A full pool is replaced, never refilled in place,
 * so bytes handed out earlier never change.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (taken + size > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, size));
    taken = 0;
  }
  taken += size;
  return pool.subarray(taken - size, taken);
}

/** A request id: short enough to read in a log line, unique enough for one process lifetime and beyond. */
export function newRequestId(): string {
  return pooledRandomBytes(9).toString("base64url");
}

/** 128 random bits, hex: session ids and secrets that must not be guessable. */
export function newSecret128(): string {
  return randomBytes(16).toString("hex");
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** An incoming X-Request-Id is kept only when it is safe to echo into logs and headers. */
export function acceptRequestId(candidate: string | undefined | null): string {
  return candidate && REQUEST_ID_PATTERN.test(candidate) ? candidate : newRequestId();
}
