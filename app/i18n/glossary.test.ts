// One word per idea: the glossary's table (docs/domain.md) names the word each language writes and the
// words it does not; every visitor-facing text is scanned for the latter. Spanish speaks as tú.
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { TICKET_COPY } from "../../modules/booking-documents/index.ts";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { ESSENTIAL } from "../../lib/i18n/messages/essential.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";

const ROOT = new URL("../../", import.meta.url);
const MAIN: Record<Language, Record<string, string>> = { es, en, pt };

/** Every visitor-facing text of a language, each named by where it lives. */
function textsOf(language: Language): [string, string][] {
  const messages = { ...MAIN[language], ...ESSENTIAL[language] };
  const tickets = Object.entries(TICKET_COPY[language]).flatMap(([key, value]): [string, string][] => {
    if (typeof value === "string") return [[`tickets ${key}`, value]];
    if (value && typeof value === "object")
      return Object.entries(value).map(([sub, text]) => [`tickets ${key}.${sub}`, String(text)]);
    return [];
  });
  const folder = new URL(`content/${language}/`, ROOT);
  const markdown = readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .map((file): [string, string] => [`content/${language}/${file}`, readFileSync(new URL(file, folder), "utf8")]);
  return [
    ...Object.entries(messages).map(([key, text]): [string, string] => [`message ${key}`, text]),
    ...tickets,
    ...markdown,
  ];
}

interface Entry {
  idea: string;
  word: string;
  avoid: string[];
}

/** The table under "One word per idea" in docs/domain.md: per language, the word and the words to avoid. */
export function glossaryOf(markdown: string): Record<Language, Entry[]> {
  const section = markdown.split(/^## One word per idea.*$/m)[1]?.split(/^## /m)[0] ?? "";
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Idea") && !line.startsWith("|---"));
  const glossary: Record<Language, Entry[]> = { es: [], en: [], pt: [] };
  for (const row of rows) {
    const [idea = "", ...cells] = row
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    const columns: Record<Language, string | undefined> = { en: cells[0], es: cells[1], pt: cells[2] };
    for (const language of LANGUAGES) {
      const [word = "", avoid = ""] = (columns[language] ?? "").split("· not:").map((part) => part.trim());
      glossary[language].push({ idea, word, avoid: avoid ? avoid.split(",").map((term) => term.trim()) : [] });
    }
  }
  return glossary;
}

/** A term as a whole word (or words), any case; `*` is any ending. */
function termPattern(term: string): RegExp {
  const body = term
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\p{L}*");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "iu");
}

const GLOSSARY = glossaryOf(readFileSync(new URL("docs/domain.md", ROOT), "utf8"));

describe("the glossary", () => {
  it("has the table, with a word for every idea in every language", () => {
    expect(GLOSSARY.es.length).toBeGreaterThanOrEqual(8);
    for (const language of LANGUAGES)
      for (const entry of GLOSSARY[language]) expect(entry.word, `${language} ${entry.idea}`).not.toBe("");
  });

  it("finds a word to avoid in a sentence, whole and with its endings", () => {
    expect(termPattern("infante*").test("Dos Infantes viajan")).toBe(true);
    expect(termPattern("moneda*").test("en 17 monedas")).toBe(true);
    expect(termPattern("registro").test("te registraste")).toBe(false);
    expect(termPattern("on-line").test("compre on-line")).toBe(true);
  });
});

describe.each(LANGUAGES)("%s copy uses the glossary's words", (language) => {
  const texts = textsOf(language);
  it.each(GLOSSARY[language].filter((entry) => entry.avoid.length > 0).map((entry) => [entry.idea, entry] as const))(
    "%s",
    (_idea, entry) => {
      const found = texts.flatMap(([where, text]) =>
        entry.avoid
          .filter((term) => termPattern(term).test(text))
          .map((term) => `${where}: "${term}" (write "${entry.word}")`),
      );
      expect(found).toEqual([]);
    },
  );
});

/** Forms that address the reader as usted: the pronoun, usted's imperatives, "Debe …" to the reader. */
const USTED = [
  /(?<!\p{L})usted(?!\p{L})/iu,
  /(?<!\p{L})(?:ingrese|seleccione|elija|introduzca|haga clic|verifique|intente|comuníquese|contáctenos|asegúrese|disculpe|descargue|digite|presione|oprima|favor de)(?!\p{L})/iu,
  /(?:^|[.!?¡¿:]\s*)(?:Debe|Deberá|Necesita|Tiene que)\s/u,
  /(?<!\p{L})(?:le|les) (?:enviamos|enviaremos|recomendamos|informamos|pedimos|sugerimos|agradecemos|invitamos|ofrecemos|recordamos)(?!\p{L})/iu,
  /(?<!\p{L})(?:gracias por su|su cuenta|su correo|su compra|su contraseña|su carrito|su tarjeta|sus boletos)(?!\p{L})/iu,
];

describe("Spanish speaks as tú", () => {
  it("the patterns catch usted", () => {
    for (const text of [
      "Debe seleccionar un horario",
      "Debe seleccionarse un horario",
      "Ingrese su correo",
      "Gracias por su compra",
      "Le enviamos un correo",
      "¿Usted viaja?",
      "Favor de llegar temprano",
    ]) {
      expect(
        USTED.some((pattern) => pattern.test(text)),
        text,
      ).toBe(true);
    }
    for (const text of [
      "Elige un horario",
      "El regreso debe salir después",
      "Esa salida ya partió o su documentación ya cerró",
      "¿Cómo me comunico con ustedes?",
      "que la dirección tenga un error",
      "lo que se haga con ella",
      "Los menores de 18 años viajan acompañados",
    ]) {
      expect(
        USTED.some((pattern) => pattern.test(text)),
        text,
      ).toBe(false);
    }
  });

  it("in every message, ticket and page", () => {
    const found = textsOf("es").flatMap(([where, text]) =>
      USTED.filter((pattern) => pattern.test(text)).map((pattern) => `${where}: ${pattern.exec(text)?.[0]}`),
    );
    expect(found).toEqual([]);
  });
});

describe("words a native reader would stumble on", () => {
  it("says 'legal' in Brazilian Portuguese only beside a noun (alone it reads 'cool')", () => {
    expect(pt["footer.legal"]).not.toMatch(/^legal$/i);
  });

  it("writes Spanish and Portuguese labels in sentence case", () => {
    expect(ESSENTIAL.es["offline.title"]).toBe("Sin conexión");
    expect(ESSENTIAL.pt["offline.title"]).toBe("Sem conexão");
  });
});
