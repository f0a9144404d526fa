import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../language.ts";
import { isPageLive, matchPage } from "../routing/localized-paths.ts";
import { PAGE_MODULES } from "../routing/page-modules.ts";
import { CONTENT_PAGE_IDS, countWords, findContentPage, parseContentPage } from "./content-pages.server.ts";

const ALL = CONTENT_PAGE_IDS.flatMap((pageId) =>
  LANGUAGES.map((language) => ({ pageId, language, page: findContentPage(pageId, language) })),
);

describe("content/", () => {
  it("has every content page in every language, each one routed", () => {
    expect(ALL).toHaveLength(CONTENT_PAGE_IDS.length * LANGUAGES.length);
    for (const pageId of CONTENT_PAGE_IDS) expect(PAGE_MODULES[pageId], pageId).toBeDefined();
  });

  it.each(ALL.map(({ pageId, language, page }) => [`${language}/${pageId}`, page] as const))(
    "%s has a title, a description of search-result length and real text",
    (name, page) => {
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.description.length, name).toBeGreaterThanOrEqual(50);
      expect(page.description.length, name).toBeLessThanOrEqual(200);
      expect(page.wordCount, name).toBeGreaterThanOrEqual(name.endsWith("siteMap") ? 40 : 300);
    },
  );

  it("links only to live pages, in the page's own language, and to headings that exist", () => {
    for (const { pageId, language, page } of ALL) {
      const html = [
        page.introHtml,
        ...page.sections.flatMap((section) => [section.html, ...section.items.map((item) => item.answerHtml)]),
      ].join("");
      for (const [, href] of html.matchAll(/<a href="([^"]+)"/g)) {
        if (!href || /^(https?:|mailto:|tel:)/.test(href)) continue;
        const [path = "", anchor] = href.split("#");
        const target = path === "" ? { pageId, language } : matchPage(path);
        expect(target, `${language}/${pageId} → ${href}`).not.toBeNull();
        if (!target) continue;
        expect(isPageLive(target.pageId), `${language}/${pageId} → ${href} is not live`).toBe(true);
        expect(target.language, `${language}/${pageId} → ${href}`).toBe(language);
        if (anchor && target.pageId !== "siteMap") {
          const other = CONTENT_PAGE_IDS.find((id) => id === target.pageId);
          const ids = other ? idsOf(findContentPage(other, language)) : [];
          expect(ids, `${language}/${pageId} → ${href}`).toContain(anchor);
        }
      }
    }
  });

  it("keeps the same outline in the three languages", () => {
    for (const pageId of CONTENT_PAGE_IDS) {
      const outlines = LANGUAGES.map((language) => {
        const page = findContentPage(pageId, language);
        return [
          page.layout,
          page.showToc,
          page.sections.length,
          page.sections.map((section) => section.items.length).join(","),
        ];
      });
      expect(outlines[1], pageId).toEqual(outlines[0]);
      expect(outlines[2], pageId).toEqual(outlines[0]);
    }
  });

  it("answers the questions the FAQ must cover, in every language", () => {
    const facts = [
      /30/,
      /6 (meses|months)/,
      /INE/,
      /0 (a|to) 4/,
      /5 (a|to) 11/,
      /18/,
      /24 (horas|hours)/,
      /10 %/,
      /\b7\b.*\b21\b/,
      /1 (año|year|ano)/,
      /12 (o|or|ou) 15/,
      /10 USD/,
      /7:00.*24:00/,
      /9:00.*20:00/,
    ];
    for (const language of LANGUAGES) {
      const text = findContentPage("faq", language)
        .sections.flatMap((section) => section.items.map((item) => `${item.question} ${item.answer}`))
        .join("\n");
      for (const fact of facts) expect(text, `${language}: ${fact}`).toMatch(fact);
    }
  });

  it("stops a file with a bad front matter or unsafe Markdown, naming the file", () => {
    expect(() => parseContentPage("---\ntitle: Hola\n---\nTexto", "content/es/x.md")).toThrow(
      /content\/es\/x\.md: front matter needs "description"/,
    );
    expect(() => parseContentPage("---\ntitle: Hola\ndescription: Una página\nlayout: wide\n---\n", "x.md")).toThrow(
      /unknown layout/,
    );
    expect(() =>
      parseContentPage("---\ntitle: Hola\ndescription: Una página\nupdated: 16/11/2026\n---\n", "x.md"),
    ).toThrow(/YYYY-MM-DD/);
    expect(() =>
      parseContentPage("---\ntitle: Hola\ndescription: Una página\n---\n[x](javascript:alert(1))", "x.md"),
    ).toThrow(/x\.md: unsafe link/);
  });

  it("counts words, not punctuation", () => {
    expect(countWords("Hola — ¿qué tal? 9:00 a 20:00 · 10 %")).toBe(7);
  });
});

function idsOf(page: ReturnType<typeof findContentPage>): string[] {
  const html = [page.introHtml, ...page.sections.map((section) => section.html)].join("");
  return [
    ...page.sections.map((section) => section.id),
    ...page.sections.flatMap((section) => section.items.map((item) => item.id)),
    ...[...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1] ?? ""),
  ];
}
