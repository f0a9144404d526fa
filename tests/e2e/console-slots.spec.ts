// The operator adds a content slot at a product page's named position from the console, sees it on
// the public page, retires it, and the page no longer shows it: one journey per language, each on a
// product page no other journey reads. The breadth (every refusal and its audit entry, audiences, moving
// and putting back, one slot per position) is in flows/content-slots.db.test.ts; the shared home page
// and several workers in server/slot-positions.pg.test.ts.
import type { Page } from "@playwright/test";
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { productSlotPosition } from "../../lib/routing/content-slots.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { ProductPageId } from "../../lib/routing/product-pages.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import type { Language } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

const WORDS = { es, en, pt } as const;

const JOURNEYS: { language: Language; pageId: ProductPageId }[] = [
  { language: "es", pageId: "xplorFuego" },
  { language: "en", pageId: "catamaranTour" },
  { language: "pt", pageId: "catamaranFerryTour" },
];

/** Fills the new-slot form in the console's words: texts in every language, no audience. */
async function addSlot(page: Page, language: Language, slot: { code: string; position: string; title: string }) {
  const words = WORDS[language];
  const form = page.getByTestId("new-slot-form");
  await form.getByLabel(words["slots.code"], { exact: true }).fill(slot.code);
  await form.getByLabel(words["slots.description"], { exact: true }).fill(`e2e ${slot.code}`);
  await form.getByLabel(words["slots.position"], { exact: true }).selectOption(slot.position);
  for (const other of ["es", "en", "pt"] as const) {
    const texts = form.getByRole("group", { name: words["slots.textsIn"].replace("{language}", other) });
    await texts.getByLabel(words["ops.texts.slotTitle"], { exact: true }).fill(`${slot.title} ${other}`);
    await texts.getByLabel(words["ops.texts.body"], { exact: true }).fill("<p>Solo hoy</p>");
  }
  await form.getByTestId("add-slot").click();
}

for (const { language, pageId } of JOURNEYS) {
  test(
    `${language}: an operator adds a slot at a product page's position, it shows there, retired it is gone`,
    DESKTOP_ONLY,
    async ({ page }) => {
      test.slow(); // four page loads and two form posts on a busy machine
      const words = WORDS[language];
      const code = `e2e-${language}-${Date.now().toString(36)}`;
      const title = `Banner ${code}`;
      await signInAsStaff(page, "operator", language);
      await page.goto(consolePathOf("consoleTexts", language));
      await addSlot(page, language, { code, position: productSlotPosition(pageId), title });
      await expect(page.getByTestId("texts-done")).toHaveText(words["ops.texts.done.slotAdded"]);

      const publicPage = pathOf(pageId, language);
      await page.goto(publicPage);
      const banner = page.getByTestId("slot-banner");
      await expect(banner).toHaveAttribute("data-slot", code);
      await expect(banner.getByRole("heading")).toHaveText(`${title} ${language}`);

      await page.goto(consolePathOf("consoleTexts", language));
      const details = page.locator("details").filter({ has: page.locator(`[data-slot="${code}"]`) });
      await details.locator("summary").click();
      await details.getByTestId("retire-slot").click();
      await expect(page.getByTestId("texts-done")).toHaveText(words["ops.texts.done.slotRetired"]);

      await page.goto(publicPage);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("slot-banner")).toHaveCount(0);
    },
  );
}
