// The index finds what visitors mean: accents folded, prefixes while typing, one typo per word,
// stop words ignored, one result per page; snippets cut around the match with its ranges.
import { describe, expect, it } from "vitest";
import { buildSearchIndex, searchIndex, snippetOf, suggestQueries, type SearchDocument } from "./search-index.ts";
import { foldText, normalizeQuery, MAX_QUERY_LENGTH } from "./text.ts";

const doc = (fields: Partial<SearchDocument> & Pick<SearchDocument, "id" | "title">): SearchDocument => ({
  language: "es",
  type: "page",
  text: "",
  url: `/es/${fields.id}/`,
  ...fields,
});

const DOCUMENTS: SearchDocument[] = [
  doc({ id: "isla", title: "Isla Mujeres", text: "Playa Norte, tortugas y el centro a pasos del muelle." }),
  doc({ id: "cancun", title: "Cancún", text: "La Zona Hotelera y la laguna Nichupté." }),
  doc({
    id: "xplor",
    type: "product",
    title: "Xplor",
    text: "Tirolesas, vehículos anfibios y ríos subterráneos.",
    url: "/es/parques/xplor/",
  }),
  doc({
    id: "xplor-tour",
    type: "product",
    title: "Xplor con transporte",
    text: "Tirolesas con transporte desde tu hotel.",
    url: "/es/parques/xplor/",
  }),
  doc({
    id: "fuego",
    type: "product",
    title: "Xplor Fuego",
    text: "Tirolesas de noche.",
    url: "/es/parques/xplor-fuego/",
  }),
  doc({
    id: "abierto",
    type: "faq",
    title: "¿Qué es un boleto abierto?",
    text: "Un boleto sin fecha ni hora, válido por 6 meses desde la compra.",
  }),
  doc({
    id: "open",
    language: "en",
    type: "faq",
    title: "What is an open ticket?",
    text: "A ticket with no date or time, valid for 6 months.",
  }),
  doc({
    id: "sao",
    language: "pt",
    title: "Passeios saindo de São Paulo",
    text: "Informação para quem vem do Brasil.",
  }),
];
const INDEX = buildSearchIndex(DOCUMENTS, new Date("2030-01-01T00:00:00Z"));
const titles = (query: string, language: "es" | "en" | "pt" = "es") =>
  searchIndex(INDEX, language, query).map((hit) => hit.title);

describe("searchIndex", () => {
  it("folds accents both ways", () => {
    expect(titles("cancun")[0]).toBe("Cancún");
    expect(titles("CANCÚN")[0]).toBe("Cancún");
    expect(titles("sao paulo", "pt")[0]).toBe("Passeios saindo de São Paulo");
  });

  it("tolerates a typo per word: 'isla mujers' finds Isla Mujeres, 'xplr' finds Xplor", () => {
    expect(titles("isla mujers")[0]).toBe("Isla Mujeres");
    expect(titles("xplr")).toContain("Xplor");
  });

  it("matches the last word as a prefix while typing", () => {
    expect(titles("isla muj")[0]).toBe("Isla Mujeres");
    expect(titles("tirol")).toEqual(expect.arrayContaining(["Xplor", "Xplor Fuego"]));
  });

  it("keeps one result per page, the best of them", () => {
    const hits = searchIndex(INDEX, "es", "xplor");
    expect(hits.filter((hit) => hit.url === "/es/parques/xplor/")).toHaveLength(1);
  });

  it("searches only the asked language", () => {
    expect(titles("open ticket", "es")).not.toContain("What is an open ticket?");
    expect(titles("open ticket", "en")).toEqual(["What is an open ticket?"]);
  });

  it("finds nothing for blank, stop-word-only or punctuation-only queries", () => {
    for (const query of ["", "   ", "\u0000\u0007", "de la", "¿?!…", "<>"]) expect(titles(query)).toEqual([]);
  });

  it("treats markup as words, never as markup", () => {
    const hits = searchIndex(INDEX, "es", "<script>alert('isla')</script>");
    expect(hits[0]?.title).toBe("Isla Mujeres");
  });

  it("answers a 10,000-character query without trouble", () => {
    const started = performance.now();
    expect(Array.isArray(searchIndex(INDEX, "es", "isla ".repeat(2000)))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("throws on a duplicate id: two documents may never claim one id", () => {
    expect(() => buildSearchIndex([DOCUMENTS[0]!, DOCUMENTS[0]!], new Date())).toThrow();
  });
});

describe("suggestQueries", () => {
  it("suggests titles as the site writes them, accents included", () => {
    expect(suggestQueries(INDEX, "es", "canc")).toEqual(["Cancún"]);
    expect(suggestQueries(INDEX, "es", "xpl").slice(0, 3)).toEqual(expect.arrayContaining(["Xplor", "Xplor Fuego"]));
  });

  it("suggests at most the limit, never twice the same title", () => {
    const suggestions = suggestQueries(INDEX, "es", "tirolesas", 2);
    expect(suggestions.length).toBeLessThanOrEqual(2);
    expect(new Set(suggestions.map(foldText)).size).toBe(suggestions.length);
  });
});

describe("snippetOf", () => {
  const text = `${"Palabra ".repeat(40)}El muelle de Isla Mujeres está en el centro. ${"Otra ".repeat(40)}`;

  it("cuts around the first match, at word boundaries, with ellipses", () => {
    const { snippet, highlights } = snippetOf(text, new Set(["mujeres"]), 120);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(122);
    expect(highlights).toHaveLength(1);
    const [start, end] = highlights[0]!;
    expect(snippet.slice(start, end)).toBe("Mujeres");
  });

  it("starts at the beginning when the match is near it", () => {
    const { snippet, highlights } = snippetOf("Cancún y su laguna.", new Set(["cancun"]));
    expect(snippet).toBe("Cancún y su laguna.");
    expect(highlights).toEqual([[0, 6]]);
  });
});

describe("normalizeQuery", () => {
  it("drops control and invisible characters, collapses whitespace and trims", () => {
    expect(normalizeQuery("  isla\u0000\u200b\tmujeres \n")).toBe("isla mujeres");
  });

  it("cuts long queries without splitting a character", () => {
    const cut = normalizeQuery("🐢".repeat(MAX_QUERY_LENGTH + 50));
    expect(Array.from(cut)).toHaveLength(MAX_QUERY_LENGTH);
    expect(cut).toBe("🐢".repeat(MAX_QUERY_LENGTH));
  });
});

describe("coverage", () => {
  it("counts a word found through a typo as half a word", () => {
    const [exact] = searchIndex(INDEX, "es", "isla mujeres");
    const [typo] = searchIndex(INDEX, "es", "isla mujers");
    expect(exact?.coverage).toBe(1);
    expect(typo?.coverage).toBe(0.75);
  });
});
