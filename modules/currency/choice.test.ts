import { describe, expect, it, test } from "vitest";
import { ConfigError, parseConfig } from "../../lib/config.ts";
import { CURRENCY_CODES } from "../../lib/money.ts";
import {
  COUNTRY_CURRENCY,
  chooseCurrency,
  countryFromHeaders,
  currencyFromCookies,
  currencyOfCountry,
  defaultCountryOf,
} from "./choice.ts";
import { CURRENCY_IDS } from "./currencies.ts";

const HEADERS = ["CloudFront-Viewer-Country", "CF-IPCountry"];
const noCookies = { currency: undefined, currencyId: undefined };

describe("the country map", () => {
  // The published country-to-currency map, in its order: a country not listed gets the language's default.
  const SPEC_MAP = [
    ["MX", "MXN"],
    ["US", "USD"],
    ["CA", "CAD"],
    ["BR", "USD"],
    ["CO", "COP"],
    ["GB", "GBP"],
    ["ES", "EUR"],
    ["CL", "CLP"],
    ["AR", "ARS"],
    ["NL", "EUR"],
    ["PE", "PEN"],
    ["JP", "JPY"],
    ["CN", "CNY"],
    ["KR", "KRW"],
    ["RU", "RUB"],
    ["AU", "AUD"],
    ["UY", "UYU"],
    ["GT", "GTQ"],
    ["CR", "CRC"],
    ["PA", "USD"],
    ["DE", "EUR"],
    ["FR", "EUR"],
    ["CH", "EUR"],
    ["SE", "EUR"],
    ["IT", "EUR"],
  ] as const;

  test.each(SPEC_MAP)("a visitor from %s pays in %s", (country, currency) => {
    expect(currencyOfCountry(country)).toBe(currency);
    const choice = chooseCurrency({ cookies: noCookies, country, language: "en" });
    expect(choice).toEqual({ code: currency, id: CURRENCY_IDS[currency], reason: "country", country });
  });

  it("has those 25 countries and no others", () => {
    expect(Object.entries(COUNTRY_CURRENCY).sort()).toEqual([...SPEC_MAP].map(([a, b]) => [a, b]).sort());
  });

  it("reaches every one of the 17 currencies: each is some country's", () => {
    expect(new Set(Object.values(COUNTRY_CURRENCY))).toEqual(new Set(CURRENCY_CODES));
  });

  it("is not fooled by names of object properties", () => {
    expect(currencyOfCountry("toString")).toBe("USD");
    expect(currencyOfCountry("__proto__")).toBe("USD");
  });

  test.each(["PT", "IE", "AT", "BE", "IN", "ZA", "VE", "EC", "NZ"])("any other country (%s) pays in USD", (country) => {
    expect(chooseCurrency({ cookies: noCookies, country, language: "pt" })).toMatchObject({
      code: "USD",
      id: 1,
      reason: "country",
    });
  });
});

