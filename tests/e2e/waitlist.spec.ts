// The waiting list in a browser (ADR 0037). In Spanish, the whole journey on the short-hold server: other
// visitors' carts fill a sailing, the booking page shows it sold out with its waiting list, the visitor
// joins, the carts' holds run out, the offer's mail arrives, and its link puts the seats in the cart.
// In English and Portuguese, the form and its translated refusals. Offers in line order, expiry,
// claims and races are in flows/waitlist.db.test.ts and server/waitlist-race.pg.test.ts.
import type { Page } from "@playwright/test";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { GROUP_SEATS } from "../../modules/cart/index.ts";
import { test, expect, checkA11y, DESKTOP_ONLY } from "./fixtures.ts";
import { waitForMail, tokenLinkOf } from "./mailbox.ts";
import { MESSAGES, cancunDate, dismissNotices } from "./shop.ts";

const CROSSING = "cancun-isla-mujeres";
/** The most one cart may hold of a departure (GROUP_SEATS, ADR 0047): other visitors fill the boat in carts this size. */
const MAX_PER_CART = GROUP_SEATS;

/** The id and seats left of the sailing at `time` on `date`, as the ferry page lists them. */
async function sailingAt(
  page: Page,
  origin: string,
  date: string,
  time: string,
): Promise<{ id: number; left: number }> {
  await page.goto(
    `${origin}${pathOf("ferry", "es")}?trip=one_way&crossing=${CROSSING}&date=${date}&adults=1&step=search`,
  );
  const row = page.getByTestId("leg-out").locator(`li[data-sailing-time="${time}"]`);
  const id = Number(await row.locator("input[type=radio]").getAttribute("value"));
  const left = Number(/(\d+)/.exec((await row.textContent()) ?? "")?.[1]);
  return { id, left };
}

/** Another visitor (a cart of their own: no cookie) holds `adults` seats on the sailing; false when refused. */
async function holdSeats(origin: string, date: string, sailingId: number, adults: number): Promise<boolean> {
  const body = new URLSearchParams({
    intent: "add-ferry",
    trip: "one_way",
    crossing: CROSSING,
    date,
    out: String(sailingId),
    adults: String(adults),
    children: "0",
    infants: "0",
    category: "tourist",
  });
  const answer = await fetch(`${origin}${pathOf("cart", "es")}`, { method: "POST", body, redirect: "manual" });
  return (answer.headers.get("location") ?? "").includes("updated=1");
}

/** Other visitors hold every seat left: in parallel carts, then topped up until the boat refuses even one. */
async function fillSailing(origin: string, date: string, sailing: { id: number; left: number }) {
  const carts: number[] = [];
  for (let left = sailing.left; left > 0; left -= MAX_PER_CART) carts.push(Math.min(MAX_PER_CART, left));
  await Promise.all(carts.map((adults) => holdSeats(origin, date, sailing.id, adults)));
  await topUp(origin, date, sailing.id);
}

/**
 * Holds again whatever seats came free (holds last seconds on this server), so the sailing stays full.
 * Carts go out in parallel rounds: one at a time, on a loaded machine, the first refills ran out before
 * the last was made and the loop never saw the boat full.
 */
async function topUp(origin: string, date: string, sailingId: number) {
  const PARALLEL = 8;
  for (const size of [MAX_PER_CART, 10, 1]) {
    for (;;) {
      const held = await Promise.all(Array.from({ length: PARALLEL }, () => holdSeats(origin, date, sailingId, size)));
      if (!held.includes(true)) break;
    }
  }
}

