// What the sandbox decides about a card from its number alone: whether it can be a real card (Luhn,
// length, brand), who issued it (brand, country, bank from the BIN), and how a test card behaves.
// Expiry and CVV checks take `now` and the brand. Nothing here stores or logs a number.

export type CardBrand = "VI" | "MC" | "AX" | "DN" | "DS" | "JC";

/** How the issuer answers an authorization for this card. */
export type CardBehaviour = "approve" | "decline" | "insufficient_funds" | "challenge";

export interface TestCard {
  number: string;
  behaviour: CardBehaviour;
  description: string;
}

/**
 * The documented test cards (docs/decisions/0018): any future expiry, any CVV of the right length,
 * any name. Every other number that passes Luhn and has a known brand is approved.
 */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", behaviour: "approve", description: "Visa, approved" },
  { number: "5555555555554444", behaviour: "approve", description: "MasterCard, approved" },
  { number: "378282246310005", behaviour: "approve", description: "American Express, approved (4-digit CVV)" },
  { number: "4000000000000002", behaviour: "decline", description: "Visa, declined by the issuer" },
  { number: "4000000000009995", behaviour: "insufficient_funds", description: "Visa, declined: insufficient funds" },
  {
    number: "4000002760003184",
    behaviour: "challenge",
    description: "Visa, asks for a 3-D Secure challenge (approve or deny)",
  },
  {
    number: "4152313800000007",
    behaviour: "approve",
    description: "Visa issued in Mexico by BBVA México, approved (instalments up to 15 months)",
  },
  {
    number: "5546290000000015",
    behaviour: "approve",
    description: "MasterCard issued in Mexico by Banorte, approved (instalments up to 12 months)",
  },
];

export interface IssuerBin {
  prefix: string;
  /** ISO country of the issuing bank. */
  country: string;
  /** The issuer's code (the same codes as our instalment banks); null when the sandbox does not name it. */
  issuer: string | null;
  /** The most months without interest the issuer sells; 0 when it sells none (any card not issued in Mexico). */
  maxInstalmentMonths: number;
}

/**
 * BIN ranges whose issuer the sandbox knows: the Mexican ones make a card eligible for months without
 * interest, up to the issuer's own maximum. 415231 is a BBVA México (formerly Bancomer) Visa
 * credit range; 554629 stands for a Banorte MasterCard range in this sandbox; 424242 is the classic
 * US test Visa, which no Mexican instalment plan accepts.
 */
export const ISSUER_BINS: readonly IssuerBin[] = [
  { prefix: "415231", country: "MX", issuer: "bbva", maxInstalmentMonths: 15 },
  { prefix: "554629", country: "MX", issuer: "banorte", maxInstalmentMonths: 12 },
  { prefix: "424242", country: "US", issuer: null, maxInstalmentMonths: 0 },
];

