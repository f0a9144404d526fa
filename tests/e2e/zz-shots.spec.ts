import { consolePathOf } from "../../app/console/console-pages.ts";
import { test } from "./fixtures.ts";
import { signInAsStaff } from "./staff.ts";

test("shots", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 4/);
  await signInAsStaff(page, "operator", "es");
  for (const [w, h] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(consolePathOf("consoleRecords", "es"));
    await page.screenshot({ path: `.tmp/shots/records-${w}.png`, fullPage: true });
    await page.goto(consolePathOf("consolePrices", "pt"));
    await page.locator("details").first().locator("summary").click();
    await page.screenshot({ path: `.tmp/shots/prices-${w}.png`, fullPage: true });
    await page.goto(consolePathOf("consoleTimetable", "es"));
    await page.screenshot({ path: `.tmp/shots/timetable-${w}.png`, fullPage: true });
  }
  // A refusal on the records page
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(consolePathOf("consoleRecords", "es"));
  const cancun = page.locator('[data-port-code="cancun-el-embarcadero"]');
  await cancun.getByRole("checkbox", { name: "En servicio" }).uncheck();
  await cancun.getByTestId("save-port").click();
  await page.getByTestId("console-refusal").waitFor();
  await cancun.screenshot({ path: `.tmp/shots/refusal-1280.png` });
  await page.getByTestId("new-port-form").getByTestId("add-port").click();
});
