// Console tasks that more than one journey does, in any of the three languages: each submits one form
// of the page already open and waits for the outcome the page names. The journeys assert what changed.
import type { Page } from "@playwright/test";
import type { ConsoleMessageKey, ConsoleMessages } from "../../lib/i18n/console/en.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { expect } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";
import type { Language } from "./shop.ts";

export const CONSOLE_WORDS: Record<Language, ConsoleMessages> = { es, en, pt };

/** The console's message `key` in `language`, with its `{placeholders}` filled in. */
export function say(language: Language, key: ConsoleMessageKey, values: Record<string, string | number> = {}): string {
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{${name}}`, String(value)),
    CONSOLE_WORDS[language][key],
  );
}

/** On the vessels page: adds a vessel, and waits for the page to say so. */
export async function addVessel(
  page: Page,
  language: Language,
  vessel: { code: string; name: string; capacity: number },
): Promise<void> {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("new-vessel-form");
  await form.getByLabel(words["ops.vessels.code"]).fill(vessel.code);
  await form.getByLabel(words["ops.vessels.name"]).fill(vessel.name);
  await form.getByLabel(words["ops.vessels.capacity"]).fill(String(vessel.capacity));
  await form.getByTestId("add-vessel").click();
  await expect(page.getByTestId("vessel-added")).toHaveText(
    say(language, "ops.vessels.added", { vessel: vessel.name }),
  );
}

/** On the records page: adds a pier named `name` in the three languages. */
export async function addPier(page: Page, language: Language, pier: { code: string; name: string }): Promise<void> {
  const form = page.getByTestId("new-port-form");
  await form.getByLabel(CONSOLE_WORDS[language]["records.code"]).fill(pier.code);
  for (const name of ["ES", "EN", "PT"]) {
    await form.getByLabel(say(language, "records.ports.name", { language: name })).fill(pier.name);
  }
  await form.getByTestId("add-port").click();
  await expect(page.getByTestId("records-done")).toHaveText(
    say(language, "records.done.portAdded", { name: pier.name }),
  );
}

/** On the records page: adds a crossing from the pier named `fromPier`; it starts out of service. */
export async function addCrossing(
  page: Page,
  language: Language,
  crossing: { code: string; fromPier: string },
): Promise<void> {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("new-crossing-form");
  await form.getByLabel(words["records.code"]).fill(crossing.code);
  await form.getByLabel(words["records.crossings.from"], { exact: true }).selectOption({ label: crossing.fromPier });
  await form.getByLabel(words["records.crossings.duration"], { exact: true }).fill("30");
  await form.getByTestId("add-crossing").click();
  await expect(page.getByTestId("records-done")).toHaveText(
    say(language, "records.done.crossingAdded", { name: crossing.code }),
  );
}

/** On the prices page: adds a presale tier `days` ahead for the product listed `index`th; answers its name. */
export async function addPresaleTier(page: Page, language: Language, days: number, index = 1): Promise<string> {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("new-tier-form");
  const product = form.getByLabel(words["ops.prices.product"]);
  await product.selectOption({ index });
  await form.getByLabel(words["ops.prices.minDays"]).fill(String(days));
  await form.getByLabel(words["ops.prices.discount"]).fill("5");
  await form.getByTestId("add-tier").click();
  return (await product.locator("option").nth(index).textContent()) ?? "";
}

/**
 * On the texts page: adds an audience `name` in `language` to the last content slot, with a rule no
 * visitor meets, and waits for the page to say so; answers a locator of the slot.
 */
export async function addAudience(page: Page, language: Language, name: string, title: string) {
  const words = CONSOLE_WORDS[language];
  const slot = () =>
    page
      .locator("details")
      .filter({ has: page.getByTestId("new-audience-form") })
      .last();
  await slot().locator("summary").click();
  const form = slot().getByTestId("new-audience-form");
  await form.getByLabel(words["ops.texts.language"]).selectOption(language);
  await form.getByLabel(words["ops.texts.variantName"]).fill(name);
  await form.getByLabel(words["ops.texts.rule"]).fill('{"==": [{"var": "location.state"}, "ZZZ"]}');
  await form.getByLabel(words["ops.texts.slotTitle"]).fill(title);
  await form.getByTestId("add-audience").click();
  await expect(page.getByTestId("texts-done")).toHaveText(words["ops.texts.done.audienceAdded"]);
  // The slot stays open across the redirect: open it only if it is not.
  if ((await slot().getAttribute("open")) === null) await slot().locator("summary").click();
  return slot();
}

/** The audience `name` in `language`, on the texts page. */
export function audienceForm(page: Page, language: Language, name: string) {
  return page.locator(`[data-testid="audience-form"][data-variant$=":${language}:${name}"]`);
}

/**
 * On the timetable page: saves a rule of the vessel `vesselName` on the crossing from `pier` whose
 * only day was yesterday, so it is ended as soon as it is saved; answers its row.
 */
export async function addEndedRule(
  page: Page,
  language: Language,
  pier: string,
  vesselName: string,
  yesterday: string,
) {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("rule-form");
  const pick = async (label: string, text: string) => {
    const select = form.getByLabel(label, { exact: true });
    await select.selectOption((await select.locator("option", { hasText: text }).first().getAttribute("value")) ?? "");
  };
  await pick(words["ops.timetable.crossing"], pier);
  await pick(words["ops.timetable.vessel"], vesselName);
  await form.getByLabel(words["ops.timetable.first"], { exact: true }).fill("23:00");
  await form.getByLabel(words["ops.timetable.last"], { exact: true }).fill("23:00");
  await form.getByLabel(words["ops.timetable.interval"], { exact: true }).fill("60");
  await form.getByLabel(words["ops.timetable.validFrom"], { exact: true }).fill(yesterday);
  await form.getByLabel(words["ops.timetable.validUntil"], { exact: true }).fill(yesterday);
  await form.getByRole("button", { name: words["ops.timetable.save"] }).click();
  await expect(page.getByTestId("timetable-done")).toBeVisible();
  return page.getByTestId("timetable-rule").filter({ hasText: vesselName });
}

/** On the timetable page: puts the ended rule `rule` back in force, then deletes it. */
export async function reactivateThenDeleteRule(
  page: Page,
  language: Language,
  rule: ReturnType<Page["getByTestId"]>,
): Promise<void> {
  const id = (await rule.getAttribute("data-rule-id")) ?? "";
  await rule.getByTestId("reactivate-rule").click();
  await expect(page.getByTestId("timetable-done")).toHaveText(
    say(language, "ops.timetable.done.reactivated", { rule: id }),
  );
  await expect(rule.getByTestId("reactivate-rule")).toHaveCount(0);
  await rule.getByTestId("delete-rule").click();
  await expect(page.getByTestId("timetable-done")).toHaveText(
    say(language, "ops.timetable.done.deleted", { rule: id }),
  );
  await expect(rule).toHaveCount(0);
}

/**
 * On the sailings page of a day: adds a sailing at `time` on the first crossing listed, sailed by the
 * vessel `vesselName`; answers a locator of its line (the one whose summary names the vessel).
 */
export async function addSailingByHand(page: Page, language: Language, vesselName: string, time: string) {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("add-sailing-form");
  await form.getByLabel(words["ops.timetable.crossing"], { exact: true }).selectOption({ index: 1 });
  await form.getByLabel(words["ops.sailings.time"], { exact: true }).fill(time);
  const vessels = form.getByLabel(words["ops.timetable.vessel"], { exact: true });
  await vessels.selectOption((await vessels.locator("option", { hasText: vesselName }).getAttribute("value")) ?? "");
  await form.getByTestId("add-sailing").click();
  await expect(page.getByTestId("sailing-done")).toHaveText(words["ops.sailings.done.added"]);
  // Every row's vessel list names the new vessel too: its own line is the one whose summary does.
  return page.getByTestId("hand-sailing").filter({ has: page.locator("summary", { hasText: vesselName }) });
}

/** On the sailings page: sets the capacity of the sailing `line` by hand. */
export async function setSailingCapacity(
  page: Page,
  language: Language,
  line: ReturnType<Page["getByTestId"]>,
  seats: number,
): Promise<void> {
  const words = CONSOLE_WORDS[language];
  // The line stays open after an action on it: open it only if it is not.
  if ((await line.locator("details").getAttribute("open")) === null) await line.locator("summary").click();
  await line.getByLabel(words["ops.sailings.capacity"], { exact: true }).fill(String(seats));
  await line.getByTestId("set-capacity").click();
  await expect(page.getByTestId("sailing-done")).toHaveText(words["ops.sailings.done.capacity"]);
  await expect(line).toContainText(words["ops.sailings.byHandCapacity"]);
}

/** On the vessels page: gives the vessel `name` a new capacity, and waits for it to be saved. */
export async function changeVesselCapacity(page: Page, language: Language, name: string, seats: number) {
  const row = page.getByTestId("vessel").filter({ has: page.locator("h2", { hasText: name }) });
  await row.getByLabel(CONSOLE_WORDS[language]["ops.vessels.capacity"]).fill(String(seats));
  await row.getByTestId("save-vessel").click();
  await expect(page.getByTestId("vessel-saved")).toBeVisible();
  return row;
}

// Xcaret's park: open every day, so a new admission has days to sell.
const XCARET_ACTIVITY = "11";

/** Fills the new-product form in the console's words and sends it; answers nothing (the page says). */
export async function addProduct(
  page: Page,
  language: Language,
  product: { code: string; name: string; kind?: string; image?: string },
): Promise<void> {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("new-product-form");
  await form.getByLabel(words["products.code"], { exact: true }).fill(product.code);
  await form.getByLabel(words["products.kindLabel"], { exact: true }).selectOption(product.kind ?? "park_admission");
  await form.getByLabel(words["products.activity"], { exact: true }).selectOption(XCARET_ACTIVITY);
  for (const code of ["ES", "EN", "PT"]) {
    await form
      .getByLabel(words["products.name"].replace("{language}", code), { exact: true })
      .fill(`${product.name} ${code}`);
    await form
      .getByLabel(words["products.summaryField"].replace("{language}", code), { exact: true })
      .fill("Cenotes y cena");
  }
  await form
    .getByLabel(words["products.description"].replace("{language}", "ES"))
    .fill("Un recorrido de noche.\n\nCon cena.");
  await form.getByLabel(words["products.image"], { exact: true }).fill(product.image ?? "/images/products/xcaret.svg");
  await form.getByLabel(words["products.touristAdult"], { exact: true }).fill("1,499");
  await form.getByLabel(words["products.touristChild"], { exact: true }).fill("749.50");
  await form.getByTestId("add-product").click();
}

/** The id of the product `code`, from its row on the products page. */
export async function productIdOf(page: Page, code: string): Promise<string> {
  const id = await page.locator(`[data-product-code="${code}"]`).getAttribute("data-product-id");
  expect(id).toBeTruthy();
  return id!;
}

/** On the products page: fills the new-complement form pairing `admission` with `upgrade`, and sends it. */
export async function makeComplement(
  page: Page,
  language: Language,
  complement: { admission: string; upgrade: string; code: string; park: string },
): Promise<void> {
  const words = CONSOLE_WORDS[language];
  const form = page.getByTestId("new-complement-form");
  await form.getByLabel(words["products.complement.admission"], { exact: true }).selectOption(complement.admission);
  await form.getByLabel(words["products.complement.upgrade"], { exact: true }).selectOption(complement.upgrade);
  await form.getByLabel(words["products.complement.code"], { exact: true }).fill(complement.code);
  await form.getByLabel(words["products.complement.businessUnit"], { exact: true }).fill(complement.park);
  await form.getByLabel(words["products.complement.businessUnitCode"], { exact: true }).fill("NP");
  await form.getByLabel(words["products.image"], { exact: true }).fill("/images/products/xcaret.svg");
  for (const code of ["ES", "EN", "PT"]) {
    await form
      .getByLabel(words["products.complement.title"].replace("{language}", code), { exact: true })
      .fill("With transport");
    await form
      .getByLabel(words["products.complement.subtitle"].replace("{language}", code), { exact: true })
      .fill("From your hotel");
    await form
      .getByLabel(words["products.complement.text"].replace("{language}", code), { exact: true })
      .fill("There and back.");
  }
  await form.getByTestId("add-complement").click();
}

/** On a booking's care page: gives the buyer the name `name`, and waits for the page to show it. */
export async function saveBuyerName(page: Page, language: Language, name: string): Promise<void> {
  const words = CONSOLE_WORDS[language];
  await page.getByTestId("care-buyer").getByLabel(words["money.care.name"]).fill(name);
  await page.getByTestId("care-buyer").getByRole("button", { name: words["money.care.saveBuyer"] }).click();
  await expect(page.getByTestId("care-done")).toHaveAttribute("data-done", "buyer");
  await expect(page.getByTestId("care-booking")).toContainText(name);
}

/** On a booking's care page: sends the tickets of `reference` again to `email`, and reads the mail there. */
export async function resendTickets(page: Page, language: Language, reference: string, email: string): Promise<void> {
  const words = CONSOLE_WORDS[language];
  await page.getByTestId("care-resend").getByLabel(words["money.care.sendTo"]).fill(email);
  await page.getByTestId("care-resend").getByRole("button", { name: words["money.care.sendTickets"] }).click();
  await expect(page.getByTestId("care-done")).toHaveAttribute("data-done", "resend");
  await waitForMail(email, new RegExp(reference));
}

/** On the closures page: closes the day shown of the park or tour `activity` (its label in the list). */
export async function closeActivityDay(page: Page, language: Language, activity: string): Promise<void> {
  await page
    .getByTestId("close-activity-form")
    .getByLabel(CONSOLE_WORDS[language]["ops.closures.activity"])
    .selectOption({ label: activity });
  await page.getByTestId("close-activity").click();
}

/** An amount as the console writes it ("$1,799.10"), in minor units. */
export function minorOf(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
}

/**
 * On the page of a booking of one line whose policy keeps a 10 % fee: reads the offer (the refund and
 * the fee, before the click), cancels under it, and checks the booking paid and refunded in part with
 * no valid ticket; answers the amount refunded as the page writes it, with its currency.
 */
export async function cancelUnderPolicy(page: Page, language: Language): Promise<string> {
  const words = CONSOLE_WORDS[language];
  const total = minorOf((await page.getByTestId("booking-total").textContent()) ?? "");
  const fee = Math.floor((total * 10 + 50) / 100);
  const option = page.getByTestId("cancel-line-option");
  await expect(option).toHaveAttribute("data-refusal", "");
  const offer = new RegExp(
    words["console.cancel.policyOffer"].replace("{refund}", "(.+)").replace("{fee}", "(.+)").replace(/\s/g, "\\s"),
  ).exec((await option.textContent()) ?? "");
  expect(offer, "the offer reads as the policy's").not.toBeNull();
  expect([minorOf(offer![1]!), minorOf(offer![2]!)]).toEqual([total - fee, fee]);

  await page.getByTestId("cancel-fee").click();
  const refunded = `${offer![1]} MXN`;
  await expect(page.getByTestId("cancel-done")).toHaveText(say(language, "console.cancel.done", { amount: refunded }));
  // The fee is kept: the booking stays paid, refunded in part, and no ticket is valid.
  await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "ticketed");
  await expect(page.getByTestId("refund-state")).toHaveAttribute("data-state", "partial");
  await expect(page.getByTestId("booking-refunded")).toContainText(offer![1]!);
  await expect(page.locator('[data-testid="booking-tickets"] tbody tr[data-state="void"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="booking-tickets"] tbody tr[data-state="valid"]')).toHaveCount(0);
  await expect(page.getByTestId("cancel-line-option")).toHaveCount(0);
  return refunded;
}

/** On a booking's page: cancels its first ticket with 10.00 MXN back; answers the ticket's code. */
export async function refundFirstTicket(page: Page, language: Language): Promise<string> {
  const words = CONSOLE_WORDS[language];
  const refund = page.getByTestId("refund-form");
  await refund.getByLabel(say(language, "console.refund.amount", { currency: "MXN" })).fill("10.00");
  const first = refund.locator('input[name="ticket"]').first();
  const code = (await first.locator("xpath=..").locator(".font-mono").textContent()) ?? "";
  await first.check();
  await refund.getByRole("button", { name: words["console.refund.submit"] }).click();
  await expect(page.getByTestId("refund-done")).toBeVisible();
  const ticket = page.getByTestId("booking-tickets").locator(`tbody tr[data-code="${code}"]`);
  await expect(ticket).toHaveAttribute("data-state", "void");
  return code;
}

/**
 * On a booking's page of one line with one live and one cancelled ticket: moves the line to the first
 * sailing with room on `date`, from the page that changes a booking; only the live ticket moves.
 */
export async function moveBookingToDay(page: Page, language: Language, date: string): Promise<void> {
  const words = CONSOLE_WORDS[language];
  const counts = say(language, "money.care.counts", { live: 1, cancelled: 1, boarded: 0 });
  await page.getByTestId("booking-change").click();
  const line = page.getByTestId("care-line");
  await expect(page.getByTestId("care-line-counts")).toHaveText(counts);
  await line.getByLabel(words["money.care.day.outbound"]).fill(date);
  await line.getByRole("button", { name: words["money.care.showSailings"] }).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const outbound = line.locator('select[name="outbound"]');
  const other = outbound.locator("option:not([disabled]):not([value=''])", { hasText: date }).first();
  await outbound.selectOption((await other.getAttribute("value")) ?? "");
  await line.getByRole("button", { name: say(language, "money.care.moveSubmit", { count: 1 }) }).click();
  await expect(page.getByTestId("care-done")).toHaveAttribute("data-done", "move");
  await expect(page.getByTestId("care-line-counts")).toHaveText(counts);
}
