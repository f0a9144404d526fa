// oidc-provider's storage on PostgreSQL (ADR 0031): one row per model instance in `oidc_models`, so
// that every node sees the same sessions, interactions, codes, grants and tokens, and a restart loses
// none. Expired rows are never answered; consumed codes keep their row (with consumed_at) so a
// replayed code is recognised as such and the grant behind it revoked.
import { and, eq, lt } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../../lib/db.ts";
import { oidcModels } from "../../modules/identity/index.ts";

/** Models that grant_id revocation reaches (oidc-provider's list of grantable models). */
const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "ClientCredentials",
  "Client",
  "InitialAccessToken",
  "RegistrationAccessToken",
  "BackchannelAuthenticationRequest",
]);

export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
    private readonly now: () => Date,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const values = {
      payload: payload as Record<string, unknown>,
      grantId: GRANTABLE.has(this.model) || this.model === "Grant" ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(this.now().getTime() + expiresIn * 1000) : null,
      consumedAt: null,
    };
    await this.db
      .insert(oidcModels)
      .values({ model: this.model, id, ...values })
      .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcModels.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcModels.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcModels)
      .set({ consumedAt: this.now() })
      .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcModels)
      .where(and(eq(oidcModels.model, this.model), condition))
      .limit(1);
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt.getTime() <= this.now().getTime()) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/** Removes rows whose lifetime is over (run from time to time; `find` already ignores them). */
export async function sweepExpiredProviderRows(db: Database, now: Date): Promise<number> {
  const removed = await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now)).returning({ id: oidcModels.id });
  return removed.length;
}
