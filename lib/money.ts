// Money is an integer count of a currency's minor units plus its ISO 4217 code. Arithmetic,
// allocation, conversion and formatting never touch floating point: products and quotients that can
// exceed 2^53 are computed with bigint, and every result is checked to be a safe integer again.

/** The 17 currencies the site sells in. */
export const CURRENCY_CODES = [
  "USD",
  "MXN",
  "EUR",
  "CAD",
  "GBP",
  "AUD",
  "COP",
  "CLP",
  "ARS",
  "PEN",
  "JPY",
  "CNY",
  "KRW",
  "RUB",
  "UYU",
  "GTQ",
  "CRC",
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Prices are set in this currency; every other one is derived from it through an exchange rate. */
export const BASE_CURRENCY: CurrencyCode = "MXN";

/**
 * ISO 4217 minor units: how many decimal digits the smallest unit has. CLP, JPY and KRW have none;
 * every other currency of the 17 has two (ISO lists two for COP, ARS and CRC too, and card networks
 * settle them with two, even though their prices are quoted in whole units — see ROUNDING_INCREMENT).
 */
export const MINOR_UNITS: Readonly<Record<CurrencyCode, 0 | 2>> = {
  USD: 2,
  MXN: 2,
  EUR: 2,
  CAD: 2,
  GBP: 2,
  AUD: 2,
  COP: 2,
  CLP: 0,
  ARS: 2,
  PEN: 2,
  JPY: 0,
  CNY: 2,
  KRW: 0,
  RUB: 2,
  UYU: 2,
  GTQ: 2,
  CRC: 2,
};

/**
 * The step, in minor units, that converted prices are rounded to. A currency whose major unit is worth
 * less than a US cent is priced in whole units: its minor unit is not in circulation and nobody quotes
 * prices with it (COP centavos, ARS centavos, CRC céntimos). CLP, JPY and KRW have no minor unit at
 * all, so their step is already one whole unit.
 */
export const ROUNDING_INCREMENT: Readonly<Record<CurrencyCode, number>> = {
  USD: 1,
  MXN: 1,
  EUR: 1,
  CAD: 1,
  GBP: 1,
  AUD: 1,
  COP: 100,
  CLP: 1,
  ARS: 100,
  PEN: 1,
  JPY: 1,
  CNY: 1,
  KRW: 1,
  RUB: 1,
  UYU: 1,
  GTQ: 1,
  CRC: 100,
};

export interface Money {
  /** A safe integer count of minor units (cents, centavos, yen). Negative for refunds and discounts. */
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
}

export class CurrencyMismatchError extends Error {
  override name = "CurrencyMismatchError";
  constructor(a: CurrencyCode, b: CurrencyCode) {
    super(`cannot combine ${a} with ${b}`);
  }
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && (CURRENCY_CODES as readonly string[]).includes(value);
}

export function minorUnitsOf(currency: CurrencyCode): number {
  return MINOR_UNITS[currency];
}

/** True when prices in this currency are whole units even though it has a minor unit (COP, ARS, CRC). */
export function isPricedInWholeUnits(currency: CurrencyCode): boolean {
  const minorUnits = MINOR_UNITS[currency];
  return minorUnits > 0 && ROUNDING_INCREMENT[currency] === 10 ** minorUnits;
}

function checkedSafe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} overflows the safe integer range`);
  }
  return Number(value);
}

export function money(amountMinor: number | bigint, currency: CurrencyCode): Money {
  if (!isCurrencyCode(currency)) throw new TypeError(`unknown currency ${String(currency)}`);
  const amount = typeof amountMinor === "bigint" ? checkedSafe(amountMinor, "amount") : amountMinor;
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`amount must be a safe integer of minor units, got ${amountMinor}`);
  // -0 and 0 are the same amount; keep one so that equality and serialization agree.
  return { amountMinor: amount === 0 ? 0 : amount, currency };
}

export function zero(currency: CurrencyCode): Money {
  return money(0, currency);
}

function sameCurrency(a: Money, b: Money): CurrencyCode {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

export function add(a: Money, b: Money): Money {
  return money(BigInt(a.amountMinor) + BigInt(b.amountMinor), sameCurrency(a, b));
}

export function subtract(a: Money, b: Money): Money {
  return money(BigInt(a.amountMinor) - BigInt(b.amountMinor), sameCurrency(a, b));
}

/** Money × an integer (a quantity of passengers, tickets, nights). */
export function multiply(amount: Money, factor: number | bigint): Money {
  if (typeof factor === "number" && !Number.isSafeInteger(factor)) throw new RangeError("factor must be an integer");
  return money(BigInt(amount.amountMinor) * BigInt(factor), amount.currency);
}

export function negate(amount: Money): Money {
  return money(-amount.amountMinor, amount.currency);
}

export function sum(amounts: readonly Money[], currency: CurrencyCode): Money {
  let total = 0n;
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new CurrencyMismatchError(currency, amount.currency);
    total += BigInt(amount.amountMinor);
  }
  return money(total, currency);
}

/** -1, 0 or 1, like a sort comparator; amounts in different currencies cannot be compared. */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amountMinor < b.amountMinor ? -1 : a.amountMinor > b.amountMinor ? 1 : 0;
}

/**
 * Splits a total by integer ratios with the largest-remainder method: each part gets the floor of its
 * exact share, and the minor units left over go one each to the parts with the largest remainders
 * (ties to the earlier part). The parts always add up to the total; no cent is lost or invented.
 * A negative total is split like its absolute value, then negated.
 */
export function allocate(total: Money, ratios: readonly (number | bigint)[]): Money[] {
  if (ratios.length === 0) throw new RangeError("allocate needs at least one ratio");
  const weights = ratios.map((ratio) => {
    if (typeof ratio === "number" && !Number.isSafeInteger(ratio)) throw new RangeError("ratios must be integers");
    const weight = BigInt(ratio);
    if (weight < 0n) throw new RangeError("ratios must not be negative");
    return weight;
  });
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) throw new RangeError("ratios must not all be zero");

  const sign = total.amountMinor < 0 ? -1n : 1n;
  const amount = BigInt(total.amountMinor) * sign;
  const shares = weights.map((weight) => (amount * weight) / weightSum);
  const remainders = weights.map((weight, index) => ({ index, remainder: (amount * weight) % weightSum }));
  let leftover = amount - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return shares.map((share) => money(share * sign, total.currency));
}

/** Splits a total into n parts as equal as possible; the first parts get the extra minor units. */
export function split(total: Money, parts: number): Money[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError("parts must be a positive integer");
  return allocate(
    total,
    Array.from({ length: parts }, () => 1),
  );
}

// ---------------------------------------------------------------------------------------------------
// Exact decimals (exchange rates) and conversion

/** An exact decimal: `digits / 10^scale`. Exchange rates travel as strings and live as this. */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/** Parses a plain non-negative decimal string ("0.0542", "18"); null for anything else (no exponents). */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return { digits: BigInt(whole + fraction), scale: fraction.length };
}

/** The shortest plain string of a decimal ("0.0542"), the inverse of parseDecimal. */
export function formatDecimal(value: Decimal): string {
  const negative = value.digits < 0n;
  const text = (negative ? -value.digits : value.digits).toString().padStart(value.scale + 1, "0");
  const whole = text.slice(0, text.length - value.scale);
  const fraction = text.slice(text.length - value.scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = a.digits * 10n ** BigInt(scale - a.scale);
  const right = b.digits * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** numerator / denominator rounded half away from zero to a multiple of `increment`. */
function divideRounded(numerator: bigint, denominator: bigint, increment: bigint): bigint {
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = (denominator < 0n ? -denominator : denominator) * increment;
  const quotient = n / d;
  const remainder = n % d;
  const rounded = remainder * 2n >= d ? quotient + 1n : quotient;
  return sign * rounded * increment;
}

/**
 * Converts with `rate` units of `to` per one unit of `from`, rounding half away from zero to the
 * target currency's rounding increment (a cent, or a whole peso/colón for COP, ARS and CRC).
 */
export function convert(amount: Money, to: CurrencyCode, rate: Decimal): Money {
  if (rate.digits <= 0n) throw new RangeError("an exchange rate must be positive");
  const fromUnits = BigInt(MINOR_UNITS[amount.currency]);
  const toUnits = BigInt(MINOR_UNITS[to]);
  const numerator = BigInt(amount.amountMinor) * rate.digits * 10n ** toUnits;
  const denominator = 10n ** (BigInt(rate.scale) + fromUnits);
  return money(divideRounded(numerator, denominator, BigInt(ROUNDING_INCREMENT[to])), to);
}

/** Rounds an amount to its currency's rounding increment (half away from zero). */
export function roundToIncrement(amount: Money): Money {
  return money(
    divideRounded(BigInt(amount.amountMinor), 1n, BigInt(ROUNDING_INCREMENT[amount.currency])),
    amount.currency,
  );
}

// ---------------------------------------------------------------------------------------------------
// Display, driven by the Currency entity's fields, never by Intl defaults

/** The fields of the Currency entity that decide how an amount is written. */
export interface CurrencyFormat {
  isoCode: string;
  /** The symbol exactly as printed beside an amount, including the no-break space some conventions put between them. */
  presentationSymbol: string;
  /** D: symbol on the right of the number; I: on the left. */
  position: "D" | "I";
  decimalSeparator: string;
  /** May be empty (no grouping); a no-break space where the convention groups with spaces. */
  thousandSeparator: string;
}

function groupThousands(digits: string, separator: string): string {
  if (separator === "" || digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let index = head; index < digits.length; index += 3) groups.push(digits.slice(index, index + 3));
  return groups.join(separator);
}

/**
 * Writes an amount the currency's way: "US$1,234.56", "1.234,56 €", "$ 1.234,00" (COP), "¥1,234" (JPY).
 * The fraction always has the currency's ISO 4217 minor units, the figure the currency API gives
 * clients: COP, ARS and CRC are priced in whole units but written ",00", as CLDR writes them.
 */
export function formatMoney(amount: Money, format: CurrencyFormat): string {
  if (format.isoCode !== amount.currency)
    throw new CurrencyMismatchError(amount.currency, format.isoCode as CurrencyCode);
  const minorUnits = MINOR_UNITS[amount.currency];
  const absolute = BigInt(Math.abs(amount.amountMinor));
  const scale = 10n ** BigInt(minorUnits);
  const whole = groupThousands((absolute / scale).toString(), format.thousandSeparator);
  const fraction = minorUnits > 0 ? (absolute % scale).toString().padStart(minorUnits, "0") : "";
  const number = fraction !== "" ? `${whole}${format.decimalSeparator}${fraction}` : whole;
  const sign = amount.amountMinor < 0 ? "-" : "";
  return format.position === "I"
    ? `${sign}${format.presentationSymbol}${number}`
    : `${sign}${number}${format.presentationSymbol}`;
}

const SPACE = /[\s\u00a0\u202f]/;
const SPACES = /[\s\u00a0\u202f]+/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Reads an amount written the currency's way (the inverse of formatMoney). It tolerates the symbol
 * being absent, spaces around it, ordinary spaces for no-break ones and missing grouping; it refuses
 * more decimals than the currency has, misplaced separators and anything else. Null when the text is
 * not an amount.
 */
export function parseMoney(text: string, format: CurrencyFormat): Money | null {
  if (!isCurrencyCode(format.isoCode) || text.length > 64) return null;
  const currency = format.isoCode;
  const symbol = format.presentationSymbol.replace(SPACES, "");
  let rest = text.trim();
  let negative = false;
  if (rest.startsWith("-")) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  if (symbol !== "") {
    if (format.position === "I" && rest.startsWith(symbol)) rest = rest.slice(symbol.length).trimStart();
    else if (format.position === "D" && rest.endsWith(symbol))
      rest = rest.slice(0, rest.length - symbol.length).trimEnd();
  }
  const minorUnits = MINOR_UNITS[currency];
  // A space-like group separator is matched by any space, so "1 234" reads like "1\u00a0234".
  const spaceGroups = SPACE.test(format.thousandSeparator);
  const group = spaceGroups ? " " : format.thousandSeparator;
  if (spaceGroups) rest = rest.replace(SPACES, " ");
  const wholePattern = group === "" ? "\\d+" : `(?:\\d{1,3}(?:${escapeRegExp(group)}\\d{3})+|\\d+)`;
  const fractionPattern = minorUnits > 0 ? `(?:${escapeRegExp(format.decimalSeparator)}(\\d{1,${minorUnits}}))?` : "";
  const match = new RegExp(`^(${wholePattern})${fractionPattern}$`).exec(rest);
  if (!match) return null;
  const whole = (match[1] ?? "").replace(/\D/g, "");
  const fraction = (match[2] ?? "").padEnd(minorUnits, "0");
  const minor = BigInt(whole + fraction);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return money(negative ? -minor : minor, currency);
}
