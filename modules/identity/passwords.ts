// Password hashing: argon2id through @node-rs/argon2 (it runs on libuv's thread pool, so a sign-in
// never blocks the event loop). Parameters: ADR 0027.
import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id, 46 MiB, 2 passes, 1 lane: twice the work of OWASP's first recommendation (46 MiB, 1 pass),
 * about 28 ms a hash on this 2-core machine (ADR 0027 has the measurements and the memory sum).
 */
export const ARGON2_PARAMETERS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 47_104,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

/** A hash of nothing anyone knows, verified when the account does not exist, so both take as long. */
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
