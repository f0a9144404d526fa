// Reading and writing newsletter subscriptions. Addresses are compared in lower case, as the unique
// index does, so "Ana@Example.com" and "ana@example.com" are one subscription.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { newsletterSubscriptions } from "./schema.ts";

export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
export type NewNewsletterSubscription = typeof newsletterSubscriptions.$inferInsert;

type Executor = Pick<Database, "select" | "insert" | "update">;

/** The subscription of `email` on `siteCode`, locked for the caller's transaction when `lock`. */
export async function findSubscriptionByEmail(
  db: Executor,
  siteCode: string,
  email: string,
  options: { lock?: boolean } = {},
): Promise<NewsletterSubscriptionRow | null> {
  const query = db
    .select()
    .from(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.siteCode, siteCode),
        sql`lower(${newsletterSubscriptions.email}) = lower(${email})`,
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findSubscriptionById(db: Executor, id: string): Promise<NewsletterSubscriptionRow | null> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
  return row ?? null;
}

/** The subscription whose confirmation (or unsubscribe) token hashes to `tokenHash`, locked. */
export async function findSubscriptionByTokenHash(
  db: Executor,
  purpose: "confirm" | "unsubscribe",
  tokenHash: string,
): Promise<NewsletterSubscriptionRow | null> {
  const column =
    purpose === "confirm" ? newsletterSubscriptions.confirmTokenHash : newsletterSubscriptions.unsubscribeTokenHash;
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(column, tokenHash)).for("update");
  return row ?? null;
}

export async function insertSubscription(
  db: Executor,
  values: NewNewsletterSubscription,
): Promise<NewsletterSubscriptionRow> {
  const [row] = await db.insert(newsletterSubscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  db: Executor,
  id: string,
  values: Partial<NewNewsletterSubscription>,
): Promise<NewsletterSubscriptionRow> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set(values)
    .where(eq(newsletterSubscriptions.id, id))
    .returning();
  return row!;
}
