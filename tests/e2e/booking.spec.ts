// Booking: on routes & schedules, choose a round trip, pick both schedules, see seats and
// prices; "a schedule must be selected" when none is; the demo day's closed and sold-out sailings show
// as such; a park page answers a day's availability; the same widget searches from the home and the
// ferry page, with and without JavaScript — in es, en and pt, desktop and mobile, axe clean.
import type { BrowserContext, Page } from "@playwright/test";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";
import { APP_BANNER_STORAGE_KEY } from "../../app/components/shell/app-banner-storage.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { test, expect, checkA11y, DESKTOP_ONLY, MOBILE_ONLY, sampledOnPhones } from "./fixtures.ts";

const LANGUAGES = [
  { language: "es", messages: es, order: "dmy" },
  { language: "en", messages: en, order: "mdy" },
  { language: "pt", messages: pt, order: "dmy" },
] as const;

/** The operator's calendar date `days` from now (America/Cancun), "YYYY-MM-DD". */
function cancunDate(days: number): string {
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

/** The seed's demo day (db/seed.ts DEMO_DAYS_AHEAD): the 12:00 sailing closed for weather, 15:00 chartered whole. */
const DEMO_DAY = cancunDate(3);

async function dismissNotices(context: BrowserContext) {
  await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
  await context.addInitScript((key) => {
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem(key, "1");
  }, APP_BANNER_STORAGE_KEY);
}

/** Types a date into React Aria's date field, segment by segment, in the locale's order. */
async function typeDate(page: Page, label: string, iso: string, order: "dmy" | "mdy") {
  const [year, month, day] = iso.split("-");
  // The native field becomes React Aria's picker when the visitor reaches for it: here by the keyboard.
  const field = page.locator("[data-date-field]").filter({ has: page.getByText(label, { exact: true }) });
  const native = field.locator("input[type=date]");
  if ((await native.count()) > 0) await native.focus();
  const group = page.getByRole("group", { name: label, exact: true });
  await expect(group).toBeVisible();
  await group.getByRole("spinbutton").first().click();
  await page.keyboard.type(order === "dmy" ? `${day}${month}${year}` : `${month}${day}${year}`);
}

/**
 * Every language runs on desktop; on phones one language per journey (the widget is one component
 * whatever the language). A sailing's status is the same list item on any viewport: desktop only.
 */
const MOBILE_SAMPLE: Record<"roundTrip" | "closedAndSoldOut" | "park", string | null> = {
  roundTrip: "es",
  closedAndSoldOut: null,
  park: "en",
};

for (const { language, messages: t, order } of LANGUAGES) {
  test.describe(`booking in ${language}`, () => {
    test(
      "a round trip: both schedules picked, seats and prices shown",
      sampledOnPhones(MOBILE_SAMPLE.roundTrip === language),
      async ({ page, context, allowConsoleError }) => {
        test.slow();
        allowConsoleError(/status of 422/); // Continue without a schedule answers 422 with the message
        await dismissNotices(context);
        const departure = cancunDate(10);
        const back = cancunDate(12);
        await page.goto(pathOf("routesSchedules", language));
        await expect(page.locator("h1")).toHaveText(t["schedules.title"]);
        const widget = page.getByTestId("ferry-booking");

        await widget.getByText(t["booking.trip.roundTrip"], { exact: true }).click();
        await typeDate(page, t["booking.departureDate"], departure, order);
        await typeDate(page, t["booking.returnDate"], back, order);
        await widget.getByLabel(t["booking.passenger.adult"], { exact: true }).fill("2");
        await widget.getByLabel(t["booking.passenger.child"], { exact: true }).fill("1");
        await widget.getByRole("button", { name: t["booking.search"] }).click();

        await expect(page).toHaveURL(/step=search/);
        await expect(page).toHaveURL(new RegExp(`date=${departure}`));
        const outbound = widget.getByTestId("leg-out");
        const inbound = widget.getByTestId("leg-back");
        await expect(outbound.locator("li").first()).toBeVisible();
        await expect(inbound.locator("li").first()).toBeVisible();
        // Seats left, the group's price and the presale label (10 days ahead: the 7-day presale).
        const firstOut = outbound.locator('li[data-sailing-status="available"]').first();
        await expect(firstOut).toContainText(t["booking.seatsLeft.other"].replace("{count}", "350"));
        await expect(firstOut).toContainText(t["booking.presale.other"].replace("{count}", "7"));
        await expect(inbound.locator('li[data-sailing-status="available"]').first()).toContainText(
          t["booking.roundTripIncluded"],
        );
        const total = widget.getByTestId("booking-total");
        await expect(total).toHaveText(/\d/);

        // Continue without a schedule: refused with the schedule-required message.
        await widget.getByRole("button", { name: t["booking.continue"] }).click();
        await expect(widget.getByRole("alert")).toHaveText(t["booking.scheduleRequired"]);

        // Pick both schedules.
        await outbound.locator('li[data-sailing-time="10:00"] label').click();
        await inbound.locator('li[data-sailing-status="available"]').last().locator("label").click();
        await widget.getByRole("button", { name: t["booking.continue"] }).click();
        const summary = page.getByTestId("booking-summary");
        await expect(summary).toBeVisible();
        await expect(summary).toContainText("10:00");
        await expect(summary).toContainText(t["booking.summary.total"]);
        await expect(widget.getByRole("alert")).toHaveCount(0);
        await checkA11y(page);
      },
    );

    test(
      "a closed and a sold-out sailing show as such and cannot be chosen",
      sampledOnPhones(MOBILE_SAMPLE.closedAndSoldOut === language),
      async ({ page, context }) => {
        await dismissNotices(context);
        await page.goto(
          `${pathOf("routesSchedules", language)}?trip=one_way&crossing=cancun-isla-mujeres&date=${DEMO_DAY}&adults=1&step=search`,
        );
        const outbound = page.getByTestId("leg-out");
        const closed = outbound.locator('li[data-sailing-time="12:00"]');
        const soldOut = outbound.locator('li[data-sailing-time="15:00"]');
        await expect(closed).toHaveAttribute("data-sailing-status", "closed");
        await expect(closed).toContainText(t["booking.status.closed.weather"]);
        await expect(closed.getByRole("radio")).toBeDisabled();
        await expect(soldOut).toHaveAttribute("data-sailing-status", "sold_out");
        await expect(soldOut).toContainText(t["booking.status.sold_out"]);
        await expect(soldOut.getByRole("radio")).toBeDisabled();
        await expect(outbound.locator('li[data-sailing-time="14:00"] input[type="radio"]')).toBeEnabled();

        // The live timetable of that date says the same.
        const timetable = page.getByTestId("timetable");
        await expect(
          timetable.locator('[data-crossing="cancun-isla-mujeres"] tr[data-sailing-time="12:00"]'),
        ).toContainText(t["booking.status.closed.weather"]);
        await expect(
          timetable.locator('[data-crossing="cancun-isla-mujeres"] tr[data-sailing-time="15:00"]'),
        ).toContainText(t["booking.status.sold_out"]);
        await checkA11y(page);
      },
    );

    // Desktop only: statuses and messages do not depend on the viewport.
    test(
      "bad input is a clear message in the visitor's language, never a server error",
      DESKTOP_ONLY,
      async ({ page, context, allowConsoleError }) => {
        allowConsoleError(/status of (400|422)/); // the refusals this test asks for
        await dismissNotices(context);
        const response = await page.goto(
          `${pathOf("routesSchedules", language)}?trip=round_trip&date=${cancunDate(12)}&return=${cancunDate(10)}&adults=1&step=search`,
        );
        expect(response?.status()).toBe(400);
        await expect(page.getByRole("alert")).toContainText(t["booking.error.RETURN_BEFORE_DEPARTURE"]);
        const past = await page.goto(`${pathOf("routesSchedules", language)}?date=2020-01-01&adults=1&step=search`);
        expect(past?.status()).toBe(400);
        await expect(page.getByRole("alert")).toContainText(t["booking.error.DATE_IN_PAST"]);
        const absurd = await page.goto(
          `${pathOf("routesSchedules", language)}?date=${cancunDate(5)}&adults=9999&step=search`,
        );
        expect(absurd?.status()).toBe(422);
        await expect(page.getByRole("alert")).toContainText(t["booking.error.TOO_MANY_PASSENGERS"]);
      },
    );

    test(
      "a park page: hours, ages, complements and a day's availability",
      sampledOnPhones(MOBILE_SAMPLE.park === language),
      async ({ page, context }) => {
        await dismissNotices(context);
        await page.goto(pathOf("xplor", language));
        await expect(page.locator("h1")).toHaveText("Xplor");
        await expect(page.getByText(t["product.minAge.other"].replace("{count}", "5")).first()).toBeVisible();
        const widget = page.getByTestId("activity-booking");
        await typeDate(page, t["booking.visitDate"], cancunDate(8), order);
        await widget.getByRole("button", { name: t["booking.searchActivity"] }).click();
        const result = page.getByTestId("activity-result");
        await expect(result).toBeVisible();
        await expect(result).toHaveAttribute("data-day-status", /available|closed/);
        await expect(result.getByTestId("booking-total")).toHaveText(/\d/);
        await checkA11y(page);
      },
    );
  });
}

// Desktop only: the widget's journey runs on routes & schedules on both viewports. Each language takes
// a turn on each page: the home's widget in es and pt, the ferry page's in es and en.
test(
  "the widget on the home and on the ferry page searches sailings, in es, en and pt",
  DESKTOP_ONLY,
  async ({ page, context, browser }, testInfo) => {
    test.slow();
    await dismissNotices(context);
    for (const { language, messages: t, order } of LANGUAGES) {
      if (language !== "en") {
        // The home's widget sends its search (today, two adults, unless changed) to routes & schedules,
        // where results and the timetable are.
        await page.goto(pathOf("home", language));
        const homeWidget = page.getByTestId("ferry-booking");
        await page.waitForLoadState("networkidle"); // hydrated
        await homeWidget.getByLabel(t["booking.passenger.adult"], { exact: true }).fill("3");
        await homeWidget.getByRole("button", { name: t["booking.search"] }).click();
        await expect(page).toHaveURL(
          new RegExp(`^[^?]*${pathOf("routesSchedules", language)}\\?.*adults=3.*step=search`),
        );
        await expect(page.getByTestId("leg-out").locator("li").first()).toBeVisible();
      }
      if (language === "pt") continue;

      // The ferry page answers a round trip in place, under its own text.
      const departure = cancunDate(9);
      const back = cancunDate(11);
      await page.goto(pathOf("ferry", language));
      const ferryWidget = page.getByTestId("ferry-booking");
      await ferryWidget.getByText(t["booking.trip.roundTrip"], { exact: true }).click();
      await typeDate(page, t["booking.departureDate"], departure, order);
      await typeDate(page, t["booking.returnDate"], back, order);
      await ferryWidget.getByRole("button", { name: t["booking.search"] }).click();
      await expect(page).toHaveURL(new RegExp(`^[^?]*${pathOf("ferry", language)}\\?.*return=${back}.*step=search`));
      await expect(ferryWidget.getByTestId("leg-out").locator("li").first()).toBeVisible();
      await expect(ferryWidget.getByTestId("leg-back").locator("li").first()).toBeVisible();
      await expect(ferryWidget.getByTestId("booking-total")).toHaveText(/\d/);
      await expect(page.locator("h1")).toHaveCount(1);
      if (language === "es") await checkA11y(page);
    }

    // Without JavaScript the home's widget is a plain GET form to routes & schedules.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    try {
      const plain = await noScript.newPage();
      await plain.goto(pathOf("home", "en"));
      await plain.getByTestId("ferry-booking").getByLabel(en["booking.departureDate"]).fill(cancunDate(9));
      await plain.getByTestId("ferry-booking").getByRole("button", { name: en["booking.search"] }).click();
      await expect(plain).toHaveURL(new RegExp(`${pathOf("routesSchedules", "en")}\\?.*step=search`));
      await expect(plain.getByTestId("leg-out").locator("li").first()).toBeVisible();
    } finally {
      await noScript.close();
    }
  },
);

