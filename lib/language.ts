// Which languages exist and how a visitor's language is chosen.

export const LANGUAGES = ["es", "en", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a path's first segment names exactly, or null ("/en/x" is en; "/EN/x", "/", "/x" none). */
export function exactLanguageOfPath(pathname: string): Language | null {
  const first = pathname.split("/")[1] ?? "";
  return isLanguage(first) ? first : null;
}

/** The language named by a path's first segment; anything else is English. */
export function languageOfPath(pathname: string): Language {
  return exactLanguageOfPath(pathname) ?? DEFAULT_LANGUAGE;
}

interface WeightedTag {
  tag: string;
  q: number;
}

function parseAcceptLanguage(header: string): WeightedTag[] {
  return header
    .split(",")
    .slice(0, 32) // a hostile header cannot make us sort thousands of entries
    .map((part) => {
      const [rawTag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: rawTag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.tag.length > 0 && entry.q > 0);
}

/** The best of the offered languages for an Accept-Language header, or null when none fits. */
export function pickLanguage(header: string | null | undefined, offered: readonly Language[]): Language | null {
  if (!header) return null;
  const ranked = parseAcceptLanguage(header).sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    const match = offered.find((language) => language === primary);
    if (match) return match;
  }
  return null;
}
