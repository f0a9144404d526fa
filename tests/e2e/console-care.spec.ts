// Two console journeys on a sold booking that the others leave out. pt: a park admission bought by a
// guest is cancelled by an operator under the park's written policy — the 10 % fee kept, the rest
// refunded through the provider, the tickets cancelled and the buyer mailed. es: a booking of two
// seats has one ticket cancelled by a partial refund, then is moved to the next day from the console:
// only the live ticket moves, the cancelled one stays where it was. The breadth is in
// flows/cancellation.db.test.ts and flows/booking-care.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";
import { buyFerrySeatOverHttp, buyParkOverHttp, cancunDate, dismissNotices, parkDay } from "./shop.ts";
import { cancelUnderPolicy, moveBookingToDay, refundFirstTicket } from "./console-tasks.ts";
import { signInAsStaff } from "./staff.ts";

// Xplor Fuego's admission: a park no other journey buys. Four days ahead is inside the park policy's
// 10 % tier (more than 48 hours, less than a week before it opens).
const XPLOR_FUEGO = 103;
const POLICY_DAYS_AHEAD = 4;
// Days no other journey buys seats on: the move takes a seat on the next one.
const MOVE_DAYS_AHEAD = 96;

test.beforeEach(async ({ context }) => {
  await dismissNotices(context);
});

test(
  "pt: an operator cancels a park admission under its policy; the fee is kept, the rest refunded and mailed",
  DESKTOP_ONLY,
  async ({ page }) => {
    test.slow(); // a purchase and a staff account made through its mail before the console
    const email = `fuego.${Date.now().toString(36)}@travesia.test`;
    const reference = await buyParkOverHttp(
      page,
      "pt",
      { name: "Rita Lobo", email },
      XPLOR_FUEGO,
      parkDay(POLICY_DAYS_AHEAD),
    );
    await signInAsStaff(page, "operator", "pt");
    await page.goto(`${consolePathOf("consoleBookings", "pt")}?ref=${reference}`);
    const refunded = await cancelUnderPolicy(page, "pt");

    const mail = await waitForMail(email, new RegExp(`^Reembolso da sua reserva Travesía ${reference}$`));
    expect(mail.text).toContain(`Reembolsamos ${refunded} da sua reserva ${reference}.`);
    expect(mail.text).toContain("Sua reserva foi cancelada: os bilhetes dela não valem mais para viajar.");
  },
);

test(
  "es: an operator moves a booking with a cancelled ticket; only the live ticket moves",
  DESKTOP_ONLY,
  async ({ page }) => {
    test.slow(); // a purchase and a staff account made through its mail before the console
    const reference = await buyFerrySeatOverHttp(
      page,
      "es",
      { name: "Tomás Canul", email: `canul.${Date.now().toString(36)}@travesia.test` },
      MOVE_DAYS_AHEAD,
      2,
    );
    await signInAsStaff(page, "operator", "es");
    await page.goto(`${consolePathOf("consoleBookings", "es")}?ref=${reference}`);
    // One ticket cancelled first, with part of the money back.
    const cancelledCode = await refundFirstTicket(page, "es");
    const tickets = page.getByTestId("booking-tickets").locator("tbody tr");

    // Moved to the next day's first sailing with room, from the page that changes a booking.
    const day = cancunDate(MOVE_DAYS_AHEAD);
    const next = cancunDate(MOVE_DAYS_AHEAD + 1);
    await moveBookingToDay(page, "es", next);

    // The live ticket is on the new day; the cancelled one stays cancelled, on the old.
    await page.goto(`${consolePathOf("consoleBookings", "es")}?ref=${reference}`);
    await expect(tickets).toHaveCount(2);
    const cancelled = tickets.and(page.locator(`[data-code="${cancelledCode}"]`));
    await expect(cancelled).toHaveAttribute("data-state", "void");
    await expect(cancelled).toContainText(dayOf(day));
    const live = tickets.and(page.locator('[data-state="valid"]'));
    await expect(live).toHaveCount(1);
    await expect(live).toContainText(dayOf(next));
  },
);

/** A day as the console's ticket table writes it in es. */
function dayOf(date: string): string {
  return new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
