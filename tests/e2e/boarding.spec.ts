// Boarding at the pier on a phone: an agent sells two seats at the booth,
// prints the tickets (their QR read back from the PDF, as a scanner would read the paper), boards one,
// is refused the second scan, loses the network, boards the other from the signed list, gets the
// network back, syncs, and the live manifest shows both aboard. The camera cannot run headless: the
// QR's text goes through the typed-code field, the same path a camera's reading takes.
// en: a ticket sold after the scanner fetched its list boards offline by its signed pass. en and pt:
// the scanner's refusal in the page's language. pt: an open ticket refused on the other direction.
import type { Page } from "@playwright/test";
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { decodePdfQrs } from "../setup/pdf-qr.ts";
import { checkA11y, expect, MOBILE_ONLY, test } from "./fixtures.ts";
import { cancunDate, dismissNotices, type Language } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

// The scanner's service worker is what serves the page offline: the suite blocks workers elsewhere
// (playwright.config.ts), this journey needs its own.
test.use({ serviceWorkers: "allow" });

const CONSOLE = { es, en, pt } as const;
const FORGED = "TRV1.AAAAAA-A01.AAAAAAAAAAAAAAAAAAAAAA";

/** Chooses the first (or the last) sailing of the day in the page's picker (a GET form). */
async function chooseFirstSailing(page: Page, language: Language, which: "first" | "last" = "first") {
  const t = CONSOLE[language];
  const picker = page.getByTestId("sailing-picker");
  const select = picker.getByLabel(t["console.boarding.sailing"]);
  const options = select.locator("option");
  const first = await (which === "first" ? options.nth(1) : options.last()).getAttribute("value");
  await select.selectOption(first!);
  await picker.getByRole("button", { name: t["console.boarding.choose"] }).click();
  await expect(page).toHaveURL(new RegExp(`sailing=${first}`));
}

/** Minutes since midnight at the pier (America/Cancun). */
function pierMinutesNow(): number {
  const [hours, minutes] = new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Cancun",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date())
    .split(":")
    .map(Number);
  return hours! * 60 + minutes!;
}

// A sailing boards only on its own day: the journey sells and boards today's last sailing (the seed's
// last departures are 17:00 and 17:45), so it needs a quarter of an hour before it leaves.
const TODAYS_LAST_SAILING_LEFT = pierMinutesNow() > 16 * 60 + 45;

async function scan(page: Page, language: Language, text: string) {
  const t = CONSOLE[language];
  await page.getByLabel(t["console.scanner.manual"]).fill(text);
  await page.getByRole("button", { name: t["console.scanner.check"] }).click();
}