test(
  "es: a full sailing's waiting list; when holds run out the mail's link puts the seats in the cart",
  DESKTOP_ONLY,
  async ({ page, context }) => {
    // Holds that must run out, a job, a mail: about 30 s on a quiet machine.
    test.setTimeout(90_000);
    const t = MESSAGES.es;
    const origin = process.env.E2E_SHORT_HOLD_ORIGIN ?? "";
    const seconds = Number(process.env.E2E_SHORT_HOLD_SECONDS ?? "8");
    await dismissNotices(context, origin);
    const date = cancunDate(9);
    const sailing = await sailingAt(page, origin, date, "14:00");
    expect(sailing.left).toBeGreaterThan(0);
    await fillSailing(origin, date, sailing);

    // The holds last seconds on this server: the visitor joins at once.
    await page.goto(
      `${origin}${pathOf("ferry", "es")}?trip=one_way&crossing=${CROSSING}&date=${date}&adults=2&step=search`,
    );
    const full = page.getByTestId("leg-out").locator('li[data-sailing-time="14:00"]');
    await expect(full).toHaveAttribute("data-sailing-status", "sold_out");
    await full.getByTestId("waitlist-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t["waitlist.title"]);
    const email = `espera.${Date.now()}@example.mx`;
    const form = page.getByTestId("waitlist-form");
    await form.getByLabel(t["waitlist.email"], { exact: true }).fill(email);
    await expect(form.getByLabel(t["booking.passenger.adult"])).toHaveValue("2");
    // The first carts' holds may have run out while the pages loaded: still full when the visitor joins.
    await topUp(origin, date, sailing.id);
    await page.getByRole("button", { name: t["waitlist.submit"] }).click();
    await expect(page.getByTestId("waitlist-joined")).toContainText(t["waitlist.joinedTitle"]);
    await expect(page.getByTestId("waitlist-joined")).toContainText(email);
    await checkA11y(page);

    // The other visitors' holds run out; the line's first is offered the seats by mail.
    const mail = await waitForMail(email, /Se liberaron lugares/, (seconds + 25) * 1000);
    expect(mail.text).toContain("2 lugares");
    await page.goto(tokenLinkOf(mail));
    await expect(page.getByTestId("waitlist-offer")).toBeVisible();
    await checkA11y(page);
    await page.getByRole("button", { name: t["waitlist.offer.button"] }).click();
    await expect(page).toHaveURL(new RegExp(`${pathOf("cart", "es")}\\?updated=1`), { timeout: 15_000 });
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute("data-hold", "held");
    await expect(line).toContainText("14:00");
  },
);

for (const language of ["en", "pt"] as const) {
  // The form's layout is checked on a phone in English; Portuguese changes only the words.
  test(
    `${language}: the waiting-list form answers a missing address and a sailing with seats in the visitor's language`,
    language === "pt" ? DESKTOP_ONLY : {},
    async ({ page, context, allowConsoleError }) => {
      // The refusals are answered with their 4xx status, which the browser logs as a failed load.
      allowConsoleError(/status of 4\d\d/);
      const t = MESSAGES[language];
      await dismissNotices(context);
      const date = cancunDate(language === "en" ? 11 : 12);
      await page.goto(
        `${pathOf("ferry", language)}?trip=one_way&crossing=${CROSSING}&date=${date}&adults=1&step=search`,
      );
      const id = await page
        .getByTestId("leg-out")
        .locator('li[data-sailing-time="10:00"] input[type=radio]')
        .getAttribute("value");
      await page.goto(`${pathOf("waitlist", language)}?sailing=${id}&adults=3&children=1`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t["waitlist.title"]);
      const form = page.getByTestId("waitlist-form");
      await expect(form.getByLabel(t["booking.passenger.child"])).toHaveValue("1");
      await page.getByRole("button", { name: t["waitlist.submit"] }).click();
      await expect(page.getByTestId("waitlist-error")).toHaveText(t["waitlist.error.emailRequired"]);
      // A refused submit leaves the focus on what went wrong, not on the page's body.
      await expect(page.getByTestId("waitlist-error")).toBeFocused();
      await expect(form.getByLabel(t["waitlist.email"], { exact: true })).toHaveAttribute("aria-invalid", "true");
      await checkA11y(page);
      await form.getByLabel(t["waitlist.email"], { exact: true }).fill(`wait.${language}@example.com`);
      await page.getByRole("button", { name: t["waitlist.submit"] }).click();
      await expect(page.getByTestId("waitlist-error")).toHaveText(t["waitlist.error.WAITLIST_SEATS_AVAILABLE"]);
      await expect(page.getByTestId("waitlist-error")).toBeFocused();
    },
  );
}
