import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_EXCHANGE_RATES, SEED_RATES_VALID_FROM, seed } from "../../db/seed.ts";
import { AppError } from "../../lib/errors.ts";
import { CURRENCY_CODES, formatMoney, money } from "../../lib/money.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import {
  RateUpdateSchema,
  currencyRecordOf,
  exchangeRates,
  findCurrencies,
  findCurrencyByCode,
  findRateHistory,
  findRatesInForce,
  findVisitorCurrency,
  priceIn,
  readQuote,
  recordRates,
  takeQuote,
} from "./index.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

const NOW = new Date("2026-03-10T12:00:00Z");

async function rateRows(): Promise<number> {
  const [row] = await database.db.select({ rows: count() }).from(exchangeRates);
  return row?.rows ?? 0;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the seeded currencies", () => {
  it("are the 17 with their conventions, USD id 1 first, named per language", async () => {
    const en = await findCurrencies(database.db, "en");
    expect(en.map((currency) => currency.isoCode).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(en[0]).toEqual({ ...currencyRecordOf("USD"), name: "US dollar" });
    expect((await findCurrencyByCode(database.db, "EUR", "es"))?.presentationSymbol).toBe("\u00a0€");
    expect((await findCurrencyByCode(database.db, "JPY", "pt"))?.name).toBe("Iene japonês");
    for (const currency of en) expect(currency).toEqual({ ...currencyRecordOf(currency.isoCode), name: currency.name });
  });

  it("give the visitor's currency with what the browser needs to write amounts", async () => {
    const visitor = await findVisitorCurrency(database.db, { cookies: {}, country: "GB", language: "es" });
    expect(visitor).toMatchObject({
      id: 5,
      isoCode: "GBP",
      name: "Libra esterlina",
      minorUnits: 2,
      reason: "country",
    });
    const fromCookies = await findVisitorCurrency(database.db, {
      cookies: { currency: "KRW", currencyId: "13" },
      country: "GB",
      language: "en",
    });
    expect(fromCookies).toMatchObject({ isoCode: "KRW", minorUnits: 0, reason: "cookie" });
  });
});

