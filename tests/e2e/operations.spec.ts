// Running the crossing (ADR 0038). es, the whole journey: a buyer pays a seat (over HTTP:
// buying in the browser is cart.spec.ts's), an operator signed in to the console closes that sailing
// for the weather, the buyer's mail arrives at the real SMTP server in their language with the
// offer, and following its link the buyer exchanges the trip for open tickets. en and pt: the close
// form and its refusal in the console's words (a day already past). The breadth — clashes, capacity
// cuts, moving instead, reopening, audit entries — is in flows/operations.db.test.ts.
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en as consoleEn } from "../../lib/i18n/console/en.ts";
import { es as consoleEs } from "../../lib/i18n/console/es.ts";
import { pt as consolePt } from "../../lib/i18n/console/pt.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";
import { buyFerrySeatOverHttp, cancunDate, MESSAGES } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

const CONSOLE = { es: consoleEs, en: consoleEn, pt: consolePt } as const;
// A day no other journey buys on: the sailing closed here must not be one another test wants.
const CLOSURE_DAYS_AHEAD = 61;

test(
  "es: an operator closes a sailing with a paid booking; its holder is e-mailed and takes an open ticket",
  DESKTOP_ONLY,
  async ({ page }) => {
    test.slow(); // a purchase, a staff account made through its mail, a closure and its mail, two axe runs
    const site = MESSAGES.es;
    const words = CONSOLE.es;
    const email = `cierre.${Date.now().toString(36)}@example.com`;
    const date = cancunDate(CLOSURE_DAYS_AHEAD);
    const reference = await buyFerrySeatOverHttp(page, "es", { name: "Lucía Pech", email }, CLOSURE_DAYS_AHEAD);

    await signInAsStaff(page, "operator", "es");
    await page.goto(`${consolePathOf("consoleClosures", "es")}?date=${date}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words["ops.closures.title"]);
    await checkA11y(page);
    // The bought seat is the only one taken that day.
    const sailing = page.getByTestId("day-sailing").filter({ hasText: /: 1 de \d+ lugares ocupados/ });
    await expect(sailing).toHaveCount(1);
    await sailing.getByLabel(words["ops.closures.reason"]).selectOption("weather");
    await sailing.getByTestId("close-sailing").click();
    await expect(page.getByTestId("closure-done")).toHaveText(
      words["ops.closures.done.closed.one"].replace("{count}", "1"),
    );
    await expect(page.getByTestId("day-sailing").filter({ hasText: /: 1 de \d+ lugares ocupados/ })).toHaveAttribute(
      "data-status",
      "closed",
    );
    await expect(page.getByTestId("closure").first()).toContainText(words["ops.closures.reason.weather"]);

    const mail = await waitForMail(email, /^Tu salida fue cancelada/);
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain("boleto abierto, válido 6 meses");
    const link = /https?:\/\/\S+\?ref=[0-9A-Z]{6}&key=[\w-]+/.exec(mail.text)?.[0];
    expect(link, "the notice links to the booking with its key").toBeTruthy();

    await page.goto(link!);
    await expect(page.getByTestId("booking")).toHaveAttribute("data-reference", reference);
    const offer = page.getByTestId("sailing-closed");
    await expect(offer).toContainText(site["manage.closed.title"]);
    // The booking is not shown as confirmed while its sailing is closed.
    await expect(page.getByTestId("booking-status")).toHaveText(site["manage.status.sailingClosed"]);
    await checkA11y(page);
    await offer.getByTestId("take-open-ticket").click();
    await expect(page.getByTestId("open-ticket-taken")).toHaveText(site["manage.notice.openTicket"]);
    await expect(page.getByTestId("booking-status")).toHaveText(site["manage.status.ticketed"]);
    await expect(page.getByTestId("booking")).toContainText("Boleto abierto · válido hasta el");
    await expect(page.getByTestId("sailing-closed")).toHaveCount(0);
  },
);

for (const language of ["en", "pt"] as const) {
  test(
    `${language}: the close form refuses a day already past, in the console's words`,
    DESKTOP_ONLY,
    async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 400/);
      const words = CONSOLE[language];
      await signInAsStaff(page, "operator", language);
      await page.goto(`${consolePathOf("consoleClosures", language)}?date=${cancunDate(-1)}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words["ops.closures.title"]);
      const form = page.getByTestId("close-day-form");
      await form.getByLabel(words["ops.closures.reason"]).selectOption("port_authority");
      await form.getByTestId("close-day").click();
      const refusal = page.getByTestId("console-refusal");
      await expect(refusal).toHaveAttribute("data-code", "DATE_IN_PAST");
      await expect(refusal).toContainText(words["error.DATE_IN_PAST"]);
      await checkA11y(page);
    },
  );
}
