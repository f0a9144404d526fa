import { randomBytes } from "node:crypto";

/** A request id: short enough to read in a log line, unique enough for one process lifetime and beyond. */
export function newRequestId(): string {
  return randomBytes(9).toString("base64url");
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
