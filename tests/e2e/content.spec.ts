// Editorial pages: every content page renders its title and passes axe in es, en
// and pt; the FAQ opens as native disclosures and carries FAQPage data; the site map lists the live
// pages; sitemap.xml and robots.txt are generated from the slug table with hreflang alternates.
import type { Page } from "@playwright/test";
import { CONTENT_PAGE_IDS } from "../../lib/content/content-page-ids.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { PAGES, type PageId } from "../../lib/routing/pages.ts";
import { test, expect, checkA11y, DESKTOP_ONLY, sampledOnPhones } from "./fixtures.ts";

const CONTENT_PAGES = CONTENT_PAGE_IDS;

/** On phones a sample is enough: the layout is the same component for every page. */
const MOBILE_SAMPLE = new Set(["faq.es", "ferry.en", "history.pt"]);

const HOME_LABEL: Record<Language, string> = { es: "Inicio", en: "Home", pt: "Início" };

function pathOf(pageId: PageId, language: Language): string {
  return PAGES[pageId].paths[language];
}

async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

// One test per page. In one language (each language in turn) the browser checks the rendered page:
// title, breadcrumbs, structured data and axe; the other two are checked on the server's HTML, which is
// what changes with the language (the markup is the same component).
for (const [index, pageId] of CONTENT_PAGES.entries()) {
  const onPhones = LANGUAGES.filter((language) => MOBILE_SAMPLE.has(`${pageId}.${language}`));
  const rendered = LANGUAGES[index % LANGUAGES.length]!;
  test(
    `${pageId} renders its title and breadcrumbs in every language, and passes axe`,
    sampledOnPhones(onPhones.length > 0),
    async ({ page }, testInfo) => {
      const mobile = testInfo.project.name === "mobile";
      for (const language of mobile ? onPhones : [rendered]) {
        await test.step(language, async () => {
          const response = await page.goto(pathOf(pageId, language));
          expect(response?.status()).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          const heading = page.getByRole("heading", { level: 1 });
          await expect(heading).toHaveCount(1);
          await expect(heading).not.toBeEmpty();
          await expect(page).toHaveTitle(/\| Travesía$/);
          expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();

          const main = page.locator("main");
          const breadcrumbs = main
            .locator("nav")
            .filter({ has: page.getByRole("link", { name: HOME_LABEL[language], exact: true }) });
          await expect(breadcrumbs.getByRole("link", { name: HOME_LABEL[language], exact: true })).toHaveAttribute(
            "href",
            `/${language}/`,
          );
          await expect(breadcrumbs.locator('[aria-current="page"]')).toBeVisible();

          const types = (await jsonLdOf(page)).map((data) => data["@type"]);
          expect(types).toContain("BreadcrumbList");
          await checkA11y(page);
        });
      }
      if (mobile) return;
      for (const language of LANGUAGES.filter((other) => other !== rendered)) {
        await test.step(`${language}, as served`, async () => {
          const response = await page.request.get(pathOf(pageId, language));
          expect(response.status()).toBe(200);
          const html = await response.text();
          expect(html).toContain(`<html lang="${language}"`);
          expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
          expect(html).toMatch(/<title>[^<]+\| Travesía<\/title>/);
          expect(html).toMatch(/<meta name="description" content="[^"]+"/);
          expect(html).toContain(`href="/${language}/"`);
          expect(html).toContain('"@type":"BreadcrumbList"');
        });
      }
    },
  );
}

