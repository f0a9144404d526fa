import { describe, expect, it } from "vitest";
import { ContentError, htmlToText, renderMarkdown, slugify } from "./render-markdown.server.ts";

describe("renderMarkdown", () => {
  it("shows raw HTML as text instead of passing it through", () => {
    const { introHtml } = renderMarkdown(
      'Hola <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>',
      "article",
    );
    expect(introHtml).not.toMatch(/<script|<img|<iframe/);
    expect(introHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(introHtml).toContain("&lt;iframe");
  });

  it.each(["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,hi", "vbscript:x", "//evil.example/path"])(
    "refuses the link target %s",
    (href) => {
      expect(() => renderMarkdown(`[click](${href})`, "article")).toThrow(ContentError);
    },
  );

  it("keeps safe links and escapes their attributes", () => {
    const { introHtml } = renderMarkdown(
      '[FAQ](/es/preguntas-frecuentes/ "Dudas \\"comunes\\"") and [mail](mailto:a@b.example)',
      "article",
    );
    expect(introHtml).toContain('<a href="/es/preguntas-frecuentes/" title="Dudas &quot;comunes&quot;">FAQ</a>');
    expect(introHtml).toContain('<a href="mailto:a@b.example">mail</a>');
  });

  it("allows only local images with alternative text", () => {
    expect(renderMarkdown("![Mapa del cruce](/images/content/crossing-map.svg)", "article").introHtml).toContain(
      '<img src="/images/content/crossing-map.svg" alt="Mapa del cruce" loading="lazy" decoding="async">',
    );
    expect(() => renderMarkdown("![x](https://tracker.example/p.gif)", "article")).toThrow(ContentError);
    expect(() => renderMarkdown("![](/images/content/crossing-map.svg)", "article")).toThrow(ContentError);
  });

  it("gives every heading a unique, accent-free id and splits sections at ##", () => {
    const { introHtml, sections } = renderMarkdown(
      "Intro.\n\n## Tarifas y descuentos\n\nTexto.\n\n### Niños\n\nMás.\n\n## Tarifas y descuentos\n\nOtra vez.",
      "article",
    );
    expect(introHtml).toBe("<p>Intro.</p>\n");
    expect(sections.map((section) => section.id)).toEqual(["tarifas-y-descuentos", "tarifas-y-descuentos-2"]);
    expect(sections[0]?.html).toContain('<h3 id="ninos">Niños</h3>');
    expect(sections[0]?.items).toEqual([]);
  });

  it("splits ### questions into FAQ items with plain-text answers", () => {
    const { sections } = renderMarkdown(
      "## Boletos\n\nAntes.\n\n### ¿Cuánto dura el *boleto abierto*?\n\n**6 meses** desde la compra.\n\n- uno\n- dos\n\n### ¿Y los bebés?\n\nGratis.",
      "faq",
    );
    const [section] = sections;
    expect(section?.html).toBe("<p>Antes.</p>\n");
    expect(section?.items.map((item) => item.id)).toEqual(["cuanto-dura-el-boleto-abierto", "y-los-bebes"]);
    expect(section?.items[0]).toMatchObject({
      questionHtml: "¿Cuánto dura el <em>boleto abierto</em>?",
      question: "¿Cuánto dura el boleto abierto?",
      answer: "6 meses desde la compra. uno dos",
    });
  });

  it("refuses a # heading (the h1 comes from the front matter) and a question without an answer", () => {
    expect(() => renderMarkdown("# Título", "article")).toThrow(ContentError);
    expect(() => renderMarkdown("## A\n\n### ¿Pregunta?\n\n### ¿Otra?\n\nSí.", "faq")).toThrow(/no answer/);
  });

  it("wraps tables in a keyboard-scrollable box", () => {
    const { introHtml } = renderMarkdown("| A | B |\n|---|---|\n| 1 | 2 |", "article");
    expect(introHtml.replace(/\n/g, "")).toMatch(
      /^<div class="table-scroll" tabindex="0"><table><thead><tr><th>A<\/th><th>B<\/th><\/tr><\/thead><tbody><tr><td>1<\/td><td>2<\/td><\/tr><\/tbody><\/table><\/div>/,
    );
  });
});

describe("slugify and htmlToText", () => {
  it("turns headings into ids", () => {
    expect(slugify("¿Qué es la garantía de clima?")).toBe("que-es-la-garantia-de-clima");
    expect(slugify("¡¿?!")).toBe("section");
  });

  it("decodes the entities our renderer writes", () => {
    expect(
      htmlToText("<p>10&nbsp;% &amp; &lt;más&gt; &quot;ya&quot; &#39;ok&#39; &#8212;</p><ul><li>a</li><li>b</li></ul>"),
    ).toBe("10 % & <más> \"ya\" 'ok' — a b");
  });
});
