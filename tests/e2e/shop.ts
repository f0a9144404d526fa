// Steps a shopper takes in more than one journey: days in Cancún, the notices dismissed, a park put
// in the cart, the payment details filled in, and the sandbox provider's pages answered.
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { APP_BANNER_STORAGE_KEY } from "../../app/components/shell/app-banner-storage.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";

export const MESSAGES = { es, en, pt } as const;
export type Language = keyof typeof MESSAGES;

/** The local date in Cancún `days` from today, YYYY-MM-DD. */
export function cancunDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Cancun",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A day `days` ahead on which every park opens: most close on Sundays (the seeded hours), so a
 * Sunday moves to the Monday after.
 */
export function parkDay(days: number): string {
  const date = cancunDate(days);
  return new Date(`${date}T12:00:00Z`).getUTCDay() === 0 ? cancunDate(days + 1) : date;
}

/** `count` different days from `days` ahead on, on which every park opens. */
export function parkDays(days: number, count: number): string[] {
  const found: string[] = [];
  for (let day = days; found.length < count; day += 1)
    if (parkDay(day) === cancunDate(day)) found.push(cancunDate(day));
  return found;
}

/** The cookie notice and the app banner answered, so they cover nothing. */
export async function dismissNotices(context: BrowserContext, origin = "http://127.0.0.1") {
  await context.addCookies([{ name: "cookie_notice", value: "1", url: origin }]);
  await context.addInitScript((key) => {
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem(key, "1");
  }, APP_BANNER_STORAGE_KEY);
}

/** Prices in `code` from the first page on, as the currency switcher's cookies say. */
export async function chooseCurrency(context: BrowserContext, code: "MXN" | "USD", origin = "http://127.0.0.1") {
  const id = code === "USD" ? "1" : "2";
  await context.addCookies([
    { name: "currency", value: code, url: origin },
    { name: "currency_id", value: id, url: origin },
  ]);
}

export type Park = "xplor" | "xcaret" | "xenses" | "xenotes" | "xoximilco" | "xavage";

/** A park's admission on `date` from its product page. */
export async function addPark(page: Page, language: Language, park: Park, date: string, adults = 2) {
  const t = MESSAGES[language];
  await page.goto(`${pathOf(park, language)}?date=${date}&adults=${adults}&step=search`);
  await page.getByTestId("activity-booking").getByRole("button", { name: t["cart.add"] }).click();
  await expect(page).toHaveURL(new RegExp(pathOf("cart", language)));
}

export interface Buyer {
  name: string;
  email: string;
  phone: string;
  /** The country as its option reads in the page's language. */
  country: string;
}

export const BUYER: Record<Language, Buyer> = {
  es: { name: "Lucía Hernández", email: "lucia@example.mx", phone: "+52 998 123 4567", country: "México" },
  en: { name: "Emily Carter", email: "emily@example.com", phone: "+1 312 555 0101", country: "United States" },
  pt: { name: "João Pereira", email: "joao@example.com.br", phone: "+55 11 91234 5678", country: "Brasil" },
};

/** Fills the payment details: the buyer, every passenger name asked for, the terms. Does not submit. */
export async function fillPaymentDetails(
  page: Page,
  language: Language,
  buyer: Buyer = BUYER[language],
  on: "paymentDetails" | "paymentDetailsCoupon" = "paymentDetails",
) {
  const t = MESSAGES[language];
  await expect(page).toHaveURL(new RegExp(pathOf(on, language)));
  await page.getByLabel(t["checkout.buyer.name"]).fill(buyer.name);
  await page.getByLabel(t["checkout.buyer.email"]).fill(buyer.email);
  await page.getByLabel(t["checkout.buyer.phone"]).fill(buyer.phone);
  await page.getByLabel(t["checkout.buyer.country"]).selectOption({ label: buyer.country });
  const names = page.locator('input[name^="names."]');
  for (let index = 0; index < (await names.count()); index += 1)
    await names.nth(index).fill(`${buyer.name.split(" ")[0]} ${index + 1}`);
  await page.locator('input[name="acceptTerms"]').check();
}