export function digitsOf(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function inRange(number: string, digits: number, from: number, to: number): boolean {
  const head = Number(number.slice(0, digits));
  return head >= from && head <= to;
}

/** The card brand from its leading digits (IIN ranges), with the lengths each brand issues; null when unknown. */
export function brandOf(number: string): CardBrand | null {
  const length = number.length;
  if (/^3[47]/.test(number)) return length === 15 ? "AX" : null;
  if (/^4/.test(number)) return [13, 16, 19].includes(length) ? "VI" : null;
  if (inRange(number, 2, 51, 55) || inRange(number, 4, 2221, 2720)) return length === 16 ? "MC" : null;
  if (/^(6011|65)/.test(number) || inRange(number, 3, 644, 649)) return length >= 16 && length <= 19 ? "DS" : null;
  if (inRange(number, 4, 3528, 3589)) return length >= 16 && length <= 19 ? "JC" : null;
  if (/^(36|38)/.test(number) || inRange(number, 3, 300, 305)) return length >= 14 && length <= 19 ? "DN" : null;
  return null;
}

export function issuerOf(number: string): { country: string | null; issuer: string | null } {
  const match = ISSUER_BINS.find((bin) => number.startsWith(bin.prefix));
  return match ? { country: match.country, issuer: match.issuer } : { country: null, issuer: null };
}

/** The plans (months without interest) the sandbox accepts: the usual Mexican steps. */
export const INSTALMENT_MONTHS = [3, 6, 9, 12, 15] as const;

/** Why a card cannot pay in `months` without interest, or null when it can. */
export type InstalmentRefusal = "instalments_not_mexican" | "instalments_months_exceeded";

/**
 * Months without interest are sold by Mexican issuers on their own cards, each up to its maximum: a
 * card from elsewhere (or a BIN the sandbox does not know) is refused, and so is a plan longer than
 * its issuer sells. The card is known here only by what its token keeps (country and issuer).
 */
export function instalmentRefusalOf(
  card: { binCountry: string | null; issuer: string | null },
  months: number,
): InstalmentRefusal | null {
  if (card.binCountry !== "MX") return "instalments_not_mexican";
  const bin = ISSUER_BINS.find((entry) => entry.country === "MX" && entry.issuer === card.issuer);
  return bin && bin.maxInstalmentMonths >= months ? null : "instalments_months_exceeded";
}

/** Each monthly payment in minor units: the amount split evenly, rounded up so the plan covers it. */
export function monthlyAmountOf(amountMinor: number, months: number): number {
  return Math.ceil(amountMinor / months);
}

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS.find((card) => card.number === number)?.behaviour ?? "approve";
}

export type CardFieldError =
  | "number_required"
  | "number_invalid"
  | "number_unsupported"
  | "expiry_required"
  | "expiry_invalid"
  | "expiry_past"
  | "cvc_required"
  | "cvc_invalid"
  | "name_required"
  | InstalmentRefusal;

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** The facts kept about a card once it is accepted: never the whole number, never the CVV. */
export interface AcceptedCard {
  brand: CardBrand;
  last4: string;
  binCountry: string | null;
  issuer: string | null;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/** MM/YY or MM/YYYY (spaces allowed around the slash) → month and four-digit year. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** A card is valid through the last day of its expiry month (UTC, as card networks settle). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export function cvcLengthOf(brand: CardBrand): 3 | 4 {
  return brand === "AX" ? 4 : 3;
}

/** Checks the hosted page's form: every field error at once, so the buyer fixes them in one go. */
export function checkCardForm(
  form: CardForm,
  now: Date,
): { card: AcceptedCard } | { errors: Partial<Record<keyof CardForm, CardFieldError>> } {
  const errors: Partial<Record<keyof CardForm, CardFieldError>> = {};
  const number = digitsOf(form.number);
  let brand: CardBrand | null = null;
  if (number === "") errors.number = "number_required";
  else if (!passesLuhn(number)) errors.number = "number_invalid";
  else if ((brand = brandOf(number)) === null) errors.number = "number_unsupported";

  const expiry = parseExpiry(form.expiry);
  if (form.expiry.trim() === "") errors.expiry = "expiry_required";
  else if (!expiry) errors.expiry = "expiry_invalid";
  else if (isExpired(expiry, now)) errors.expiry = "expiry_past";

  const cvc = form.cvc.trim();
  if (cvc === "") errors.cvc = "cvc_required";
  // Without a brand the length cannot be told, so only the form of the digits is checked.
  else if (!/^\d{3,4}$/.test(cvc) || (brand !== null && cvc.length !== cvcLengthOf(brand))) errors.cvc = "cvc_invalid";

  if (form.name.trim().length < 2) errors.name = "name_required";

  if (Object.keys(errors).length > 0 || brand === null || expiry === null) return { errors };
  const { country, issuer } = issuerOf(number);
  return {
    card: {
      brand,
      last4: number.slice(-4),
      binCountry: country,
      issuer,
      expMonth: expiry.month,
      expYear: expiry.year,
      behaviour: behaviourOf(number),
    },
  };
}
