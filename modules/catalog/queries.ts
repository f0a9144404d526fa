import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, LocalizedText } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import { fromPrice, type Price } from "./fares.ts";
import { fares, products } from "./schema.ts";

export interface ProductCard {
  id: number;
  code: string;
  kind: (typeof products.$inferSelect)["kind"];
  name: string;
  summary: string;
  image: string;
  fromPrice: Price | null;
}

function pick(text: LocalizedText, language: Language): string {
  return text[language];
}

/** The products on sale the home page features, in the operator's order, each with its "from" price. */
export async function findFeaturedProducts(db: Database, language: Language): Promise<ProductCard[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.featured, true), eq(products.active, true)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  if (rows.length === 0) return [];
  const fareRows = await db
    .select()
    .from(fares)
    .where(
      inArray(
        fares.productId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: pick(row.name, language),
    summary: pick(row.summary, language),
    image: row.image,
    fromPrice: fromPrice(fareRows.filter((fare) => fare.productId === row.id)),
  }));
}