test(
  "es: booth sale, boarding, a second scan refused, offline boarding from the signed list, sync, live manifest",
  MOBILE_ONLY,
  async ({ page, context, allowConsoleError }) => {
    test.skip(TODAYS_LAST_SAILING_LEFT, "today's last sailing has left the pier: nothing can board before tomorrow");
    test.setTimeout(120_000);
    const t = es;
    await dismissNotices(context);
    await signInAsStaff(page, "agent", "es");

    // The booth: two adults for cash on today's last sailing.
    await page.goto(`${consolePathOf("consoleWalkUp", "es")}?date=${cancunDate(0)}`);
    await chooseFirstSailing(page, "es", "last");
    const form = page.getByTestId("walkup-form");
    await form.getByLabel(t["console.walkup.adults"]).fill("2");
    await form.getByLabel(t["console.walkup.method.cash"]).check();
    await checkA11y(page);
    await form.getByRole("button", { name: t["console.walkup.sell"] }).click();
    const sold = page.getByTestId("walkup-sold");
    await expect(sold).toContainText(t["console.walkup.method.cash"]);
    await expect(page.getByTestId("walkup-tickets").locator("li")).toHaveCount(2);
    const codes = (await page.getByTestId("walkup-tickets").locator("li").allTextContents()).map((text) =>
      text.split("·")[0]!.trim(),
    );
    const pdf = await page.request.get((await page.getByTestId("walkup-pdf").getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    const [first, second] = decodePdfQrs(Buffer.from(await pdf.body()), 72);
    expect(first).toMatch(/^TRV1\./);
    expect(second).toMatch(/^TRV1\./);

    // The scanner, on the sold sailing: the signed list is fetched and verified.
    await sold.getByRole("link", { name: t["console.walkup.toScanner"] }).click();
    await expect(page.getByTestId("scanner-list")).toHaveAttribute("data-state", "ready");
    await checkA11y(page);
    await scan(page, "es", first!);
    const result = page.getByTestId("scan-result");
    await expect(result).toHaveAttribute("data-outcome", "boarded");
    await expect(result).toContainText(t["console.scanner.board"]);
    await expect(page.getByTestId("scan-passenger")).toHaveText(t["console.passenger.adult"]);
    await expect(page.getByTestId("scan-fare")).toHaveText(t["console.fare.tourist"]);

    await scan(page, "es", first!);
    await expect(result).toHaveAttribute("data-outcome", "refused");
    await expect(page.getByTestId("scan-reason")).toHaveText(t["error.TICKET_ALREADY_BOARDED"]);
    await expect(result).toContainText(t["console.scanner.boardedAt"].split("{")[0]!);

    // Once the worker controls the page, one visit online passes the page and its assets through it and
    // they are kept: only then can a phone taken offline reopen the scanner (on a loaded machine the
    // first visit's own copies may still be under way).
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await page.reload();
    await expect(page.getByTestId("scanner-list")).toHaveAttribute("data-state", "ready");

    // The network goes: the second passenger boards from the list, the scan waits in the queue.
    await context.setOffline(true);
    await expect(page.getByTestId("scanner-online")).toHaveText(t["console.scanner.offline"]);
    await scan(page, "es", second!);
    await expect(result).toHaveAttribute("data-outcome", "boarded");
    await expect(result).toContainText(t["console.scanner.decidedOffline"]);
    await expect(page.getByTestId("scanner-pending")).toHaveAttribute("data-count", "1");
    // The first one is still refused offline: this device remembers whom it boarded.
    await scan(page, "es", first!);
    await expect(page.getByTestId("scan-reason")).toHaveText(t["error.TICKET_ALREADY_BOARDED"]);
    await expect(page.getByTestId("scanner-pending")).toHaveAttribute("data-count", "2");
    // Still offline, the installed scanner opens again: its worker serves the page, IndexedDB the list and queue.
    // Chunks a page loads only when idle (analytics, the shell's on-demand parts) that had not passed
    // through the worker before the network went fail to load offline (ERR_FAILED from the worker); the
    // scanner itself does not need them.
    allowConsoleError(
      /ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError|Failed to load resource: net::ERR_FAILED \(http:\/\/[^)]+\/assets\//,
    );
    await page.reload();
    await expect(page.getByTestId("scanner-list")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("scanner-pending")).toHaveAttribute("data-count", "2");
    await expect(page.getByTestId("scanner-online")).toHaveText(t["console.scanner.offline"]);

    // Back online: the queue syncs by itself.
    await context.setOffline(false);
    await expect(page.getByTestId("scanner-online")).toHaveText(t["console.scanner.online"]);
    await expect(page.getByTestId("scanner-pending")).toHaveAttribute("data-count", "0");
    await expect(page.getByTestId("scanner-sync")).toContainText(
      new RegExp(
        `^(${t["console.scanner.synced.one"].split("{")[0]}|${t["console.scanner.synced.other"].split("{")[0]})`,
      ),
    );

    // The live manifest: both aboard. Other journeys sell and board on today's last sailing too, so the
    // rows read are this sale's own, by ticket code.
    await page.getByRole("link", { name: t["console.scanner.toManifest"] }).click();
    const passengers = page.getByTestId("manifest-passengers");
    for (const code of codes) {
      await expect(passengers.locator("tr", { hasText: code })).toHaveAttribute("data-state", "boarded");
    }
    const boarded = Number(await page.getByTestId("manifest-boarded").locator("dd").textContent());
    expect(boarded).toBeGreaterThanOrEqual(2);
    await checkA11y(page);
  },
);

test("en and pt: the scanner refuses a forged QR in the page's language", MOBILE_ONLY, async ({ page, context }) => {
  await dismissNotices(context);
  await signInAsStaff(page, "agent", "en");
  for (const language of ["en", "pt"] as const) {
    await page.goto(`${consolePathOf("consoleScanner", language)}?date=${cancunDate(1)}`);
    await chooseFirstSailing(page, language);
    await expect(page.getByTestId("scanner-list")).toHaveAttribute("data-state", "ready");
    await scan(page, language, FORGED);
    await expect(page.getByTestId("scan-result")).toHaveAttribute("data-outcome", "refused");
    await expect(page.getByTestId("scan-reason")).toHaveText(CONSOLE[language]["error.TICKET_CODE_INVALID"]);
  }
});

test(
  "en: a ticket sold after the scanner fetched its list boards offline by the pass its QR carries",
  MOBILE_ONLY,
  async ({ page, context, browser, allowConsoleError }) => {
    test.skip(TODAYS_LAST_SAILING_LEFT, "today's last sailing has left the pier: nothing can board before tomorrow");
    test.setTimeout(90_000);
    const t = en;
    // Chunks the page loads only when idle fail offline (ERR_FAILED): the scanner does not need them.
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource: net::ERR_FAILED \(http:\/\/[^)]+\/assets\//);
    await dismissNotices(context);
    // The booth: another agent's phone, which stays online.
    const booth = await browser.newContext();
    await dismissNotices(booth);
    const seller = await booth.newPage();
    await signInAsStaff(seller, "agent", "en");
    await seller.goto(`${consolePathOf("consoleWalkUp", "en")}?date=${cancunDate(0)}`);
    await chooseFirstSailing(seller, "en", "last");
    const sailing = new URL(seller.url()).searchParams.get("sailing");

    // The pier's scanner fetches the list of that sailing, then loses the network.
    await signInAsStaff(page, "agent", "en");
    await page.goto(`${consolePathOf("consoleScanner", "en")}?date=${cancunDate(0)}&sailing=${sailing}`);
    await expect(page.getByTestId("scanner-list")).toHaveAttribute("data-state", "ready");
    await context.setOffline(true);
    await expect(page.getByTestId("scanner-online")).toHaveText(t["console.scanner.offline"]);

    // Sold now: the list on the scanner does not have it.
    const form = seller.getByTestId("walkup-form");
    await form.getByLabel(t["console.walkup.adults"]).fill("1");
    await form.getByLabel(t["console.walkup.method.cash"]).check();
    await form.getByRole("button", { name: t["console.walkup.sell"] }).click();
    await expect(seller.getByTestId("walkup-tickets").locator("li")).toHaveCount(1);
    const pdf = await seller.request.get((await seller.getByTestId("walkup-pdf").getAttribute("href"))!);
    const [qr] = decodePdfQrs(Buffer.from(await pdf.body()), 72);
    await booth.close();

    await scan(page, "en", qr!);
    const result = page.getByTestId("scan-result");
    await expect(result).toHaveAttribute("data-outcome", "boarded");
    await expect(result).toContainText(t["console.scanner.decidedOffline"]);
    await expect(page.getByTestId("scanner-pending")).toHaveAttribute("data-count", "1");
    // Back online, the server decides again and agrees.
    await context.setOffline(false);
    await expect(page.getByTestId("scanner-pending")).toHaveAttribute("data-count", "0");
  },
);

test(
  "pt: an open ticket boards only its own crossing and direction, refused the other way in the page's language",
  MOBILE_ONLY,
  async ({ page, context }) => {
    test.skip(TODAYS_LAST_SAILING_LEFT, "today's last sailing has left the pier: nothing can board before tomorrow");
    const t = pt;
    await dismissNotices(context);
    await signInAsStaff(page, "agent", "pt");
    const lastOf = async (crossing: string) => {
      const day = await (
        await page.request.get(
          `/api/sailings?crossing=${crossing}&trip=one_way&date=${cancunDate(0)}&adults=1&currency=MXN&language=pt`,
        )
      ).json();
      return (day.outbound as { id: number }[]).at(-1)!.id;
    };
    // Open tickets sold on the way back (Isla Mujeres → Cancún)...
    await page.goto(
      `${consolePathOf("consoleWalkUp", "pt")}?date=${cancunDate(0)}&sailing=${await lastOf("isla-mujeres-cancun")}`,
    );
    const form = page.getByTestId("walkup-form");
    await form.getByRole("radio", { name: t["money.booth.trip.open"] }).check();
    await form.getByLabel(t["console.walkup.adults"]).fill("1");
    await form.getByLabel(t["console.walkup.method.cash"]).check();
    await form.getByRole("button", { name: t["console.walkup.sell"] }).click();
    await expect(page.getByTestId("walkup-tickets").locator("li")).toHaveCount(1);
    const pdf = await page.request.get((await page.getByTestId("walkup-pdf").getAttribute("href"))!);
    const [qr] = decodePdfQrs(Buffer.from(await pdf.body()), 72);

    // ...scanned on the way out (Cancún → Isla Mujeres): refused, nothing boards.
    await page.goto(
      `${consolePathOf("consoleScanner", "pt")}?date=${cancunDate(0)}&sailing=${await lastOf("cancun-isla-mujeres")}`,
    );
    await expect(page.getByTestId("scanner-list")).toHaveAttribute("data-state", "ready");
    await scan(page, "pt", qr!);
    await expect(page.getByTestId("scan-result")).toHaveAttribute("data-outcome", "refused");
    await expect(page.getByTestId("scan-reason")).toHaveText(t["error.TICKET_WRONG_CROSSING"]);
  },
);
