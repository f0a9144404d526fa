// The console tasks that had a browser sample in one or two languages only (ADR 0074's audit), one
// journey per language: one operator signs in once and walks the tasks its language lacked, each a
// form submitted, its outcome read in that language and the changed row checked. Every page template
// is checked by axe in the other console journeys; each use case and its refusals is in its db test.
// Each journey touches only what it makes (a vessel, a pier, a crossing, products, an audience, a
// presale tier on a product of its own index beyond the sale horizon, the bookings it buys over HTTP),
// a fare row of Xplor Fuego's tour that no journey buys, and sailings and park days no other journey
// uses (111 to 117 days ahead). The closures it makes are lifted before it ends.
import { consolePathOf } from "../../app/console/console-pages.ts";
import {
  addAudience,
  addProduct,
  makeComplement,
  productIdOf,
  addCrossing,
  addEndedRule,
  addPier,
  addPresaleTier,
  addSailingByHand,
  addVessel,
  audienceForm,
  CONSOLE_WORDS,
  cancelUnderPolicy,
  closeActivityDay,
  moveBookingToDay,
  refundFirstTicket,
  changeVesselCapacity,
  reactivateThenDeleteRule,
  say,
  resendTickets,
  saveBuyerName,
  setSailingCapacity,
} from "./console-tasks.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";
import { buyFerrySeatOverHttp, buyParkOverHttp, cancunDate, type Language, parkDay } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

// Days no other journey adds, moves or buys a sailing on.
const SAILING_DAYS_AHEAD: Partial<Record<Language, number>> = { es: 111, en: 112 };
const BOOKING_DAYS_AHEAD: Record<Language, number> = { es: 116, en: 113, pt: 114 };
// Xenses's admission, on a day no other journey buys or closes it: the en journey closes that day.
const XENSES = 106;
const CLOSED_PARK_DAYS_AHEAD = 115;
// Xplor Fuego's admission five days ahead: inside the park policy's 10 % tier (more than 48 hours,
// less than a week before it opens); its capacity is far beyond what the journeys buy.
const XPLOR_FUEGO = 103;
const POLICY_DAYS_AHEAD = 5;

/** A ferry seat bought over HTTP by a buyer whose address has a typo; answers its reference and address. */
async function bought(page: import("@playwright/test").Page, language: Language, code: string, adults = 1) {
  const email = `typo.${code}@travesia.test`;
  const buyer = { name: "Ana Souza", email };
  const reference = await buyFerrySeatOverHttp(page, language, buyer, BOOKING_DAYS_AHEAD[language], adults);
  return { reference, email };
}

