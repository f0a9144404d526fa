// The operator adds, retires and pairs products from the console (ADR 0070), one language per journey:
// a park admission added (refused first for a picture address the site cannot show) and retired, after
// which the catalogue API and the cart no longer offer it; a complement made of an admission and its
// tour; the ferry's retirement refused while its crossings are in service. A new product has a page by
// its code on the site (ADR 0076), where it is bought, until it is retired. The journeys retire only
// products they made themselves: the seeded ones are other journeys' to buy. The breadth (bookings
// ahead named, every public read, every refusal and its audit entry) is in flows/product-admin.db.test.ts.
// Each journey also edits its new product after it is made (texts and an uploaded picture, then seen on
// its public page) and adds a park with its hours and capacity, then changes them (ADR 0079); the
// rules of those edits are in product-admin.db.test.ts and activity-admin.db.test.ts.
import type { Page } from "@playwright/test";
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { pathOf, productCodePathOf } from "../../lib/routing/localized-paths.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { pngOf } from "../factories/pictures.ts";
import { MESSAGES, parkDay, type Language } from "./shop.ts";
import { addProduct, makeComplement, productIdOf } from "./console-tasks.ts";
import { signInAsStaff } from "./staff.ts";

const WORDS = { es, en, pt } as const;

/**
 * Opens a product's edit form from its row, gives it a name, summary and description of `words` in
 * the operator's language and uploads a picture as a file; the page says it changed.
 */
async function editProduct(
  page: Page,
  language: Language,
  code: string,
  words: string,
  rgb: [number, number, number],
  options: { a11y?: boolean } = {},
) {
  const t = WORDS[language];
  await page.locator(`[data-product-code="${code}"]`).getByTestId("edit-product").click();
  const form = page.getByTestId("edit-product-form");
  await expect(form).toHaveAttribute("enctype", "multipart/form-data");
  // The products page with everything on it: the lists, the new forms, the edit form and the parks'.
  if (options.a11y) await checkA11y(page);
  const box = language.toUpperCase();
  await form.getByLabel(t["products.name"].replace("{language}", box), { exact: true }).fill(`${words} ${box}`);
  await form.getByLabel(t["products.summaryField"].replace("{language}", box), { exact: true }).fill(`${words}.`);
  await form.getByLabel(t["products.description"].replace("{language}", box)).fill(`${words}: primero.\n\nDespués.`);
  await form
    .getByLabel(t["products.pictureFile"], { exact: true })
    .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: pngOf(480, 320, rgb) });
  await form.getByTestId("save-product").click();
  await expect(page.getByTestId("products-done")).toHaveText(
    t["products.done.productChanged"].replace("{name}", `${words} ${box}`),
  );
}

/** The product's public page shows the edited texts and the uploaded picture, served for good. */
async function seesEditsOnItsPage(page: Page, words: string): Promise<void> {
  const main = page.getByRole("main");
  await expect(main).toContainText(`${words}.`);
  await expect(main).toContainText(`${words}: primero.`);
  const picture = main.locator('img[src^="/images/uploads/"]');
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  const served = await page.request.get((await picture.getAttribute("src"))!);
  expect(served.headers()).toMatchObject({
    "content-type": "image/png",
    "cache-control": "public, max-age=31536000, immutable",
  });
}

/**
 * Adds a park with its capacity and hours (Monday to Saturday), then opens it and changes both
 * (Sundays open, fewer places), after one refusal in the operator's words: a Monday that closes
 * before it opens.
 */
