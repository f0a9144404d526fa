import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  aggregateSales,
  csvField,
  mxnMinorOfPricing,
  mxnShareOf,
  plainDecimal,
  readReportRange,
  salesCsv,
  type SalesFact,
  type SalesRow,
} from "./report.ts";

const sale = (
  date: string,
  bookingId: string,
  productId: number,
  currency: string,
  amountMinor: number,
  mxnMinor = amountMinor,
): SalesFact => ({
  kind: "sale",
  date,
  bookingId,
  productId,
  productName: productId === 1 ? "Ferry Isla Mujeres" : "Catamarán",
  currency,
  amountMinor,
  mxnMinor,
});
const refund = (
  date: string,
  bookingId: string,
  productId: number,
  currency: string,
  amountMinor: number,
  mxnMinor = amountMinor,
): SalesFact => ({
  ...sale(date, bookingId, productId, currency, amountMinor, mxnMinor),
  kind: "refund",
});

type Expected = Pick<
  SalesRow,
  "date" | "productId" | "currency" | "bookings" | "grossMinor" | "refundedMinor" | "netMinor" | "netMxnMinor"
>;

const RANGE = { from: "2026-03-01", to: "2026-03-31" };

describe("aggregateSales", () => {
  it.each<[string, SalesFact[], Expected[]]>([
    ["nothing sold", [], []],
    [
      "two bookings of one product on one day add up",
      [sale("2026-03-02", "a", 1, "MXN", 50_800), sale("2026-03-02", "b", 1, "MXN", 25_400)],
      [
        {
          date: "2026-03-02",
          productId: 1,
          currency: "MXN",
          bookings: 2,
          grossMinor: 76_200,
          refundedMinor: 0,
          netMinor: 76_200,
          netMxnMinor: 76_200,
        },
      ],
    ],
    [
      "two lines of one booking count as one booking",
      [sale("2026-03-02", "a", 1, "MXN", 100), sale("2026-03-02", "a", 1, "MXN", 200)],
      [
        {
          date: "2026-03-02",
          productId: 1,
          currency: "MXN",
          bookings: 1,
          grossMinor: 300,
          refundedMinor: 0,
          netMinor: 300,
          netMxnMinor: 300,
        },
      ],
    ],
    [
      "a refund the same day is netted",
      [sale("2026-03-02", "a", 1, "USD", 2_000, 36_000), refund("2026-03-02", "a", 1, "USD", 500, 9_000)],
      [
        {
          date: "2026-03-02",
          productId: 1,
          currency: "USD",
          bookings: 1,
          grossMinor: 2_000,
          refundedMinor: 500,
          netMinor: 1_500,
          netMxnMinor: 27_000,
        },
      ],
    ],
    [
      "a refund on a later day counts on its own day, net negative",
      [sale("2026-03-02", "a", 1, "MXN", 1_000), refund("2026-03-05", "a", 1, "MXN", 400)],
      [
        {
          date: "2026-03-02",
          productId: 1,
          currency: "MXN",
          bookings: 1,
          grossMinor: 1_000,
          refundedMinor: 0,
          netMinor: 1_000,
          netMxnMinor: 1_000,
        },
        {
          date: "2026-03-05",
          productId: 1,
          currency: "MXN",
          bookings: 0,
          grossMinor: 0,
          refundedMinor: 400,
          netMinor: -400,
          netMxnMinor: -400,
        },
      ],
    ],
    [
      "currencies and products stay apart, sorted by day, product name, currency",
      [
        sale("2026-03-03", "a", 1, "USD", 10, 180),
        sale("2026-03-03", "b", 1, "EUR", 10, 200),
        sale("2026-03-03", "c", 2, "MXN", 99),
        sale("2026-03-01", "d", 1, "MXN", 5),
      ],
      [
        {
          date: "2026-03-01",
          productId: 1,
          currency: "MXN",
          bookings: 1,
          grossMinor: 5,
          refundedMinor: 0,
          netMinor: 5,
          netMxnMinor: 5,
        },
        {
          date: "2026-03-03",
          productId: 2,
          currency: "MXN",
          bookings: 1,
          grossMinor: 99,
          refundedMinor: 0,
          netMinor: 99,
          netMxnMinor: 99,
        },
        {
          date: "2026-03-03",
          productId: 1,
          currency: "EUR",
          bookings: 1,
          grossMinor: 10,
          refundedMinor: 0,
          netMinor: 10,
          netMxnMinor: 200,
        },
        {
          date: "2026-03-03",
          productId: 1,
          currency: "USD",
          bookings: 1,
          grossMinor: 10,
          refundedMinor: 0,
          netMinor: 10,
          netMxnMinor: 180,
        },
      ],
    ],
    [
      "facts outside the range are left out, both ends included",
      [
        sale("2026-02-28", "a", 1, "MXN", 1),
        sale("2026-03-01", "b", 1, "MXN", 2),
        sale("2026-03-31", "c", 1, "MXN", 4),
        sale("2026-04-01", "d", 1, "MXN", 8),
      ],
      [
        {
          date: "2026-03-01",
          productId: 1,
          currency: "MXN",
          bookings: 1,
          grossMinor: 2,
          refundedMinor: 0,
          netMinor: 2,
          netMxnMinor: 2,
        },
        {
          date: "2026-03-31",
          productId: 1,
          currency: "MXN",
          bookings: 1,
          grossMinor: 4,
          refundedMinor: 0,
          netMinor: 4,
          netMxnMinor: 4,
        },
      ],
    ],
  ])("%s", (_name, facts, expected) => {
    const report = aggregateSales(facts, RANGE);
    expect(
      report.rows.map(({ date, productId, currency, bookings, grossMinor, refundedMinor, netMinor, netMxnMinor }) => ({
        date,
        productId,
        currency,
        bookings,
        grossMinor,
        refundedMinor,
        netMinor,
        netMxnMinor,
      })),
    ).toEqual(expected);
  });

  it("totals per currency and in MXN", () => {
    const report = aggregateSales(
      [
        sale("2026-03-02", "a", 1, "USD", 2_000, 36_000),
        refund("2026-03-04", "a", 1, "USD", 500, 9_000),
        sale("2026-03-02", "b", 2, "MXN", 10_000),
      ],
      RANGE,
    );
    expect(report.totals).toEqual([
      { currency: "MXN", grossMinor: 10_000, refundedMinor: 0, netMinor: 10_000 },
      { currency: "USD", grossMinor: 2_000, refundedMinor: 500, netMinor: 1_500 },
    ]);
    expect(report.totalMxn).toEqual({ grossMinor: 46_000, refundedMinor: 9_000, netMinor: 37_000 });
  });
});

