// An operator's day with a sold booking and the booth, in a browser (Spanish): the buyer's name
// corrected and the tickets sent again to a corrected address (the mail arrives there), the waiting
// list read, and a round trip sold at the booth in dollars with names. The breadth (moves of partly
// cancelled bookings, refusals, retries, imports) is in the db tests of flows/booking-care.ts,
// flows/refund-recovery.ts, flows/console-waitlist.ts and flows/walk-up.ts.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { consolePathOf } from "../../app/console/console-pages.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { buyFerrySeatOverHttp, cancunDate, dismissNotices } from "./shop.ts";
import { resendTickets, saveBuyerName } from "./console-tasks.ts";
import { signInAsStaff } from "./staff.ts";

const SCREENS = process.env.E2E_SCREENSHOTS_DIR;

test.beforeEach(async ({ context }) => {
  await dismissNotices(context);
});

/** With E2E_SCREENSHOTS_DIR set, the page as a desktop and as a phone shows it. */
async function screens(page: Page, name: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test(
  "an operator corrects a buyer, resends the tickets, reads the waiting list and sells a round trip at the booth (es)",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    test.setTimeout(120_000);
    const t = es;
    const buyer = { name: "Rosa Canul", email: `rosa.typo.${Date.now().toString(36)}@travesia.test` };
    const reference = await buyFerrySeatOverHttp(page, "es", buyer, 26);
    await signInAsStaff(page, "operator", "es");

    await page.goto(`${consolePathOf("consoleBookings", "es")}?ref=${reference}`);
    await page.getByTestId("booking-change").click();
    const care = page.getByTestId("care-booking");
    await expect(care).toHaveAttribute("data-reference", reference);

    await saveBuyerName(page, "es", "Rosa María Canul");

    // The refused form answers 422 (its status as the console's other forms), which the browser logs.
    allowConsoleError(/status of 422/);
    // A name too short for a ticket is refused in the operator's language, changing nothing.
    await page.getByTestId("care-buyer").getByLabel(t["money.care.name"]).fill("R");
    await page.getByTestId("care-buyer").getByRole("button", { name: t["money.care.saveBuyer"] }).click();
    await expect(page.getByTestId("care-refusal")).toHaveText(t["money.error.BUYER_DETAILS_INVALID"]);
    await expect(care).toContainText("Rosa María Canul");

    const corrected = buyer.email.replace("rosa.typo.", "rosa.canul.");
    await resendTickets(page, "es", reference, corrected);
    await expect(page.getByTestId("care-line")).toHaveCount(1);
    await checkA11y(page);
    await screens(page, "booking-change");

    await page.goto(`${consolePathOf("consoleWaitlist", "es")}?date=${cancunDate(1)}`);
    await expect(page.getByRole("heading", { name: t["money.waitlist.title"] })).toBeVisible();
    await checkA11y(page);
    await screens(page, "waiting-list");

    // The booth: a round trip in dollars, with names, from a sailing with a later return that day.
    const date = cancunDate(2);
    const day = await (
      await page
        .context()
        .request.get(
          `/api/sailings?crossing=cancun-isla-mujeres&trip=round_trip&date=${date}&returnDate=${date}&adults=2&currency=MXN&language=es`,
        )
    ).json();
    const outbound = (day.outbound as { id: number; selectable: boolean }[]).find((candidate) => candidate.selectable)!;
    await page.goto(`${consolePathOf("consoleWalkUp", "es")}?date=${date}&sailing=${outbound.id}`);
    const form = page.getByTestId("walkup-form");
    await form.getByRole("radio", { name: t["money.booth.trip.round_trip"] }).check();
    await form.getByTestId("walkup-return").selectOption({ index: 1 });
    await form.getByLabel(t["console.walkup.adults"]).fill("2");
    await form.getByLabel(t["money.booth.names"]).fill("Ana López\nLuis López");
    await form.getByLabel(t["money.booth.currency"]).selectOption("USD");
    await form.getByRole("button", { name: t["console.walkup.sell"] }).click();
    const sold = page.getByTestId("walkup-sold");
    await expect(sold).toContainText("USD");
    await expect(page.getByTestId("walkup-tickets").locator("li")).toHaveCount(4);
    await checkA11y(page);
    await screens(page, "booth");
  },
);
