// The sales report, decided without I/O: sales and refunds of booking lines summed per
// local day, product and currency, in the booking's currency and in MXN, refunds netted; and its CSV.
// A sale counts on the day it was paid, a refund on the day it was given (ADR 0039): a day's figures
// never change after the day, as an accountant expects.
import { AppError } from "../../lib/errors.ts";
import { isCurrencyCode, minorUnitsOf } from "../../lib/money.ts";

/** At most this many days in one report: a year and a day (a leap year, both ends included). */
export const MAX_REPORT_DAYS = 366;

/** One booking line sold, or one line's share of a refund, already dated in the operator's time zone. */
export interface SalesFact {
  kind: "sale" | "refund";
  /** Local date (America/Cancun), YYYY-MM-DD. */
  date: string;
  bookingId: string;
  productId: number;
  productName: string;
  currency: string;
  /** Positive, in the booking's currency. */
  amountMinor: number;
  /** The same money in MXN minor units (the booking's own MXN prices; see the query). */
  mxnMinor: number;
}

export interface SalesRow {
  date: string;
  productId: number;
  productName: string;
  currency: string;
  /** Bookings with a sale of this product on this day, in this currency. */
  bookings: number;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
  grossMxnMinor: number;
  refundedMxnMinor: number;
  netMxnMinor: number;
}

export interface CurrencyTotal {
  currency: string;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
}

export interface SalesReport {
  from: string;
  to: string;
  rows: SalesRow[];
  /** One per currency sold in. */
  totals: CurrencyTotal[];
  /** Everything in MXN. */
  totalMxn: { grossMinor: number; refundedMinor: number; netMinor: number };
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(date: string): number | null {
  if (!LOCAL_DATE.test(date)) return null;
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) return null;
  return time / 86_400_000;
}

/** A report's range: both days valid, from ≤ to, at most MAX_REPORT_DAYS days; otherwise INVALID_DATE. */
export function readReportRange(from: string, to: string): { from: string; to: string } {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null) throw new AppError("INVALID_DATE", { issues: [{ path: "from", code: "format" }] });
  if (end === null) throw new AppError("INVALID_DATE", { issues: [{ path: "to", code: "format" }] });
  if (end < start) throw new AppError("INVALID_DATE", { issues: [{ path: "to", code: "before_from" }] });
  if (end - start + 1 > MAX_REPORT_DAYS)
    throw new AppError("INVALID_DATE", { issues: [{ path: "to", code: "range_too_long" }] });
  return { from, to };
}

/** A booking line's price in MXN minor units: its stored MXN pricing, discounts taken off (what convertPricing converted). */
export function mxnMinorOfPricing(pricing: {
  lines: readonly { quantity: number; unitMinor: number; unitDiscountMinor: number }[];
}): number {
  return pricing.lines.reduce((total, line) => total + (line.unitMinor - line.unitDiscountMinor) * line.quantity, 0);
}

/**
 * A refund's share of a line in MXN: the same fraction of the line's MXN price as of its price in the
 * booking's currency (rounded half up), so a line refunded in full nets to exactly zero in MXN too, at
 * the rate the buyer paid, whatever today's rate is.
 */
export function mxnShareOf(
  amountMinor: number,
  currency: string,
  lineTotalMinor: number,
  lineMxnMinor: number,
): number {
  if (currency === "MXN") return amountMinor;
  if (lineTotalMinor <= 0) return 0;
  const scaled = BigInt(amountMinor) * BigInt(lineMxnMinor) * 2n + BigInt(lineTotalMinor);
  return Number(scaled / (2n * BigInt(lineTotalMinor)));
}