test.describe("FAQ", () => {
  test("questions are closed disclosures that open by click and by keyboard", async ({ page }) => {
    await page.goto(pathOf("faq", "en"));
    const first = page.locator("details").first();
    const summary = first.locator("summary");
    await expect(summary).toHaveText("How early should I be at the pier?");
    await expect(first).not.toHaveAttribute("open");
    await expect(first.getByText("30 minutes before")).toBeHidden();

    await summary.click();
    await expect(first).toHaveAttribute("open");
    await expect(first.getByText("30 minutes before")).toBeVisible();

    const second = page.locator("details").nth(1);
    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(second).not.toHaveAttribute("open");
  });

  test("a link to a question opens it", DESKTOP_ONLY, async ({ page }) => {
    await page.goto(`${pathOf("faq", "es")}#que-es-la-garantia-de-clima`);
    const question = page.locator("details#que-es-la-garantia-de-clima");
    await expect(question).toHaveAttribute("open");
    await expect(question.getByText("al menos 24 horas antes")).toBeVisible();
  });

  test("carries FAQPage data matching the questions on the page", DESKTOP_ONLY, async ({ page }) => {
    await page.goto(pathOf("faq", "pt"));
    const faq = (await jsonLdOf(page)).find((data) => data["@type"] === "FAQPage");
    expect(faq).toBeDefined();
    const entities = faq?.["mainEntity"] as {
      "@type": string;
      name: string;
      acceptedAnswer: { "@type": string; text: string };
    }[];
    // The article's questions only: before hydration the header's switchers are <details> too.
    const summaries = await page.getByRole("main").locator("details > summary").allTextContents();
    expect(entities.map((entity) => entity.name)).toEqual(summaries);
    for (const entity of entities) {
      expect(entity["@type"]).toBe("Question");
      expect(entity.acceptedAnswer["@type"]).toBe("Answer");
      expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
      expect(entity.acceptedAnswer.text).not.toMatch(/<[a-z]/i);
    }
  });

  test("its structured data carries the request's CSP nonce", DESKTOP_ONLY, async ({ request }) => {
    const response = await request.get(pathOf("faq", "en"));
    const policy = response.headers()["content-security-policy"];
    test.skip(!policy, "the policy is only sent by the production server");
    const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
    const html = await response.text();
    const tags = html.match(/<script type="application\/ld\+json"[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(2);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

test(
  "the history page describes the organization, and the ferry page each crossing as a BoatTrip with its fare",
  DESKTOP_ONLY,
  async ({ page }) => {
    await page.goto(pathOf("history", "en"));
    const organization = (await jsonLdOf(page)).find((data) => data["@type"] === "Organization");
    expect(organization?.["name"]).toBe("Travesía");
    expect(JSON.stringify(organization?.["contactPoint"])).toContain('"opens":"07:00"');

    await page.goto(pathOf("ferry", "pt"));
    const trips = (await jsonLdOf(page)).filter((data) => data["@type"] === "BoatTrip");
    expect(trips).toHaveLength(2);
    for (const trip of trips) {
      // BoatTrip has no inLanguage: the page's language shows in the fare's name, the Offer's category.
      expect(trip).toMatchObject({
        departureBoatTerminal: { "@type": "BoatTerminal" },
        arrivalBoatTerminal: { "@type": "BoatTerminal" },
        provider: { "@id": organization?.["@id"] },
        offers: {
          "@type": "Offer",
          priceCurrency: "MXN",
          price: expect.stringMatching(/^\d+(\.\d+)?$/),
          category: expect.stringContaining("Só ida"),
        },
      });
    }
  },
);

test(
  "the site map lists live pages in the visitor's language, and every link answers",
  DESKTOP_ONLY,
  async ({ page, request }) => {
    await page.goto(pathOf("siteMap", "es"));
    const links = page.locator("main article section").getByRole("link");
    const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href") ?? ""));
    for (const pageId of ["home", "ferry", "faq", "history", "islaMujeres", "privacyNotice", "termsOfUse"] as const) {
      expect(hrefs).toContain(pathOf(pageId, "es"));
    }
    expect(hrefs.every((href) => href.startsWith("/es/"))).toBe(true);
    await expect(page.getByRole("link", { name: "Preguntas frecuentes", exact: true }).first()).toBeVisible();
    for (const href of new Set(hrefs)) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
  },
);

test(
  "sitemap.xml lists every content page in every language with hreflang alternates",
  DESKTOP_ONLY,
  async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = xml.split("<url>").slice(1);
    for (const pageId of CONTENT_PAGES) {
      for (const language of LANGUAGES) {
        const entry = urls.find((url) => url.includes(`<loc>${baseURL}${pathOf(pageId, language)}</loc>`));
        expect(entry, `${pageId}.${language}`).toBeDefined();
        for (const alternate of LANGUAGES) {
          expect(entry).toContain(`hreflang="${alternate}" href="${baseURL}${pathOf(pageId, alternate)}"`);
        }
        expect(entry).toContain(`hreflang="x-default" href="${baseURL}${pathOf(pageId, "en")}"`);
        expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      }
    }
    expect(xml).not.toContain("/carrito/");
  },
);

test(
  "robots.txt points at the sitemap and lets crawlers read the cart's noindex",
  DESKTOP_ONLY,
  async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).not.toContain("Disallow: /es/carrito/");
    expect(robots).toContain("Disallow: /api/");
  },
);