async function addAndChangePark(page: Page, language: Language, code: string): Promise<void> {
  const t = WORDS[language];
  const day = (weekday: number) => t[`ops.weekday.${weekday}` as keyof typeof t];
  const form = page.getByTestId("activity-form");
  await form.getByLabel(t["products.code"], { exact: true }).fill(code);
  await form.getByLabel(t["activities.capacity"], { exact: true }).fill("40");
  for (const box of ["ES", "EN", "PT"])
    await form.getByLabel(t["activities.name"].replace("{language}", box), { exact: true }).fill(`Cenote ${code}`);
  for (const weekday of [1, 2, 3, 4, 5, 6]) {
    await form.getByLabel(t["activities.opens"].replace("{day}", day(weekday)), { exact: true }).fill("09:00");
    await form.getByLabel(t["activities.closes"].replace("{day}", day(weekday)), { exact: true }).fill("17:00");
  }
  await form.getByTestId("save-activity").click();
  await expect(page.getByTestId("products-done")).toHaveText(
    t["products.done.activityAdded"].replace("{name}", `Cenote ${code}`),
  );
  const row = page.locator(`[data-activity-code="${code}"]`);
  await expect(row.getByTestId("activity-facts")).toContainText(t["activities.places.other"].replace("{count}", "40"));

  await row.getByTestId("edit-activity").click();
  await expect(page.locator("#activity-form-title")).toHaveText(
    t["activities.editTitle"].replace("{name}", `Cenote ${code}`),
  );
  const edit = page.getByTestId("activity-form");
  await expect(edit.getByLabel(t["activities.capacity"], { exact: true })).toHaveValue("40");
  await edit.getByLabel(t["activities.opens"].replace("{day}", day(1)), { exact: true }).fill("18:00");
  await edit.getByTestId("save-activity").click();
  await expect(page.getByTestId("console-refusal")).toContainText(
    t["activities.issue.hours"].replace("{day}", day(1)).replace("{problem}", t["records.problem.opens_before_closes"]),
  );
  await edit.getByLabel(t["activities.opens"].replace("{day}", day(1)), { exact: true }).fill("09:00");
  await edit.getByLabel(t["activities.capacity"], { exact: true }).fill("25");
  await edit.getByLabel(t["activities.opens"].replace("{day}", day(7)), { exact: true }).fill("10:00");
  await edit.getByLabel(t["activities.closes"].replace("{day}", day(7)), { exact: true }).fill("14:00");
  await edit.getByTestId("save-activity").click();
  await expect(page.getByTestId("products-done")).toHaveText(
    t["products.done.activityChanged"].replace("{name}", `Cenote ${code}`),
  );
  const facts = page.locator(`[data-activity-code="${code}"]`).getByTestId("activity-facts");
  await expect(facts).toContainText(t["activities.places.other"].replace("{count}", "25"));
  await expect(facts).toContainText(`${day(7)} 10:00–14:00`);
}

/** Opens a new product's page by code on a day with its seats, checks its name, and adds it to the cart. */
async function buyFromItsPage(
  page: Page,
  language: Language,
  code: string,
  name: string,
  onPage?: () => Promise<void>,
): Promise<void> {
  await page.goto(`${productCodePathOf(code, language)}?date=${parkDay(40)}&adults=2&step=search`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await onPage?.();
  for (const other of ["es", "en", "pt"] as const) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
      "href",
      new RegExp(`${productCodePathOf(code, other)}$`),
    );
  }
  await page.getByTestId("activity-booking").getByRole("button", { name: MESSAGES[language]["cart.add"] }).click();
  await expect(page).toHaveURL(new RegExp(pathOf("cart", language)));
  await expect(page.getByRole("main")).toContainText(name);
}