function unique(language: Language): string {
  return `${language}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The load line of a sailing: "0 of 45" (en), "0 de 45" (es, pt). */
function load(language: Language, capacity: number): string {
  return say(language, "ops.closures.load", { vessel: "", taken: 0, capacity }).split(" ").slice(1, 4).join(" ");
}

/** On the records page: unticks "in service" on the crossing Cancún–Isla Mujeres, which rules sail. */
async function refuseRetiringTheFerryCrossing(page: import("@playwright/test").Page, language: Language) {
  const crossing = page.locator('[data-crossing-code="cancun-isla-mujeres"]');
  await crossing.getByRole("checkbox", { name: CONSOLE_WORDS[language]["records.inService"] }).uncheck();
  await crossing.getByTestId("save-crossing").click();
  const refusal = page.getByTestId("console-refusal");
  await expect(refusal).toHaveAttribute("data-code", "RECORD_IN_USE");
  await expect(refusal.locator("li").first()).toContainText(/#\d+/);
}

/** A vessel, a pier and a crossing of its own, an ended rule on them put back and deleted, the pier retired. */
async function ruleOnRecordsOfItsOwn(page: import("@playwright/test").Page, language: Language, code: string) {
  const words = CONSOLE_WORDS[language];
  const vesselName = `Lancha ${code}`;
  const pier = `Punta Sam ${code}`;
  await page.goto(consolePathOf("consoleVessels", language));
  await addVessel(page, language, { code, name: vesselName, capacity: 30 });

  await page.goto(consolePathOf("consoleRecords", language));
  await addPier(page, language, { code, name: pier });
  await addCrossing(page, language, { code: `${code}-isla`, fromPier: pier });
  await expect(page.locator(`[data-crossing-code="${code}-isla"]`)).toContainText(words["records.retired"]);
  await refuseRetiringTheFerryCrossing(page, language);

  await page.goto(consolePathOf("consoleTimetable", language));
  const rule = await addEndedRule(page, language, pier, vesselName, cancunDate(-1));
  await reactivateThenDeleteRule(page, language, rule);

  // Its only crossing is out of service: the pier retires.
  await page.goto(consolePathOf("consoleRecords", language));
  const row = page.locator(`[data-port-code="${code}"]`);
  await row.getByRole("checkbox", { name: words["records.inService"] }).uncheck();
  await row.getByTestId("save-port").click();
  await expect(page.getByTestId("records-done")).toHaveText(say(language, "records.done.portSaved", { name: pier }));
  await expect(page.locator(`[data-port-code="${code}"]`)).toContainText(words["records.retired"]);
}

/**
 * A vessel of its own sails a sailing added by hand (moved, in en), whose capacity is set by hand
 * and stays when the vessel's capacity changes.
 */
async function capacityByHand(page: import("@playwright/test").Page, language: Language, code: string) {
  const words = CONSOLE_WORDS[language];
  const name = `Barco ${code}`;
  const day = `${consolePathOf("consoleSailings", language)}?date=${cancunDate(SAILING_DAYS_AHEAD[language]!)}`;
  await page.goto(consolePathOf("consoleVessels", language));
  await addVessel(page, language, { code, name, capacity: 60 });

  await page.goto(day);
  const line = await addSailingByHand(page, language, name, "23:20");
  await expect(line).toContainText(words["ops.sailings.addedByHand"]);
  if (language === "en") {
    await line.locator("summary").click();
    await line.getByLabel(words["ops.sailings.time"]).fill("23:40");
    await line.getByTestId("move-sailing").click();
    await expect(page.getByTestId("sailing-done")).toHaveText(words["ops.sailings.done.moved"]);
    await expect(line).toContainText("23:40");
  }
  await setSailingCapacity(page, language, line, 45);
  await expect(line).toContainText(load(language, 45));

  await page.goto(consolePathOf("consoleVessels", language));
  await changeVesselCapacity(page, language, name, 70);
  await page.goto(day);
  await expect(line).toContainText(load(language, 45));
  return name;
}

/** On the prices page: a presale tier added beyond the sale horizon, then retired. */
async function presaleTier(page: import("@playwright/test").Page, language: Language, productIndex: number) {
  const words = CONSOLE_WORDS[language];
  // Beyond the sale horizon (120 days): no price anyone can book changes while it is in force.
  const days = 130 + Math.floor(Math.random() * 235);
  const product = await addPresaleTier(page, language, days, productIndex);
  await expect(page.getByTestId("prices-done")).toHaveText(words["ops.prices.done.tierAdded"]);
  const tier = page.locator("li", { hasText: say(language, "ops.prices.tier.other", { count: days, product }) });
  await expect(tier).toHaveCount(1);
  await tier.getByLabel(words["ops.prices.active"]).uncheck();
  await tier.getByRole("button", { name: words["ops.prices.save"] }).click();
  await expect(page.getByTestId("prices-done")).toHaveText(words["ops.prices.done.tier"]);
  await expect(tier.getByLabel(words["ops.prices.active"])).not.toBeChecked();
}

/** On the texts page: an audience added to the last content slot, its rule changed (en), retired. */
async function audience(page: import("@playwright/test").Page, language: Language, name: string) {
  const words = CONSOLE_WORDS[language];
  await page.goto(consolePathOf("consoleTexts", language));
  await addAudience(page, language, name, "—");
  const form = audienceForm(page, language, name);
  await expect(form).toHaveCount(1);
  if (language === "en") {
    const rule = '{"==":[{"var":"location.state"},"ZZY"]}';
    await form.getByLabel(words["ops.texts.rule"]).fill(rule);
    await form.getByRole("button", { name: words["ops.texts.saveRule"] }).click();
    await expect(page.getByTestId("texts-done")).toHaveText(words["ops.texts.done.audience"]);
    await expect(audienceForm(page, language, name).getByLabel(words["ops.texts.rule"])).toHaveValue(rule);
  }
  await audienceForm(page, language, name).getByTestId("retire-audience").click();
  await expect(page.getByTestId("texts-done")).toHaveText(words["ops.texts.done.audienceRetired"]);
  await expect(audienceForm(page, language, name)).toHaveCount(0);
}

/** On the products page: an admission and its tour added, then paired as a complement. */
async function complement(page: import("@playwright/test").Page, language: Language, code: string) {
  await page.goto(consolePathOf("consoleProducts", language));
  await addProduct(page, language, { code: `${code}-adm`, name: `Parque ${code}` });
  await expect(page.getByTestId("products-done")).toContainText(`Parque ${code} ${language.toUpperCase()}`);
  await addProduct(page, language, { code: `${code}-tour`, name: `Tour ${code}`, kind: "park_tour" });
  await expect(page.getByTestId("products-done")).toContainText(`Tour ${code} ${language.toUpperCase()}`);
  const admission = await productIdOf(page, `${code}-adm`);
  const name = code.toUpperCase();
  await makeComplement(page, language, {
    admission,
    upgrade: await productIdOf(page, `${code}-tour`),
    code: name,
    park: "Parque",
  });
  await expect(page.getByTestId("products-done")).toHaveText(say(language, "products.done.complementAdded", { name }));
  const answer = await (await page.request.get(`/api/products/${admission}?language=${language}&currency=MXN`)).json();
  expect(answer.product.complements).toEqual([
    expect.objectContaining({ nameUpgrade: `Tour ${code} ${language.toUpperCase()}` }),
  ]);
}

/** A booking bought before, found by its reference: its buyer's name corrected, its tickets sent again. */
async function bookingCare(
  page: import("@playwright/test").Page,
  language: Language,
  reference: string,
  email: string,
) {
  await page.goto(`${consolePathOf("consoleBookings", language)}?ref=${reference}`);
  await page.getByTestId("booking-change").click();
  await expect(page.getByTestId("care-booking")).toHaveAttribute("data-reference", reference);
  await saveBuyerName(page, language, "Ana Maria Souza");
  await resendTickets(page, language, reference, email.replace("typo.", "right."));
}

/** A park day closed with one holder, who is mailed; then reopened, and the holder mailed again (en). */
async function closeParkDay(page: import("@playwright/test").Page, holder: { reference: string; email: string }) {
  const date = parkDay(CLOSED_PARK_DAYS_AHEAD);
  await page.goto(`${consolePathOf("consoleClosures", "en")}?date=${date}&state=open`);
  await closeActivityDay(page, "en", "Xenses");
  await expect(page.getByTestId("closure-done")).toHaveText(say("en", "ops.closures.done.closed.one", { count: 1 }));
  await waitForMail(holder.email, new RegExp(`^We closed the day of your visit.*\\(booking ${holder.reference}\\)$`));
  const closure = page
    .getByTestId("closure")
    .filter({ hasText: say("en", "ops.closures.what.activity", { date, activity: "Xenses" }) });
  await closure.getByTestId("reopen").click();
  await expect(page.getByTestId("closure-done")).toHaveText(
    say("en", "ops.closures.done.reopenedNotified.one", { count: 1 }),
  );
  await waitForMail(holder.email, new RegExp(`^We reopened what we had closed \\(booking ${holder.reference}\\)$`));
}

/**
 * The booking's first ticket cancelled with part of the money back, the booking moved to the next day
 * (only its live ticket moves); then that sailing closed and its one holder moved at once to another
 * sailing the page offers, and the closure lifted (pt).
 */
async function moveBookingThenHolders(page: import("@playwright/test").Page, reference: string) {
  const next = cancunDate(BOOKING_DAYS_AHEAD.pt + 1);
  await page.goto(`${consolePathOf("consoleBookings", "pt")}?ref=${reference}`);
  const cancelled = await refundFirstTicket(page, "pt");
  await moveBookingToDay(page, "pt", next);
  await page.goto(`${consolePathOf("consoleBookings", "pt")}?ref=${reference}`);
  const tickets = page.getByTestId("booking-tickets").locator("tbody tr");
  await expect(tickets.and(page.locator(`[data-code="${cancelled}"]`))).toHaveAttribute("data-state", "void");
  await expect(tickets.and(page.locator('[data-state="valid"]'))).toHaveCount(1);

  await moveEveryHolder(page, "pt", next);
}

/** The sailings' load line with `taken` seats taken, of any capacity. */
function takenLine(language: Language, taken: number): RegExp {
  const text = say(language, "ops.closures.load", { vessel: "", taken, capacity: "CAPACITY" });
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("CAPACITY", "\\d+"));
}

/**
 * On the closures page of `date`, whose one sailing with a seat taken is the journey's: that sailing
 * closed, its one holder moved at once to the first sailing the page offers, and the closure lifted.
 */
async function moveEveryHolder(page: import("@playwright/test").Page, language: Language, date: string) {
  await page.goto(`${consolePathOf("consoleClosures", language)}?date=${date}`);
  const held = () => page.getByTestId("day-sailing").filter({ hasText: takenLine(language, 1) });
  await expect(held()).toHaveCount(1);
  const time = /\b\d{2}:\d{2}\b/.exec((await held().textContent()) ?? "")?.[0] ?? "";
  await held().getByTestId("close-sailing").click();
  await expect(page.getByTestId("closure-done")).toHaveText(
    say(language, "ops.closures.done.closed.one", { count: 1 }),
  );
  const form = held().getByTestId("move-holders-form");
  const target = form.getByLabel(CONSOLE_WORDS[language]["ops.closures.move.to"]);
  await target.selectOption((await target.locator("option").first().getAttribute("value")) ?? "");
  await form.getByTestId("move-holders").click();
  await expect(page.getByTestId("closure-done")).toHaveText(say(language, "ops.closures.done.moved.one", { count: 1 }));
  // Nobody is left on the closed sailing; the closure is lifted, so the day sails as before.
  const closed = page.locator('[data-testid="day-sailing"][data-status="closed"]');
  await expect(closed.filter({ hasText: takenLine(language, 0) })).toHaveCount(1);
  await page
    .getByTestId("closure")
    .filter({ hasText: say(language, "ops.closures.what.sailing", { date, time }) })
    .getByTestId("reopen")
    .click();
  await expect(page.getByTestId("closure-done")).toHaveText(
    say(language, "ops.closures.done.reopenedNotified.one", { count: 1 }),
  );
}

/** The waiting list's page of a day, read. */
async function waitingList(page: import("@playwright/test").Page, language: Language) {
  await page.goto(`${consolePathOf("consoleWaitlist", language)}?date=${cancunDate(1)}`);
  await expect(page.getByRole("heading", { name: CONSOLE_WORDS[language]["money.waitlist.title"] })).toBeVisible();
}

test("es: the console tasks that had no Spanish sample", DESKTOP_ONLY, async ({ page, allowConsoleError }) => {
  // One sign-in and a dozen console tasks (purchases over HTTP first) on a busy machine.
  test.setTimeout(120_000);
  allowConsoleError(/status of 409/);
  const code = unique("es");
  const words = CONSOLE_WORDS.es;
  const email = `fuego.${code}@travesia.test`;
  const policy = await buyParkOverHttp(
    page,
    "es",
    { name: "Rosa Lobo", email },
    XPLOR_FUEGO,
    parkDay(POLICY_DAYS_AHEAD),
  );
  const ferry = await bought(page, "es", code);
  await signInAsStaff(page, "operator", "es");

  // A vessel added, its capacity changed (a sailing's set by hand stays), then retired.
  const name = await capacityByHand(page, "es", code);
  await page.goto(consolePathOf("consoleVessels", "es"));
  const vessel = page.getByTestId("vessel").filter({ has: page.locator("h2", { hasText: name }) });
  await vessel.getByLabel(words["ops.vessels.active"]).uncheck();
  await vessel.getByTestId("save-vessel").click();
  await expect(page.getByTestId("vessel-saved")).toBeVisible();
  await page.reload();
  await expect(vessel.getByLabel(words["ops.vessels.active"])).not.toBeChecked();

  // A fare row of Xplor Fuego's tour taken off the list and put back at its amount.
  await page.goto(consolePathOf("consolePrices", "es"));
  const key = '[data-fare="203:single:resident:adult"]';
  const row = page.locator(key);
  await row.locator("xpath=ancestor::details").locator("summary").click();
  const amount = await row.getByRole("textbox").inputValue();
  await row.getByTestId("retire-fare").click();
  await expect(page.getByTestId("prices-done")).toHaveText(words["ops.prices.done.fareRetired"]);
  await expect(page.locator(key)).toHaveCount(0);
  const form = page.getByTestId("new-fare-form");
  await form.getByLabel(words["ops.prices.product"]).selectOption("203");
  await form.getByLabel(words["ops.prices.categoryLabel"]).selectOption("resident");
  await form.getByLabel(words["ops.prices.passengerLabel"]).selectOption("adult");
  await form.getByLabel(words["ops.prices.tripLabel"]).selectOption("single");
  await form.getByLabel(words["ops.prices.amount"]).fill(amount);
  await form.getByTestId("add-fare").click();
  await expect(page.getByTestId("prices-done")).toHaveText(words["ops.prices.done.fareAdded"]);
  await expect(page.locator(key)).toHaveCount(1);

  await audience(page, "es", code);
  await complement(page, "es", code);

  // A park admission cancelled under its policy: the fee kept, the rest refunded and mailed.
  await page.goto(`${consolePathOf("consoleBookings", "es")}?ref=${policy}`);
  const refunded = await cancelUnderPolicy(page, "es");
  const mail = await waitForMail(email, new RegExp(`^Reembolso .*${policy}$`));
  expect(mail.text).toContain(refunded);

  await moveEveryHolder(page, "es", cancunDate(BOOKING_DAYS_AHEAD.es));
  const moved = await waitForMail(ferry.email, /^Nueva fecha/);
  expect(moved.subject).toContain(ferry.reference);
});

test("en: the console tasks that had no English sample", DESKTOP_ONLY, async ({ page, allowConsoleError }) => {
  // One sign-in and a dozen console tasks (purchases over HTTP first) on a busy machine.
  test.setTimeout(120_000);
  allowConsoleError(/status of 409/);
  const code = unique("en");
  const words = CONSOLE_WORDS.en;
  const booking = await bought(page, "en", code);
  const holder = { email: `xenses.${code}@travesia.test`, reference: "" };
  holder.reference = await buyParkOverHttp(
    page,
    "en",
    { name: "Ada Park", email: holder.email },
    XENSES,
    parkDay(CLOSED_PARK_DAYS_AHEAD),
  );
  await signInAsStaff(page, "operator", "en");

  await ruleOnRecordsOfItsOwn(page, "en", `${code}-r`);
  await capacityByHand(page, "en", code);

  // A fare row of Xplor Fuego's tour edited, then given its amount back.
  await page.goto(consolePathOf("consolePrices", "en"));
  const row = page.locator('[data-fare="203:single:tourist:child"]');
  await row.locator("xpath=ancestor::details").locator("summary").click();
  const amount = await row.getByRole("textbox").inputValue();
  const changed = String(Number(amount) + 1);
  for (const value of [changed, amount]) {
    await row.getByRole("textbox").fill(value);
    await row.getByRole("button", { name: words["ops.prices.save"] }).click();
    await expect(page.getByTestId("prices-done")).toHaveText(words["ops.prices.done.fare"]);
    await expect(row.getByRole("textbox")).toHaveValue(new RegExp(`^${value}(\\.0+)?$`));
  }
  await presaleTier(page, "en", 2);

  await audience(page, "en", code);
  await bookingCare(page, "en", booking.reference, booking.email);
  await closeParkDay(page, holder);
  await waitingList(page, "en");
});

test("pt: the console tasks that had no Portuguese sample", DESKTOP_ONLY, async ({ page, allowConsoleError }) => {
  // One sign-in and a dozen console tasks (purchases over HTTP first) on a busy machine.
  test.setTimeout(120_000);
  allowConsoleError(/status of 409/);
  const code = unique("pt");
  const booking = await bought(page, "pt", code, 2);
  await signInAsStaff(page, "operator", "pt");

  await ruleOnRecordsOfItsOwn(page, "pt", code);
  await page.goto(consolePathOf("consolePrices", "pt"));
  await presaleTier(page, "pt", 3);
  await complement(page, "pt", code);
  await bookingCare(page, "pt", booking.reference, booking.email);
  await moveBookingThenHolders(page, booking.reference);
  await waitingList(page, "pt");
});