/** Submits the payment details; the browser lands on the sandbox provider's page. */
export async function submitPayment(page: Page) {
  await page.getByTestId("pay").click();
  await expect(page).toHaveURL(/\/sandbox-psp\//);
}

/** The sandbox's hosted card page: a test card, a future expiry, a CVV. */
export async function payByCard(page: Page, number: string) {
  await page.locator("#number").fill(number);
  await page.locator("#expiry").fill("12/34");
  await page.locator("#cvc").fill(number.startsWith("3") ? "1234" : "123");
  await page.locator("#name").fill("Test Holder");
  await page.locator('form button[type="submit"]').click();
}

/** The thank-you page with its booking reference; returns the reference. */
export async function expectThankYou(page: Page, language: Language): Promise<string> {
  await expect(page).toHaveURL(new RegExp(pathOf("cartThankYou", language)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES[language]["thanks.title"]);
  const reference = page.getByTestId("booking-reference");
  await expect(reference).toHaveText(/^[0-9A-Z]{6}$/);
  return reference.innerText();
}

const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

/**
 * One-way ferry seats (`adults` of them, one by default) bought as a guest the way a browser without
 * JavaScript buys them (the cart API, the payment-details form, the sandbox card page, the thank-you
 * page), for journeys about what comes after a purchase: the browser's purchase itself is tested in
 * cart.spec.ts and checkout.spec.ts. Returns the booking reference.
 */
export async function buyFerrySeatOverHttp(
  page: Page,
  language: Language,
  buyer: { name: string; email: string },
  days: number,
  adults = 1,
): Promise<string> {
  const request = page.context().request;
  const date = cancunDate(days);
  const day = await (
    await request.get(
      `/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=${adults}&currency=MXN&language=${language}`,
    )
  ).json();
  const sailing = (day.outbound as { id: number; selectable: boolean }[]).find((candidate) => candidate.selectable);
  if (!sailing) throw new Error(`no sailing to buy on ${date}`);
  const item = {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date,
    outboundSailingId: sailing.id,
    passengers: { adult: adults },
  };
  const cart = await (
    await request.post(`/xapi/shopping-cart?Language=${language.toUpperCase()}`, {
      headers: CART_API_HEADERS,
      data: { action: "add", currency: "MXN", item },
    })
  ).json();
  // The cart's cookie in the browser's jar, beside the booking-access cookie the form will set.
  await page.context().addCookies([{ name: "cart_session", value: String(cart.SessionId), url: "http://127.0.0.1" }]);
  return payCartOverHttp(page, language, buyer);
}

/**
 * A park's admission (seeded product `productId`, e.g. 103 Xplor Fuego) for one adult on `date`,
 * bought over HTTP as `buyFerrySeatOverHttp` buys a seat, in pesos: the park page's form puts it in
 * the cart.
 */
export async function buyParkOverHttp(
  page: Page,
  language: Language,
  buyer: { name: string; email: string },
  productId: number,
  date: string,
): Promise<string> {
  await chooseCurrency(page.context(), "MXN");
  const added = await page.context().request.post(pathOf("cart", language), {
    form: { intent: "add-activity", product: productId, date, adults: 1 },
    maxRedirects: 0,
  });
  expect(added.headers()["location"], "the park is in the cart").toContain("updated=1");
  // A park's tickets carry names: every name field the payment details ask for.
  const form = await (await page.context().request.get(pathOf("paymentDetails", language))).text();
  const fields = [...form.matchAll(/name="(names\.[0-9a-f-]{36}\.\d{1,2})"/g)].map((match) => match[1]!);
  return payCartOverHttp(page, language, buyer, Object.fromEntries(fields.map((field) => [field, buyer.name])));
}

/**
 * The cart in this context's jar paid by card as a guest, with `names` (form field → passenger name)
 * where its tickets carry them; returns the booking reference.
 */
async function payCartOverHttp(
  page: Page,
  language: Language,
  buyer: { name: string; email: string },
  names: Record<string, string> = {},
): Promise<string> {
  const request = page.context().request;
  const placed = await request.post(pathOf("paymentDetails", language), {
    form: {
      name: buyer.name,
      email: buyer.email,
      phone: "+52 998 123 4567",
      country: "MX",
      method: "card",
      acceptTerms: "on",
      ...names,
    },
    maxRedirects: 0,
  });
  const cardPage = placed.headers()["location"] ?? "";
  expect(cardPage, "the payment details send to the card page").toMatch(/\/sandbox-psp\/pay\/pi_/);
  const paid = await request.post(cardPage, {
    form: { number: "4242424242424242", expiry: "12/34", cvc: "123", name: buyer.name },
    maxRedirects: 0,
  });
  const thankYou = paid.headers()["location"] ?? "";
  expect(thankYou, "the card page sends to the thank-you page").toContain(pathOf("cartThankYou", language));
  const html = await (await request.get(thankYou)).text();
  const reference = /data-testid="booking-reference"[^>]*>([0-9A-Z]{6})</.exec(html)?.[1];
  if (!reference) throw new Error("the thank-you page shows no booking reference");
  return reference;
}