// The picker's code and its mount are a quarter of a date page's script time: a page pays them only when
// a visitor reaches for the field, and the picker then carries on what the visitor began.
test(
  "the date field becomes the picker when reached: typed date kept and focused by keyboard, calendar open on a tap",
  MOBILE_ONLY,
  async ({ page, context }) => {
    await dismissNotices(context);
    const pickerRequests: string[] = [];
    page.on("request", (request) => {
      if (/aria-date-picker/.test(request.url())) pickerRequests.push(request.url());
    });
    const timetable = page.getByTestId("timetable");
    const native = timetable.locator("[data-date-field] input[type=date]");

    await page.goto(pathOf("routesSchedules", "es"));
    await expect(native).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(pickerRequests).toEqual([]);
    await expect(timetable.getByRole("group", { name: es["timetable.date"], exact: true })).toHaveCount(0);
    const day = cancunDate(12);
    await native.fill(day);
    await expect(timetable.getByRole("group", { name: es["timetable.date"], exact: true })).toBeVisible();
    expect(pickerRequests).toHaveLength(1);
    await expect(page.locator(":focus")).toHaveAttribute("role", "spinbutton");
    await expect(timetable.locator('input[type=text][name="day"]')).toHaveValue(day);

    await page.goto(pathOf("routesSchedules", "pt"));
    await native.tap();
    await expect(page.getByRole("dialog", { name: pt["timetable.date"] })).toBeVisible();
    await expect(page.getByRole("button", { name: "Próximo mês" })).toBeVisible();
  },
);
