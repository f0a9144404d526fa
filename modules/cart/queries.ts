// Reads and writes of carts and their lines. Decisions live in rules.ts and modules/pricing; the use cases
// (flows/cart.ts) hold the transaction and the locks.
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import { AppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import type { CurrencyCode } from "../../lib/money.ts";
import { readQuote, type Quote } from "../currency/index.ts";
import { cartLines, carts } from "./schema.ts";

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
export type NewCartLine = Omit<typeof cartLines.$inferInsert, "id" | "cartId" | "position" | "createdAt">;

export interface StoredCart {
  id: string;
  sessionId: string;
  siteCode: string;
  language: Language;
  currency: CurrencyCode;
  quote: Quote;
  status: CartRow["status"];
  createdAt: Date;
  updatedAt: Date;
}

/** The seats of a line are held in seat_allocations under this reference. */
export function holdReferenceOf(lineId: string): string {
  return `cart-line:${lineId}`;
}

function toStored(row: CartRow): StoredCart {
  const quote = readQuote(row.quote);
  if (!quote) throw new Error(`cart ${row.id} has an unreadable quote`);
  return { ...row, language: row.language as Language, currency: row.currency as CurrencyCode, quote };
}

/** The cart of a session, or null. With `lock`, the row stays locked until the transaction ends. */
export async function findCartBySession(
  db: Database,
  sessionId: string,
  options: { lock?: boolean } = {},
): Promise<StoredCart | null> {
  const query = db.select().from(carts).where(eq(carts.sessionId, sessionId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ? toStored(row) : null;
}

export async function insertCart(
  db: Database,
  values: { sessionId: string; siteCode: string; language: Language; currency: CurrencyCode; quote: Quote; now: Date },
): Promise<StoredCart> {
  const [row] = await db
    .insert(carts)
    .values({ id: randomUUID(), ...values, createdAt: values.now, updatedAt: values.now })
    .returning();
  if (!row) throw new Error("cart not stored");
  return toStored(row);
}

export async function updateCart(
  db: Database,
  cartId: string,
  values: { currency?: CurrencyCode; quote?: Quote; language?: Language; now: Date },
): Promise<void> {
  const { now, ...changes } = values;
  await db
    .update(carts)
    .set({ ...changes, updatedAt: now })
    .where(eq(carts.id, cartId));
}

/** A paid cart is closed for good: its session starts a new cart next time. */
export async function markCartOrdered(db: Database, cartId: string, now: Date): Promise<void> {
  await db.update(carts).set({ status: "ordered", updatedAt: now }).where(eq(carts.id, cartId));
}

export async function findCartLines(db: Database, cartId: string): Promise<CartLineRow[]> {
  return db
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.position), asc(cartLines.createdAt));
}

export async function insertCartLine(
  db: Database,
  cartId: string,
  position: number,
  line: NewCartLine,
  now: Date,
): Promise<CartLineRow> {
  const [row] = await db
    .insert(cartLines)
    .values({ ...line, id: randomUUID(), cartId, position, createdAt: now })
    .returning();
  if (!row) throw new Error("cart line not stored");
  return row;
}

export async function updateCartLineHold(
  db: Database,
  lineId: string,
  values: Pick<CartLineRow, "holdExpiresAt" | "pricing">,
): Promise<void> {
  await db.update(cartLines).set(values).where(eq(cartLines.id, lineId));
}

/** Deletes one line of a cart; CART_LINE_NOT_FOUND when the cart has no such line. */
export async function deleteCartLine(db: Database, cartId: string, lineId: string): Promise<CartLineRow> {
  const [row] = await db
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)))
    .returning();
  if (!row) throw new AppError("CART_LINE_NOT_FOUND");
  return row;
}

export async function deleteCartLines(db: Database, cartId: string): Promise<CartLineRow[]> {
  return db.delete(cartLines).where(eq(cartLines.cartId, cartId)).returning();
}

/** How many lines the cart of a session has (the header's badge), or null when there is no such cart. */
export async function countCartLines(db: Database, sessionId: string): Promise<number | null> {
  const [row] = await db
    .select({ count: sql<number>`(select count(*) from ${cartLines} where ${cartLines.cartId} = ${carts.id})::int` })
    .from(carts)
    .where(and(eq(carts.sessionId, sessionId), eq(carts.status, "open")));
  return row ? row.count : null;
}
