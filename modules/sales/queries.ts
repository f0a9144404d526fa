// Reads the facts of the sales report: the booking lines paid in a range of local days and the
// refunds given in it, each with its product and its money in the booking's currency and in MXN.
// report.ts sums them.
import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { Language } from "../../lib/language.ts";
import type { CartLinePricing } from "../pricing/index.ts";
import { products } from "../catalog/index.ts";
import { bookingLines, bookingRefunds, bookings } from "../bookings/index.ts";
import { addDays, instantOf, localDateOf } from "../inventory/index.ts";
import { aggregateSales, mxnMinorOfPricing, mxnShareOf, type SalesFact, type SalesReport } from "./report.ts";

/** Booking lines still counted as sold: a booking that was paid keeps its sale, its refunds are netted. */
const SOLD = ["paid", "ticketed", "refunded"] as const;

/** The sales report of [from, to] (local days, already checked by readReportRange), product names in `language`. */
export async function findSalesReport(
  db: Database,
  range: { from: string; to: string },
  language: Language,
): Promise<SalesReport> {
  const start = instantOf(range.from, "00:00");
  const end = instantOf(addDays(range.to, 1), "00:00");
  const productName = sql<string>`coalesce(${products.name} ->> ${language}, ${products.name} ->> 'es', ${products.code})`;

  const sold = await db
    .select({
      bookingId: bookings.id,
      paidAt: bookings.paidAt,
      currency: bookings.currency,
      productId: bookingLines.productId,
      productName,
      totalMinor: bookingLines.totalMinor,
      pricing: bookingLines.pricing,
    })
    .from(bookings)
    .innerJoin(bookingLines, eq(bookingLines.bookingId, bookings.id))
    .innerJoin(products, eq(products.id, bookingLines.productId))
    .where(
      and(
        isNotNull(bookings.paidAt),
        gte(bookings.paidAt, start),
        lt(bookings.paidAt, end),
        inArray(bookings.status, [...SOLD]),
      ),
    );

  const refunds = await db
    .select({
      bookingId: bookingRefunds.bookingId,
      completedAt: bookingRefunds.completedAt,
      currency: bookingRefunds.currency,
      lineShares: bookingRefunds.lineShares,
    })
    .from(bookingRefunds)
    .where(
      and(
        eq(bookingRefunds.status, "succeeded"),
        gte(bookingRefunds.completedAt, start),
        lt(bookingRefunds.completedAt, end),
      ),
    );

  const lineIds = [...new Set(refunds.flatMap((refund) => refund.lineShares.map((share) => share.bookingLineId)))];
  const refundedLines =
    lineIds.length === 0
      ? []
      : await db
          .select({
            id: bookingLines.id,
            productId: bookingLines.productId,
            productName,
            totalMinor: bookingLines.totalMinor,
            pricing: bookingLines.pricing,
          })
          .from(bookingLines)
          .innerJoin(products, eq(products.id, bookingLines.productId))
          .where(inArray(bookingLines.id, lineIds));
  const lineById = new Map(refundedLines.map((line) => [line.id, line]));

  const facts: SalesFact[] = sold.map((row) => ({
    kind: "sale",
    date: localDateOf(row.paidAt!),
    bookingId: row.bookingId,
    productId: row.productId,
    productName: row.productName,
    currency: row.currency,
    amountMinor: row.totalMinor,
    mxnMinor: mxnMinorOfPricing(row.pricing as CartLinePricing),
  }));
  for (const refund of refunds) {
    for (const share of refund.lineShares) {
      const line = lineById.get(share.bookingLineId);
      if (!line) continue;
      facts.push({
        kind: "refund",
        date: localDateOf(refund.completedAt!),
        bookingId: refund.bookingId,
        productId: line.productId,
        productName: line.productName,
        currency: refund.currency,
        amountMinor: share.amountMinor,
        mxnMinor: mxnShareOf(
          share.amountMinor,
          refund.currency,
          line.totalMinor,
          mxnMinorOfPricing(line.pricing as CartLinePricing),
        ),
      });
    }
  }
  return aggregateSales(facts, range);
}
