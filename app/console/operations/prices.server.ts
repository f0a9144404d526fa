// The console's prices page: every fare in MXN, the presale tiers, and the exchange rates
// in force with a form to record new ones. Each save is one audited change (flows/pricing-admin.ts).
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Language } from "../../../lib/language.ts";
import {
  addFare,
  addPresaleTier,
  changeExchangeRates,
  changeFare,
  changePresaleTier,
  retireFare,
} from "../../../flows/pricing-admin.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import {
  findAllFares,
  findPresaleTierRows,
  findProducts,
  tripsOf,
  type PresaleTierRow,
} from "../../../modules/catalog/index.ts";
import { findCurrencies, findRatesInForce } from "../../../modules/currency/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface PricesPageData {
  fares: {
    id: number;
    productId: number;
    product: string;
    category: "tourist" | "resident";
    passengerType: "adult" | "child" | "infant";
    trip: "one_way" | "round_trip" | "single";
    amount: string;
  }[];
  tiers: (PresaleTierRow & { product: string | null })[];
  rates: { currency: string; rate: string; source: string; validFrom: string }[];
  currencies: string[];
  /** Every product, for a new fare row or presale tier: its id, name and the trips it sells. */
  products: { id: number; name: string; trips: readonly ("one_way" | "round_trip" | "single")[] }[];
  done: (typeof DONE)[number] | null;
}

const DONE = ["fare", "tier", "rate", "fareAdded", "fareRetired", "tierAdded"] as const;

/** "509.00" → 50900; null for anything that is not a non-negative amount with at most 2 decimals. */
export function minorOf(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

export async function loadPricesPage(args: Args, language: Language): Promise<PricesPageData> {
  const services = args.context.get(servicesContext);
  const now = services.clock.now();
  const [fares, tiers, rates, currencies, products] = await Promise.all([
    findAllFares(services.db),
    findPresaleTierRows(services.db),
    findRatesInForce(services.db, now),
    findCurrencies(services.db, language),
    findProducts(services.db, language, { withComplements: false }),
  ]);
  const productName = (id: number | null) =>
    id === null ? null : (products.find((product) => product.id === id)?.name ?? String(id));
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    fares: fares.map((fare) => ({
      id: fare.id,
      productId: fare.productId,
      product: fare.productName[language],
      category: fare.category,
      passengerType: fare.passengerType,
      trip: fare.trip as PricesPageData["fares"][number]["trip"],
      amount: (fare.amountMinor / 100).toFixed(2),
    })),
    tiers: tiers.map((tier) => ({ ...tier, product: productName(tier.productId) })),
    rates: rates.map((rate) => ({
      currency: rate.currency,
      rate: rate.rate,
      source: rate.source,
      validFrom: rate.validFrom.toISOString(),
    })),
    currencies: currencies.map((currency) => currency.isoCode as string).filter((code) => code !== "MXN"),
    products: products.map((product) => ({ id: product.id, name: product.name, trips: tripsOf(product.kind) })),
    done: DONE.find((kind) => kind === done) ?? null,
  };
}

export async function submitPricesPage(args: Args, actor: AuditActor) {
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const back = (done: string) =>
    redirect(`${new URL(args.request.url).pathname}?done=${done}`, { headers: { "Cache-Control": "no-store" } });
  if (intent === "fare") {
    const id = integerField(form, "id");
    try {
      await changeFare(deps, id ?? 0, minorOf(field(form, "amount", 20)) ?? Number.NaN);
      return back("fare");
    } catch (error) {
      return refusalOf(error, intent, id === null ? null : String(id));
    }
  }
  if (intent === "tier") {
    const id = integerField(form, "id");
    // A percentage with up to two decimals is basis points times one hundredth: "10" → 1000.
    const percent = minorOf(field(form, "discount", 10));
    try {
      await changePresaleTier(deps, id ?? 0, {
        discountBasisPoints: percent ?? Number.NaN,
        active: form.get("active") === "on",
      });
      return back("tier");
    } catch (error) {
      return refusalOf(error, intent, id === null ? null : String(id));
    }
  }
  if (intent === "add-fare") {
    try {
      await addFare(deps, {
        productId: integerField(form, "productId") ?? 0,
        category: field(form, "category", 12),
        passengerType: field(form, "passengerType", 12),
        trip: field(form, "trip", 12),
        amountMinor: minorOf(field(form, "amount", 20)) ?? Number.NaN,
      });
      return back("fareAdded");
    } catch (error) {
      return refusalOf(error, intent, "new-fare");
    }
  }
  if (intent === "retire-fare") {
    const id = integerField(form, "id");
    try {
      await retireFare(deps, id ?? 0);
      return back("fareRetired");
    } catch (error) {
      return refusalOf(error, "fare", id === null ? null : String(id));
    }
  }
  if (intent === "add-tier") {
    const product = field(form, "productId", 12);
    try {
      await addPresaleTier(deps, {
        productId: product === "" ? null : (integerField(form, "productId") ?? 0),
        minDaysAhead: integerField(form, "minDaysAhead") ?? Number.NaN,
        discountBasisPoints: minorOf(field(form, "discount", 10)) ?? Number.NaN,
      });
      return back("tierAdded");
    } catch (error) {
      return refusalOf(error, intent, "new-tier");
    }
  }
  if (intent === "rate") {
    try {
      await changeExchangeRates(deps, {
        source: field(form, "source", 64) || "manual",
        allowLargeChange: form.get("allowLargeChange") === "on",
        rates: [{ currency: field(form, "currency", 8), rate: field(form, "rate", 40) }],
      });
      return back("rate");
    } catch (error) {
      return refusalOf(error, intent, "rate");
    }
  }
  const refusal: Refusal = {
    intent,
    target: null,
    code: "INVALID_REQUEST",
    issues: [{ path: "intent", code: "unknown" }],
  };
  return data({ refusal }, { status: 400 });
}
