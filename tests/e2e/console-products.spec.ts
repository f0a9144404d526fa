// The operator adds, retires and pairs products from the console (ADR 0070), one language per journey:
// a park admission added (refused first for a picture address the site cannot show) and retired, after
// which the catalogue API and the cart no longer offer it; a complement made of an admission and its
// tour; the ferry's retirement refused while its crossings are in service. A new product has a page by
// its code on the site (ADR 0076), where it is bought, until it is retired. The journeys retire only
// products they made themselves: the seeded ones are other journeys' to buy. The breadth (bookings
// ahead named, every public read, every refusal and its audit entry) is in flows/product-admin.db.test.ts.
import type { Page } from "@playwright/test";
import { consolePathOf } from "../../app/console/console-pages.ts";
import { en } from "../../lib/i18n/console/en.ts";
import { es } from "../../lib/i18n/console/es.ts";
import { pt } from "../../lib/i18n/console/pt.ts";
import { pathOf, productCodePathOf } from "../../lib/routing/localized-paths.ts";
import { checkA11y, DESKTOP_ONLY, expect, test } from "./fixtures.ts";
import { MESSAGES, parkDay, type Language } from "./shop.ts";
import { signInAsStaff } from "./staff.ts";

const WORDS = { es, en, pt } as const;
// Xcaret's park: open every day, so the new admission has days to sell.
const XCARET_ACTIVITY = "11";

/** Fills the new-product form in the console's words and sends it; answers nothing (the page says). */
async function addProduct(
  page: Page,
  language: Language,
  product: { code: string; name: string; kind?: string; image?: string },
): Promise<void> {
  const words = WORDS[language];
  const form = page.getByTestId("new-product-form");
  await form.getByLabel(words["products.code"], { exact: true }).fill(product.code);
  await form.getByLabel(words["products.kindLabel"], { exact: true }).selectOption(product.kind ?? "park_admission");
  await form.getByLabel(words["products.activity"], { exact: true }).selectOption(XCARET_ACTIVITY);
  for (const code of ["ES", "EN", "PT"]) {
    await form
      .getByLabel(words["products.name"].replace("{language}", code), { exact: true })
      .fill(`${product.name} ${code}`);
    await form
      .getByLabel(words["products.summaryField"].replace("{language}", code), { exact: true })
      .fill("Cenotes y cena");
  }
  await form
    .getByLabel(words["products.description"].replace("{language}", "ES"))
    .fill("Un recorrido de noche.\n\nCon cena.");
  await form.getByLabel(words["products.image"], { exact: true }).fill(product.image ?? "/images/products/xcaret.svg");
  await form.getByLabel(words["products.touristAdult"], { exact: true }).fill("1,499");
  await form.getByLabel(words["products.touristChild"], { exact: true }).fill("749.50");
  await form.getByTestId("add-product").click();
}

/** Opens a new product's page by code on a day with its seats, checks its name, and adds it to the cart. */
async function buyFromItsPage(page: Page, language: Language, code: string, name: string): Promise<void> {
  await page.goto(`${productCodePathOf(code, language)}?date=${parkDay(40)}&adults=2&step=search`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
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

async function productIdOf(page: Page, code: string): Promise<string> {
  const id = await page.locator(`[data-product-code="${code}"]`).getAttribute("data-product-id");
  expect(id).toBeTruthy();
  return id!;
}

test(
  "es: an operator adds a park admission and retires it; the catalogue and the cart stop offering it",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 400 \(Bad Request\).*\/es\/operador\/productos\//);
    const code = `xcaret-noche-${Date.now().toString(36)}`;
    await signInAsStaff(page, "operator", "es");
    await page.goto(consolePathOf("consoleProducts", "es"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(es["products.title"]);
    await checkA11y(page);

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
    await buyFromItsPage(page, "es", code, "Xcaret de noche ES");
    await page.goto(consolePathOf("consoleProducts", "es"));

    const row = page.locator(`[data-product-code="${code}"]`);
    await row.getByTestId("retire-product").click();
    await expect(page.getByTestId("products-done")).toHaveText("Producto Xcaret de noche ES retirado.");
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
      "El producto Xcaret de noche ES vuelve a estar a la venta.",
    );
    expect((await page.request.get(`/api/products/${id}?language=es&currency=MXN`)).status()).toBe(200);
  },
);

test(
  "en: an operator pairs a new admission with its tour as a complement",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 400 \(Bad Request\).*\/en\/operator\/products\//);
    const stamp = Date.now().toString(36);
    await signInAsStaff(page, "operator", "en");
    await page.goto(consolePathOf("consoleProducts", "en"));
    await addProduct(page, "en", { code: `night-${stamp}`, name: "Night park" });
    await expect(page.getByTestId("products-done")).toContainText("Night park EN");
    await buyFromItsPage(page, "en", `night-${stamp}`, "Night park EN");
    await page.goto(consolePathOf("consoleProducts", "en"));
    await addProduct(page, "en", { code: `night-${stamp}-tour`, name: "Night park tour", kind: "park_tour" });
    await expect(page.getByTestId("products-done")).toContainText("Night park tour EN");
    const admission = await productIdOf(page, `night-${stamp}`);
    const tour = await productIdOf(page, `night-${stamp}-tour`);

    const fill = async (upgrade: string) => {
      const form = page.getByTestId("new-complement-form");
      await form.getByLabel(en["products.complement.admission"], { exact: true }).selectOption(admission);
      await form.getByLabel(en["products.complement.upgrade"], { exact: true }).selectOption(upgrade);
      await form.getByLabel(en["products.complement.code"], { exact: true }).fill(`NP${stamp}-ADM-TOUR`.toUpperCase());
      await form.getByLabel(en["products.complement.businessUnit"], { exact: true }).fill("Night park");
      await form.getByLabel(en["products.complement.businessUnitCode"], { exact: true }).fill("NP");
      await form.getByLabel(en["products.image"], { exact: true }).fill("/images/products/xcaret.svg");
      for (const code of ["ES", "EN", "PT"]) {
        await form
          .getByLabel(en["products.complement.title"].replace("{language}", code), { exact: true })
          .fill("With transport");
        await form
          .getByLabel(en["products.complement.subtitle"].replace("{language}", code), { exact: true })
          .fill("From your hotel");
        await form
          .getByLabel(en["products.complement.text"].replace("{language}", code), { exact: true })
          .fill("There and back.");
      }
      await form.getByTestId("add-complement").click();
    };
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
  "pt: retiring the ferry is refused while its crossings are in service",
  DESKTOP_ONLY,
  async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 409 \(Conflict\).*\/pt\/operador\/produtos\//);
    await signInAsStaff(page, "operator", "pt");
    await page.goto(consolePathOf("consoleProducts", "pt"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pt["products.title"]);
    const ferry = page.locator('[data-product-code="ferry-cancun-isla-mujeres"]');
    await ferry.getByTestId("retire-product").click();
    const refusal = page.getByTestId("console-refusal");
    await expect(refusal).toHaveAttribute("data-code", "RECORD_IN_USE");
    await expect(refusal).toContainText("A travessia cancun-isla-mujeres está em serviço.");
    await expect(page.locator('[data-product-code="ferry-cancun-isla-mujeres"]')).toContainText(pt["products.onSale"]);
  },
);