/** Sums the facts dated inside [from, to]; rows by date, then product name, then currency. */
export function aggregateSales(facts: readonly SalesFact[], range: { from: string; to: string }): SalesReport {
  const rows = new Map<string, SalesRow & { bookingIds: Set<string> }>();
  for (const fact of facts) {
    if (fact.date < range.from || fact.date > range.to) continue;
    const key = `${fact.date}|${fact.productId}|${fact.currency}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        date: fact.date,
        productId: fact.productId,
        productName: fact.productName,
        currency: fact.currency,
        bookings: 0,
        grossMinor: 0,
        refundedMinor: 0,
        netMinor: 0,
        grossMxnMinor: 0,
        refundedMxnMinor: 0,
        netMxnMinor: 0,
        bookingIds: new Set(),
      };
      rows.set(key, row);
    }
    if (fact.kind === "sale") {
      row.bookingIds.add(fact.bookingId);
      row.grossMinor += fact.amountMinor;
      row.grossMxnMinor += fact.mxnMinor;
    } else {
      row.refundedMinor += fact.amountMinor;
      row.refundedMxnMinor += fact.mxnMinor;
    }
  }
  const sorted = [...rows.values()]
    .map(({ bookingIds, ...row }) => ({
      ...row,
      bookings: bookingIds.size,
      netMinor: row.grossMinor - row.refundedMinor,
      netMxnMinor: row.grossMxnMinor - row.refundedMxnMinor,
    }))
    .sort(
      (a, b) =>
        compareText(a.date, b.date) ||
        compareText(a.productName, b.productName) ||
        a.productId - b.productId ||
        compareText(a.currency, b.currency),
    );
  const totals = new Map<string, CurrencyTotal>();
  const totalMxn = { grossMinor: 0, refundedMinor: 0, netMinor: 0 };
  for (const row of sorted) {
    const total = totals.get(row.currency) ?? { currency: row.currency, grossMinor: 0, refundedMinor: 0, netMinor: 0 };
    total.grossMinor += row.grossMinor;
    total.refundedMinor += row.refundedMinor;
    total.netMinor += row.netMinor;
    totals.set(row.currency, total);
    totalMxn.grossMinor += row.grossMxnMinor;
    totalMxn.refundedMinor += row.refundedMxnMinor;
    totalMxn.netMinor += row.netMxnMinor;
  }
  return {
    from: range.from,
    to: range.to,
    rows: sorted,
    totals: [...totals.values()].sort((a, b) => compareText(a.currency, b.currency)),
    totalMxn,
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Minor units as a plain decimal with the currency's digits: "1234.50", "-0.05", "2500" — no separators, no symbol. */
export function plainDecimal(amountMinor: number, currency: string): string {
  const digits = isCurrencyCode(currency) ? minorUnitsOf(currency) : 2;
  const sign = amountMinor < 0 ? "-" : "";
  const text = String(Math.abs(amountMinor));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A
 * text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe:
 * product names are data, never formulas (OWASP CSV injection).
 */
export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const SALES_CSV_COLUMNS = [
  "date",
  "product",
  "currency",
  "bookings",
  "gross",
  "refunded",
  "net",
  "grossMxn",
  "refundedMxn",
  "netMxn",
] as const;
export type SalesCsvColumn = (typeof SALES_CSV_COLUMNS)[number];

/**
 * The report as CSV for Excel and the like: a UTF-8 byte order mark (so Excel reads "Catamarán" right),
 * CRLF line ends, a header in the operator's language, amounts as plain decimals with a point.
 */
export function salesCsv(report: SalesReport, header: Record<SalesCsvColumn, string>): string {
  const lines = [SALES_CSV_COLUMNS.map((column) => csvField(header[column])).join(",")];
  for (const row of report.rows) {
    lines.push(
      [
        row.date,
        csvField(row.productName),
        row.currency,
        row.bookings,
        plainDecimal(row.grossMinor, row.currency),
        plainDecimal(row.refundedMinor, row.currency),
        plainDecimal(row.netMinor, row.currency),
        plainDecimal(row.grossMxnMinor, "MXN"),
        plainDecimal(row.refundedMxnMinor, "MXN"),
        plainDecimal(row.netMxnMinor, "MXN"),
      ].join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
