import { describe, expect, it, test } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { money, parseDecimal, type CurrencyCode, type Decimal } from "../../lib/money.ts";
import {
  buildQuote,
  isLargeChange,
  planRateUpdate,
  priceIn,
  rateInForce,
  readQuote,
  RateUpdateSchema,
  type ExchangeRate,
} from "./rates.ts";

const NOW = new Date("2026-03-10T12:00:00Z");

function rate(id: number, currency: CurrencyCode, value: string, validFrom: string): ExchangeRate {
  return { id, currency, rate: value, source: "test", validFrom: new Date(validFrom), createdAt: new Date(validFrom) };
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the rate in force", () => {
  const history = [
    rate(1, "EUR", "0.0470", "2026-01-01T00:00:00Z"),
    rate(2, "EUR", "0.0468", "2026-03-01T00:00:00Z"),
    rate(3, "EUR", "0.0466", "2026-03-01T00:00:00Z"), // a correction with the same start
    rate(4, "EUR", "0.0460", "2026-04-01T00:00:00Z"), // scheduled
  ];

  it("is the latest valid_from at or before now, the later row on a tie", () => {
    expect(rateInForce(history, NOW)?.id).toBe(3);
    expect(rateInForce(history, new Date("2026-02-01T00:00:00Z"))?.id).toBe(1);
    expect(rateInForce(history, new Date("2026-04-01T00:00:00Z"))?.id).toBe(4);
    expect(rateInForce(history, new Date("2025-12-31T23:59:59Z"))).toBeNull();
    expect(rateInForce([], NOW)).toBeNull();
  });
});

describe("a rate update", () => {
  const inForce = new Map<CurrencyCode, Decimal>([["USD", parseDecimal("0.0543")!]]);
  const update = (body: unknown) => RateUpdateSchema.parse(body);

  it("becomes rows valid from now, rates written in their shortest exact form", () => {
    const rows = planRateUpdate(
      update({
        source: "banxico-fix",
        rates: [
          { currency: "USD", rate: "0.054100" },
          { currency: "JPY", rate: "8.3" },
        ],
      }),
      inForce,
      NOW,
    );
    expect(rows).toEqual([
      { currency: "USD", rate: "0.0541", source: "banxico-fix", validFrom: NOW },
      { currency: "JPY", rate: "8.3", source: "banxico-fix", validFrom: NOW },
    ]);
  });

  it("may be scheduled ahead", () => {
    const rows = planRateUpdate(
      update({ source: "ecb", validFrom: "2026-03-11T00:00:00+01:00", rates: [{ currency: "EUR", rate: "0.0466" }] }),
      inForce,
      NOW,
    );
    expect(rows[0]?.validFrom.toISOString()).toBe("2026-03-10T23:00:00.000Z");
  });

  it("refuses unknown currencies with UNKNOWN_CURRENCY, naming the entry", () => {
    const error = refusal(() =>
      planRateUpdate(
        update({
          source: "x",
          rates: [
            { currency: "USD", rate: "0.05" },
            { currency: "BTC", rate: "1" },
          ],
        }),
        inForce,
        NOW,
      ),
    );
    expect(error.code).toBe("UNKNOWN_CURRENCY");
    expect(error.issues).toEqual([{ path: "body.rates.1.currency", code: "unknown_currency" }]);
  });

  test.each([
    ["0", "not_positive"],
    ["0.000000", "not_positive"],
    ["-1", "not_a_decimal"],
    ["1e3", "not_a_decimal"],
    ["abc", "not_a_decimal"],
    ["0.0000001", "out_of_range"],
    ["0.0000000000001", "not_a_decimal"], // more than 12 decimals
    ["1000000.5", "out_of_range"],
    ["Infinity", "not_a_decimal"],
    [" 0.05", "not_a_decimal"],
  ])("refuses the rate %j (%s) with INVALID_EXCHANGE_RATE", (value, issue) => {
    const error = refusal(() =>
      planRateUpdate(update({ source: "x", rates: [{ currency: "GBP", rate: value }] }), inForce, NOW),
    );
    expect(error.code).toBe("INVALID_EXCHANGE_RATE");
    expect(error.status).toBe(422);
    expect(error.issues).toEqual([{ path: "body.rates.0.rate", code: issue }]);
  });

  it("refuses a rate for MXN, the base (its rate is 1 by definition), and duplicates", () => {
    expect(
      refusal(() => planRateUpdate(update({ source: "x", rates: [{ currency: "MXN", rate: "1" }] }), inForce, NOW))
        .issues,
    ).toEqual([{ path: "body.rates.0.currency", code: "base_currency" }]);
    const duplicate = refusal(() =>
      planRateUpdate(
        update({
          source: "x",
          rates: [
            { currency: "EUR", rate: "0.04" },
            { currency: "EUR", rate: "0.05" },
          ],
        }),
        inForce,
        NOW,
      ),
    );
    expect(duplicate.issues).toEqual([{ path: "body.rates.1.currency", code: "duplicate" }]);
  });

  it("refuses back-dating beyond a few minutes of clock skew, and scheduling more than a year ahead", () => {
    const backDated = update({
      source: "x",
      validFrom: "2026-03-10T11:50:00Z",
      rates: [{ currency: "EUR", rate: "0.0466" }],
    });
    expect(refusal(() => planRateUpdate(backDated, inForce, NOW)).issues).toEqual([
      { path: "body.validFrom", code: "in_past" },
    ]);
    const skewed = update({
      source: "x",
      validFrom: "2026-03-10T11:58:00Z",
      rates: [{ currency: "EUR", rate: "0.0466" }],
    });
    expect(planRateUpdate(skewed, inForce, NOW)).toHaveLength(1);
    const far = update({
      source: "x",
      validFrom: "2027-04-01T00:00:00Z",
      rates: [{ currency: "EUR", rate: "0.0466" }],
    });
    expect(refusal(() => planRateUpdate(far, inForce, NOW)).issues).toEqual([
      { path: "body.validFrom", code: "too_far_ahead" },
    ]);
  });

  it("refuses a jump beyond ×2 or ÷2 of the rate in force unless told it is intended", () => {
    const inverted = update({ source: "x", rates: [{ currency: "USD", rate: "18.42" }] }); // MXN per USD typed by mistake
    const error = refusal(() => planRateUpdate(inverted, inForce, NOW));
    expect(error.code).toBe("EXCHANGE_RATE_CHANGE_TOO_LARGE");
    expect(error.issues).toEqual([{ path: "body.rates.0.rate", code: "change_too_large" }]);
    const devaluation = update({ source: "x", allowLargeChange: true, rates: [{ currency: "USD", rate: "0.02" }] });
    expect(planRateUpdate(devaluation, inForce, NOW)).toHaveLength(1);
    // A currency with no rate yet has nothing to jump from.
    expect(
      planRateUpdate(update({ source: "x", rates: [{ currency: "KRW", rate: "77.9" }] }), inForce, NOW),
    ).toHaveLength(1);
  });

  it("compares jumps exactly at the boundary", () => {
    const current = parseDecimal("0.05")!;
    expect(isLargeChange(current, parseDecimal("0.1")!)).toBe(false);
    expect(isLargeChange(current, parseDecimal("0.100000000001")!)).toBe(true);
    expect(isLargeChange(current, parseDecimal("0.025")!)).toBe(false);
    expect(isLargeChange(current, parseDecimal("0.024999999999")!)).toBe(true);
  });

  it("reports every bad entry at once, unknown currencies first", () => {
    const error = refusal(() =>
      planRateUpdate(
        update({
          source: "x",
          rates: [
            { currency: "EUR", rate: "0" },
            { currency: "XAU", rate: "1" },
            { currency: "USD", rate: "1" },
          ],
        }),
        inForce,
        NOW,
      ),
    );
    expect(error.code).toBe("UNKNOWN_CURRENCY");
    expect(error.issues.map((issue) => issue.path)).toEqual([
      "body.rates.1.currency",
      "body.rates.0.rate",
      "body.rates.2.rate",
    ]);
  });

  test.each([
    [{ rates: [{ currency: "USD", rate: "0.05" }] }],
    [{ source: "Banxico FIX", rates: [{ currency: "USD", rate: "0.05" }] }],
    [{ source: "x", rates: [] }],
    [{ source: "x", rates: [{ currency: "USD", rate: 0.05 }] }], // a JSON number is a float: refused
    [{ source: "x", rates: [{ currency: "USD", rate: "0.05" }], extra: true }],
    [{ source: "x", validFrom: "tomorrow", rates: [{ currency: "USD", rate: "0.05" }] }],
  ])("is malformed: %j", (body) => {
    expect(RateUpdateSchema.safeParse(body).success).toBe(false);
  });
});

