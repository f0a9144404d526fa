// The identity provider's secrets (ADR 0031): the JWKS that signs ID tokens, the keys of its cookies
// and the site's own client secret. From configuration when set (rotation: the first key signs, the
// others still verify); otherwise made once and kept in `oidc_models` (model "SigningKeys"), so that a
// restart or another node signs and verifies with the same keys. The row is written with
// ON CONFLICT DO NOTHING and read back: two nodes starting together end up with the same one.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Config } from "../../lib/config.ts";
import type { Database } from "../../lib/db.ts";
import { newSecret128 } from "../../lib/ids.ts";
import { oidcModels } from "../../modules/identity/index.ts";

export interface ProviderSecrets {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  siteClientSecret: string;
  /** Where each came from, for the start-up warning. */
  generated: boolean;
}

const KEY_ROW = { model: "SigningKeys", id: "current" } as const;

interface StoredSecrets {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  siteClientSecret: string;
}

function newSigningKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), kid: newSecret128().slice(0, 16), alg: "RS256", use: "sig" };
}

function newStoredSecrets(): StoredSecrets {
  return {
    jwks: { keys: [newSigningKey()] },
    cookieKeys: [randomBytes(32).toString("base64url")],
    siteClientSecret: randomBytes(32).toString("base64url"),
  };
}

async function readStoredSecrets(db: Database): Promise<StoredSecrets | null> {
  const [row] = await db
    .select({ payload: oidcModels.payload })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, KEY_ROW.model), eq(oidcModels.id, KEY_ROW.id)))
    .limit(1);
  return row ? (row.payload as unknown as StoredSecrets) : null;
}

/**
 * The stored secrets, made only when none are stored: an RSA key costs a boot tens to hundreds of
 * milliseconds of CPU, and every start after the first (a restart, another node, another worker)
 * finds the row.
 */
async function storedSecrets(db: Database): Promise<StoredSecrets> {
  const stored = await readStoredSecrets(db);
  if (stored) return stored;
  await db
    .insert(oidcModels)
    .values({ ...KEY_ROW, payload: newStoredSecrets() as unknown as Record<string, unknown> })
    .onConflictDoNothing();
  const made = await readStoredSecrets(db);
  if (!made) throw new Error("the identity provider's keys could not be stored");
  return made;
}

/** Parses OIDC_JWKS: a private JWKS with at least one key; a readable error otherwise. */
export function parseJwks(text: string): { keys: Record<string, unknown>[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error("OIDC_JWKS is not JSON");
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    !keys.every((key) => typeof key === "object" && key !== null && "d" in key)
  ) {
    throw new Error('OIDC_JWKS must be {"keys":[…]} with at least one private key');
  }
  return { keys: keys as Record<string, unknown>[] };
}

export async function loadProviderSecrets(
  db: Database,
  config: Pick<Config, "OIDC_JWKS" | "OIDC_COOKIE_KEYS" | "OIDC_SITE_CLIENT_SECRET">,
): Promise<ProviderSecrets> {
  const jwks = config.OIDC_JWKS ? parseJwks(config.OIDC_JWKS) : null;
  const cookieKeys = (config.OIDC_COOKIE_KEYS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  const siteClientSecret = config.OIDC_SITE_CLIENT_SECRET ?? null;
  if (jwks && cookieKeys.length > 0 && siteClientSecret)
    return { jwks, cookieKeys, siteClientSecret, generated: false };
  const stored = await storedSecrets(db);
  return {
    jwks: jwks ?? stored.jwks,
    cookieKeys: cookieKeys.length > 0 ? cookieKeys : stored.cookieKeys,
    siteClientSecret: siteClientSecret ?? stored.siteClientSecret,
    generated: true,
  };
}