describe("the country comes from the edge geolocation header", () => {
  it("CloudFront first, then Cloudflare, case-insensitively", () => {
    expect(countryFromHeaders(new Headers({ "CloudFront-Viewer-Country": "GB" }), HEADERS)).toBe("GB");
    expect(countryFromHeaders(new Headers({ "cf-ipcountry": "co" }), HEADERS)).toBe("CO");
    expect(countryFromHeaders(new Headers({ "CloudFront-Viewer-Country": "JP", "CF-IPCountry": "KR" }), HEADERS)).toBe(
      "JP",
    );
  });

  it("whose names are configured: CloudFront-Viewer-Country then CF-IPCountry by default", () => {
    expect(parseConfig({ NODE_ENV: "test" }).GEO_COUNTRY_HEADERS).toEqual(HEADERS);
    expect(
      parseConfig({ NODE_ENV: "test", GEO_COUNTRY_HEADERS: " X-Geo-Country , CF-IPCountry," }).GEO_COUNTRY_HEADERS,
    ).toEqual(["X-Geo-Country", "CF-IPCountry"]);
    expect(() => parseConfig({ NODE_ENV: "test", GEO_COUNTRY_HEADERS: "Bad Header:Name" })).toThrow(ConfigError);
  });

  it("with configurable header names", () => {
    const headers = new Headers({ "X-Country-Code": "cl", "CF-IPCountry": "AR" });
    expect(countryFromHeaders(headers, ["X-Country-Code"])).toBe("CL");
    expect(countryFromHeaders(headers, [])).toBeNull();
  });

  test.each(["", "  ", "XX", "T1", "A1", "ZZ", "MEX", "M", "1A", "é", "US,MX", "<script>"])("ignores %j", (value) => {
    expect(countryFromHeaders(new Headers({ "CF-IPCountry": value }), HEADERS)).toBeNull();
  });

  it("falls through a placeholder in the first header to a real country in the next", () => {
    expect(countryFromHeaders(new Headers({ "CloudFront-Viewer-Country": "XX", "CF-IPCountry": "PE" }), HEADERS)).toBe(
      "PE",
    );
  });
});

describe("without a geolocation header the language decides the country", () => {
  it("MX in Spanish, US otherwise", () => {
    expect(defaultCountryOf("es")).toBe("MX");
    expect(defaultCountryOf("en")).toBe("US");
    expect(defaultCountryOf("pt")).toBe("US");
    expect(chooseCurrency({ cookies: noCookies, country: null, language: "es" })).toEqual({
      code: "MXN",
      id: 2,
      reason: "language",
      country: "MX",
    });
    expect(chooseCurrency({ cookies: noCookies, country: null, language: "en" })).toEqual({
      code: "USD",
      id: 1,
      reason: "language",
      country: "US",
    });
    expect(chooseCurrency({ cookies: noCookies, country: null, language: "pt" })).toMatchObject({
      code: "USD",
      reason: "language",
    });
  });

  it("but a header beats the language", () => {
    expect(chooseCurrency({ cookies: noCookies, country: "GB", language: "es" })).toMatchObject({
      code: "GBP",
      reason: "country",
    });
  });
});

describe("the currency cookies", () => {
  it("decide when both are present and name the same currency, over header and language", () => {
    expect(chooseCurrency({ cookies: { currency: "EUR", currencyId: "3" }, country: "MX", language: "es" })).toEqual({
      code: "EUR",
      id: 3,
      reason: "cookie",
      country: null,
    });
    for (const code of CURRENCY_CODES) {
      expect(currencyFromCookies({ currency: code, currencyId: String(CURRENCY_IDS[code]) })).toBe(code);
    }
  });

  test.each([
    ["only the code", { currency: "EUR", currencyId: undefined }],
    ["only the id", { currency: undefined, currencyId: "3" }],
    ["code and id of different currencies", { currency: "EUR", currencyId: "1" }],
    ["an unknown code", { currency: "BTC", currencyId: "3" }],
    ["a lower-case code", { currency: "eur", currencyId: "3" }],
    ["an id that is not a number", { currency: "EUR", currencyId: "three" }],
    ["an id with a leading zero", { currency: "EUR", currencyId: "03" }],
    ["an id with spaces", { currency: "EUR", currencyId: " 3" }],
    ["a huge id", { currency: "USD", currencyId: "10000000000000000001" }],
    ["a negative id", { currency: "USD", currencyId: "-1" }],
    ["empty values", { currency: "", currencyId: "" }],
    ["a prototype key", { currency: "constructor", currencyId: "1" }],
  ])("are ignored with %s: the country decides", (_case, cookies) => {
    expect(chooseCurrency({ cookies, country: "CO", language: "en" })).toMatchObject({
      code: "COP",
      reason: "country",
    });
    expect(chooseCurrency({ cookies, country: null, language: "es" })).toMatchObject({
      code: "MXN",
      reason: "language",
    });
  });
});
