// The price on screen is always the checked fare's: choosing "Resident" after a search reprices the
// selection at once, with the sailings and the summary kept, and the cart gets the fare shown.
import { en } from "../../lib/i18n/messages/en.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { test, expect, DESKTOP_ONLY } from "./fixtures.ts";

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

test(
  "the ferry widget's price follows the fare category as soon as it is chosen",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    await context.addCookies([{ name: "cookie_notice", value: "1", url: "http://127.0.0.1" }]);
    await page.goto(
      `${pathOf("routesSchedules", "en")}?trip=one_way&crossing=cancun-isla-mujeres&date=${cancunDate(10)}&adults=2&step=search`,
    );
    const widget = page.getByTestId("ferry-booking");
    const total = widget.getByTestId("booking-total");
    await expect(total).toHaveText(/\d/);
    const tourist = await total.textContent();

    await widget.getByRole("radio", { name: en["booking.category.resident"] }).check();
    await expect(page).toHaveURL(/category=resident/);
    await expect(total).not.toHaveText(tourist ?? "");

    // Back to the tourist fare: the first price again.
    await widget.getByRole("radio", { name: en["booking.category.tourist"] }).check();
    await expect(page).toHaveURL(/category=tourist/);
    await expect(total).toHaveText(tourist ?? "");
  },
);