test(
  "es: an operator adds a park admission and retires it; the catalogue and the cart stop offering it",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    // A long journey (a product and a park added and edited) on a busy machine.
    test.setTimeout(120_000);
    allowConsoleError(/status of 400 \(Bad Request\).*\/es\/operador\/productos\//);
    const code = `xcaret-noche-${Date.now().toString(36)}`;
    await signInAsStaff(page, "operator", "es");
    await page.goto(consolePathOf("consoleProducts", "es"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(es["products.title"]);

    await addProduct(page, "es", { code, name: "Xcaret de noche", image: "javascript:alert(1)" });
    const refusal = page.getByTestId("console-refusal");
    await expect(refusal).toHaveAttribute("data-code", "INVALID_REQUEST");
    await expect(refusal).toContainText("Imagen: una ruta bajo /images/ o una dirección https");

    await addProduct(page, "es", { code, name: "Xcaret de noche" });
    await expect(page.getByTestId("products-done")).toHaveText("Producto Xcaret de noche ES agregado, a la venta.");
    const id = await productIdOf(page, code);
    const sold = await page.request.get(`/api/products/${id}?language=es&currency=MXN`);
    expect(sold.status()).toBe(200);
    expect((await sold.json()).product).toMatchObject({ code, name: "Xcaret de noche ES" });
    await addAndChangePark(page, "es", `cenote-${code}`);
    await editProduct(page, "es", code, "Xcaret nocturno", [180, 60, 20], { a11y: true });
    await buyFromItsPage(page, "es", code, "Xcaret nocturno ES", () => seesEditsOnItsPage(page, "Xcaret nocturno"));
    await page.goto(consolePathOf("consoleProducts", "es"));

    const row = page.locator(`[data-product-code="${code}"]`);
    await row.getByTestId("retire-product").click();
    await expect(page.getByTestId("products-done")).toHaveText("Producto Xcaret nocturno ES retirado.");
    await expect(page.locator(`[data-product-code="${code}"]`)).toContainText(es["products.retired"]);
    expect((await page.request.get(`/api/products/${id}?language=es&currency=MXN`)).status()).toBe(404);
    const listed = await (await page.request.get("/api/products?language=es&currency=MXN")).json();
    expect(listed.products.map((product: { code: string }) => product.code)).not.toContain(code);
    expect((await page.request.get(productCodePathOf(code, "es"))).status()).toBe(404);
    const added = await page.request.post(pathOf("cart", "es"), {
      form: { intent: "add-activity", product: id, date: parkDay(40), adults: 2 },
      maxRedirects: 0,
    });
    expect(added.headers()["location"] ?? "").not.toContain("updated=1");

    await page.locator(`[data-product-code="${code}"]`).getByTestId("reinstate-product").click();
    await expect(page.getByTestId("products-done")).toHaveText(
      "El producto Xcaret nocturno ES vuelve a estar a la venta.",
    );
    expect((await page.request.get(`/api/products/${id}?language=es&currency=MXN`)).status()).toBe(200);
  },
);

test(
  "en: an operator pairs a new admission with its tour as a complement; its edit works with JavaScript off",
  DESKTOP_ONLY,
  async ({ page, browser, allowConsoleError }) => {
    // A long journey (a product and a park added and edited) on a busy machine.
    test.setTimeout(120_000);
    allowConsoleError(/status of 400 \(Bad Request\).*\/en\/operator\/products\//);
    const stamp = Date.now().toString(36);
    await signInAsStaff(page, "operator", "en");
    await page.goto(consolePathOf("consoleProducts", "en"));
    await addProduct(page, "en", { code: `night-${stamp}`, name: "Night park" });
    await expect(page.getByTestId("products-done")).toContainText("Night park EN");
    await addAndChangePark(page, "en", `cenote-night-${stamp}`);
    // The edit with scripts off, in the same session: a plain multipart form post and a redirect.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: new URL(page.url()).origin,
      storageState: await page.context().storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto(consolePathOf("consoleProducts", "en"));
    await editProduct(plain, "en", `night-${stamp}`, "Starlit park", [20, 60, 180]);
    await noScript.close();
    await buyFromItsPage(page, "en", `night-${stamp}`, "Starlit park EN", () =>
      seesEditsOnItsPage(page, "Starlit park"),
    );
    await page.goto(consolePathOf("consoleProducts", "en"));
    await addProduct(page, "en", { code: `night-${stamp}-tour`, name: "Night park tour", kind: "park_tour" });
    await expect(page.getByTestId("products-done")).toContainText("Night park tour EN");
    const admission = await productIdOf(page, `night-${stamp}`);
    const tour = await productIdOf(page, `night-${stamp}-tour`);

    const fill = (upgrade: string) =>
      makeComplement(page, "en", { admission, upgrade, code: `NP${stamp}-ADM-TOUR`.toUpperCase(), park: "Night park" });
    // The admission cannot be its own upgrade: refused in English, naming the field.
    await fill(admission);
    await expect(page.getByTestId("console-refusal")).toContainText(
      "Tour: the tour must be another product than the admission",
    );
    await fill(tour);
    await expect(page.getByTestId("products-done")).toHaveText(
      `Complement NP${stamp.toUpperCase()}-ADM-TOUR made, offered with its admission.`,
    );
    const answer = await (await page.request.get(`/api/products/${admission}?language=en&currency=MXN`)).json();
    expect(answer.product.complements).toEqual([
      expect.objectContaining({ id: Number(admission), idUpgrade: Number(tour), nameUpgrade: "Night park tour EN" }),
    ]);
  },
);

test(
  "pt: retiring the ferry is refused; a new park's hours and a new product's texts and picture are edited",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    // A long journey (a product and a park added and edited) on a busy machine.
    test.setTimeout(120_000);
    allowConsoleError(/status of 409 \(Conflict\).*\/pt\/operador\/produtos\//);
    allowConsoleError(/status of 400 \(Bad Request\).*\/pt\/operador\/produtos\//);
    await signInAsStaff(page, "operator", "pt");
    await page.goto(consolePathOf("consoleProducts", "pt"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pt["products.title"]);
    const ferry = page.locator('[data-product-code="ferry-cancun-isla-mujeres"]');
    await ferry.getByTestId("retire-product").click();
    const refusal = page.getByTestId("console-refusal");
    await expect(refusal).toHaveAttribute("data-code", "RECORD_IN_USE");
    await expect(refusal).toContainText("A travessia cancun-isla-mujeres está em serviço.");
    await expect(page.locator('[data-product-code="ferry-cancun-isla-mujeres"]')).toContainText(pt["products.onSale"]);

    // A park of its own, then a product on sale there, edited with a picture uploaded, seen on its page.
    const code = `noite-${Date.now().toString(36)}`;
    await addAndChangePark(page, "pt", `cenote-${code}`);
    await addProduct(page, "pt", { code, name: "Parque noturno" });
    await expect(page.getByTestId("products-done")).toContainText("Parque noturno PT");
    await editProduct(page, "pt", code, "Parque das estrelas", [40, 160, 60]);
    await page.goto(productCodePathOf(code, "pt"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parque das estrelas PT");
    await seesEditsOnItsPage(page, "Parque das estrelas");
  },
);