describe("quotes", () => {
  const rates = [rate(12, "USD", "0.0543", "2026-03-01T00:00:00Z"), rate(7, "EUR", "0.0468", "2026-02-01T00:00:00Z")];
  const quote = buildQuote(rates, NOW);

  it("name their rates and when they were taken", () => {
    expect(quote).toEqual({
      id: "fx:EUR@7,USD@12",
      base: "MXN",
      quotedAt: "2026-03-10T12:00:00.000Z",
      rates: [
        { currency: "EUR", rate: "0.0468", rateId: 7, validFrom: "2026-02-01T00:00:00.000Z" },
        { currency: "USD", rate: "0.0543", rateId: 12, validFrom: "2026-03-01T00:00:00.000Z" },
      ],
    });
  });

  it("survive storage as JSON and are checked when read back", () => {
    expect(readQuote(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    expect(readQuote({ ...quote, base: "USD" })).toBeNull();
    expect(
      readQuote({ ...quote, rates: [{ currency: "BTC", rate: "1", rateId: 1, validFrom: quote.quotedAt }] }),
    ).toBeNull();
    expect(
      readQuote({ ...quote, rates: [{ currency: "USD", rate: 0.05, rateId: 1, validFrom: quote.quotedAt }] }),
    ).toBeNull();
    expect(readQuote(null)).toBeNull();
  });

  it("price an amount set in MXN in any quoted currency, MXN itself unchanged", () => {
    const fare = money(25_400, "MXN");
    expect(priceIn(fare, "USD", quote)).toEqual(money(1_379, "USD"));
    expect(priceIn(fare, "EUR", quote)).toEqual(money(1_189, "EUR")); // 11.8872
    expect(priceIn(fare, "MXN", quote)).toBe(fare);
  });

  it("cannot price a currency they do not hold: prices could not be obtained", () => {
    expect(refusal(() => priceIn(money(25_400, "MXN"), "GBP", quote)).code).toBe("EXCHANGE_RATE_UNAVAILABLE");
    expect(() => priceIn(money(100, "USD"), "EUR", quote)).toThrow(/set in MXN/);
  });
});