describe("exchange rates", () => {
  it("are seeded for the 16 currencies other than MXN", async () => {
    const rates = await findRatesInForce(database.db, NOW);
    expect(rates.map((rate) => rate.currency).sort()).toEqual(Object.keys(SEED_EXCHANGE_RATES).sort());
    for (const rate of rates) {
      expect(rate.rate).toBe(SEED_EXCHANGE_RATES[rate.currency as keyof typeof SEED_EXCHANGE_RATES]);
      expect(rate.source).toBe("seed");
      expect(rate.validFrom).toEqual(SEED_RATES_VALID_FROM);
    }
    expect(await findRatesInForce(database.db, new Date("2024-12-31T23:59:59Z"))).toEqual([]);
  });

  it("convert the seeded fares: the tourist ferry ticket of MXN 254 in every currency", async () => {
    const quote = await takeQuote(database.db, CURRENCY_CODES, NOW);
    expect(quote.rates).toHaveLength(16);
    expect(readQuote(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    const shown = Object.fromEntries(
      CURRENCY_CODES.map((code) => [
        code,
        formatMoney(priceIn(money(25_400, "MXN"), code, quote), currencyRecordOf(code)),
      ]),
    );
    expect(shown).toEqual({
      USD: "US$13.79",
      MXN: "$254.00",
      EUR: "11,89\u00a0€",
      CAD: "$19.10",
      GBP: "£10.29",
      AUD: "$21.03",
      COP: "$\u00a053.962,00",
      CLP: "$13.035",
      ARS: "$\u00a019.520,00",
      PEN: "S/\u00a046.61",
      JPY: "¥2,113",
      CNY: "CN¥98.17",
      KRW: "₩19,797",
      RUB: "1\u00a0097,28\u00a0₽",
      UYU: "$U\u00a0549,91",
      GTQ: "Q105.79",
      CRC: "₡6\u00a0922,00",
    });
  });

  it("keep history: a new rate takes over from its valid_from, the old one stays readable", async () => {
    const before = await rateRows();
    const [first] = await recordRates(
      database.db,
      RateUpdateSchema.parse({ source: "banxico-fix", rates: [{ currency: "USD", rate: "0.0550" }] }),
      NOW,
    );
    const [scheduled] = await recordRates(
      database.db,
      RateUpdateSchema.parse({
        source: "banxico-fix",
        validFrom: "2026-03-11T12:00:00Z",
        rates: [{ currency: "USD", rate: "0.0560" }],
      }),
      NOW,
    );
    expect(await rateRows()).toBe(before + 2);
    expect(first).toMatchObject({ currency: "USD", rate: "0.055", source: "banxico-fix", validFrom: NOW });

    const usdAt = async (at: string) => (await findRatesInForce(database.db, new Date(at), ["USD"]))[0]?.rate;
    expect(await usdAt("2026-03-10T11:59:59Z")).toBe("0.0543"); // the seed
    expect(await usdAt("2026-03-10T12:00:00Z")).toBe("0.055");
    expect(await usdAt("2026-03-11T11:59:59Z")).toBe("0.055");
    expect(await usdAt("2026-03-11T12:00:00Z")).toBe("0.056");

    const history = await findRateHistory(database.db, { currency: "USD", limit: 10 });
    expect(history.map((rate) => [rate.id, rate.rate])).toEqual([
      [scheduled?.id, "0.056"],
      [first?.id, "0.055"],
      [expect.any(Number), "0.0543"],
    ]);
    expect(await findRateHistory(database.db, { limit: 2 })).toHaveLength(2);

    // A quote taken now keeps today's rate, whatever is recorded later.
    const quote = await takeQuote(database.db, ["USD"], new Date("2026-03-10T13:00:00Z"));
    expect(quote.rates).toEqual([{ currency: "USD", rate: "0.055", rateId: first?.id, validFrom: NOW.toISOString() }]);
    expect(priceIn(money(25_400, "MXN"), "USD", quote)).toEqual(money(1_397, "USD"));
  });

  it("store nothing when any entry of an update is refused", async () => {
    const before = await rateRows();
    const attempts = [
      {
        source: "x",
        rates: [
          { currency: "EUR", rate: "0.0470" },
          { currency: "XXX", rate: "1" },
        ],
      },
      {
        source: "x",
        rates: [
          { currency: "EUR", rate: "0.0470" },
          { currency: "GBP", rate: "0" },
        ],
      },
      {
        source: "x",
        rates: [
          { currency: "EUR", rate: "0.0470" },
          { currency: "JPY", rate: "83.2" },
        ],
      }, // ×10 jump
      {
        source: "x",
        rates: [
          { currency: "EUR", rate: "0.0470" },
          { currency: "MXN", rate: "1" },
        ],
      },
      { source: "x", validFrom: "2026-03-01T00:00:00Z", rates: [{ currency: "EUR", rate: "0.0470" }] },
    ];
    const codes = [];
    for (const attempt of attempts)
      codes.push((await refusal(recordRates(database.db, RateUpdateSchema.parse(attempt), NOW))).code);
    expect(codes).toEqual([
      "UNKNOWN_CURRENCY",
      "INVALID_EXCHANGE_RATE",
      "EXCHANGE_RATE_CHANGE_TOO_LARGE",
      "INVALID_EXCHANGE_RATE",
      "INVALID_EXCHANGE_RATE",
    ]);
    expect(await rateRows()).toBe(before);
  });

  it("judge a scheduled rate against the one it succeeds, not the one in force today", async () => {
    const schedule = (validFrom: string, rate: string) =>
      recordRates(
        database.db,
        RateUpdateSchema.parse({ source: "x", validFrom, rates: [{ currency: "CLP", rate }] }),
        NOW,
      );
    await schedule("2026-04-01T00:00:00Z", "30"); // 51.32 → 30: within ÷2
    await schedule("2026-05-01T00:00:00Z", "16"); // 30 → 16: within ÷2, though 51.32 → 16 is not
    expect((await refusal(schedule("2026-06-01T00:00:00Z", "7"))).code).toBe("EXCHANGE_RATE_CHANGE_TOO_LARGE");
    expect((await findRatesInForce(database.db, new Date("2026-05-02T00:00:00Z"), ["CLP"]))[0]?.rate).toBe("16");
    expect((await findRatesInForce(database.db, NOW, ["CLP"]))[0]?.rate).toBe("51.32");
  });

  it("cannot be rewritten or deleted: the table is append-only", async () => {
    // Drizzle wraps the database error; the trigger's message is its cause.
    const causeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "no error",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await causeOf(database.db.update(exchangeRates).set({ rate: "1" }).where(eq(exchangeRates.currency, "EUR"))),
    ).toMatch(/append-only/);
    expect(await causeOf(database.db.delete(exchangeRates).where(eq(exchangeRates.currency, "EUR")))).toMatch(
      /append-only/,
    );
    await expect(
      database.db.execute(
        sql`insert into exchange_rates (currency, rate, source, valid_from) values ('EUR', 0, 'x', now())`,
      ),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into exchange_rates (currency, rate, source, valid_from) values ('MXN', 1, 'x', now())`,
      ),
    ).rejects.toThrow();
  });

  it("cannot price a currency without a rate in force: prices could not be obtained", async () => {
    expect((await refusal(takeQuote(database.db, ["EUR"], new Date("2024-06-01T00:00:00Z")))).code).toBe(
      "EXCHANGE_RATE_UNAVAILABLE",
    );
    expect((await takeQuote(database.db, ["MXN"], new Date("2024-06-01T00:00:00Z"))).rates).toEqual([]);
  });

  it("are not reseeded over the operator's history", async () => {
    const before = await rateRows();
    await seed(database.db);
    expect(await rateRows()).toBe(before);
  });
});