describe("readReportRange", () => {
  it.each([
    ["2026-03-01", "2026-03-01"],
    ["2024-01-01", "2024-12-31"],
    ["2025-03-01", "2026-03-01"],
  ])("%s … %s is a range", (from, to) => {
    expect(readReportRange(from, to)).toEqual({ from, to });
  });

  it.each([
    ["2026-02-30", "2026-03-01", "format"],
    ["2026-03-01", "tomorrow", "format"],
    ["2026-03-02", "2026-03-01", "before_from"],
    ["2025-01-01", "2026-01-02", "range_too_long"],
  ])("%s … %s is refused (%s)", (from, to, code) => {
    try {
      readReportRange(from, to);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("INVALID_DATE");
      expect((error as AppError).issues[0]?.code).toBe(code);
    }
  });
});

describe("CSV", () => {
  it.each([
    [123_450, "MXN", "1234.50"],
    [-5, "USD", "-0.05"],
    [0, "EUR", "0.00"],
    [2_500_00, "COP", "2500.00"],
    [1_200, "JPY", "1200"],
    [-1_200, "KRW", "-1200"],
  ])("%i %s is written %s", (minor, currency, text) => {
    expect(plainDecimal(minor, currency)).toBe(text);
  });

  it.each([
    ["Ferry", "Ferry"],
    ["Tour, con comida", '"Tour, con comida"'],
    ['El "mejor" tour', '"El ""mejor"" tour"'],
    ["dos\nlíneas", '"dos\nlíneas"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
  ])("field %j → %s", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it("starts with a BOM, ends lines with CRLF, and writes amounts as plain decimals", () => {
    const report = aggregateSales(
      [sale("2026-03-02", "a", 2, "USD", 123_456, 2_222_208), refund("2026-03-02", "a", 2, "USD", 456, 8_208)],
      RANGE,
    );
    const header = {
      date: "Fecha",
      product: "Producto",
      currency: "Moneda",
      bookings: "Reservas",
      gross: "Ventas",
      refunded: "Reembolsos",
      net: "Neto",
      grossMxn: "Ventas MXN",
      refundedMxn: "Reembolsos MXN",
      netMxn: "Neto MXN",
    };
    expect(salesCsv(report, header)).toBe(
      "\uFEFFFecha,Producto,Moneda,Reservas,Ventas,Reembolsos,Neto,Ventas MXN,Reembolsos MXN,Neto MXN\r\n" +
        "2026-03-02,Catamarán,USD,1,1234.56,4.56,1230.00,22222.08,82.08,22140.00\r\n",
    );
  });
});

describe("MXN of a line and of a refund's share", () => {
  it("a line's MXN price is its units less discounts", () => {
    expect(
      mxnMinorOfPricing({
        lines: [
          { quantity: 2, unitMinor: 25_400, unitDiscountMinor: 2_540 },
          { quantity: 1, unitMinor: 12_500, unitDiscountMinor: 0 },
        ],
      }),
    ).toBe(58_220);
  });

  it.each([
    ["MXN is itself", 1_234, "MXN", 9_999, 9_999, 1_234],
    ["a full refund is the line's whole MXN price", 2_800, "USD", 2_800, 50_800, 50_800],
    ["half, rounded half up", 1_401, "USD", 2_800, 50_800, 25_418],
    ["a line worth nothing", 10, "USD", 0, 0, 0],
  ])("%s", (_name, amount, currency, lineTotal, lineMxn, expected) => {
    expect(mxnShareOf(amount, currency, lineTotal, lineMxn)).toBe(expected);
  });
});
