// The console's strings in components: the layout route's loader sends them (app/console/console-layout.tsx).
// A counted message is one key per CLDR plural category ("ops.issue.left.one", "….other"), asked for by
// its stem with a numeric `count`, as on the site (app/i18n/translate.ts).
import { useMatches } from "react-router";
import type { Language } from "../../lib/language.ts";
import { interpolate, templateOf, type Params } from "../i18n/translate.ts";
import type { ConsoleMessageKey, ConsoleMessages } from "../../lib/i18n/console/en.ts";

/** The stem of a counted console message: "ops.issue.left" for "ops.issue.left.one" and "ops.issue.left.other". */
export type ConsolePluralKey = ConsoleMessageKey extends infer Key
  ? Key extends `${infer Stem}.other`
    ? Stem
    : never
  : never;
export type ConsoleTranslate = (key: ConsoleMessageKey | ConsolePluralKey, params?: Params) => string;

export const CONSOLE_LAYOUT_ID_PREFIX = "console.";

export function createConsoleTranslate(messages: ConsoleMessages, language: Language): ConsoleTranslate {
  return (key, params) =>
    interpolate(
      templateOf(messages as unknown as Parameters<typeof templateOf>[0], language, key, params) ?? key,
      params,
    );
}

/** The console layout's data: its strings, who is signed in and the sections they may open. */
export function useConsoleLayoutData(): ConsoleLayoutData {
  const data = useOptionalConsoleLayoutData();
  if (!data) throw new Error("useConsoleT used outside the console layout");
  return data;
}

/** The layout's data, or null where its loader did not run (its error boundary after an action threw). */
export function useOptionalConsoleLayoutData(): ConsoleLayoutData | null {
  const match = useMatches().find((candidate) => candidate.id.startsWith(CONSOLE_LAYOUT_ID_PREFIX));
  return (match?.data as ConsoleLayoutData | undefined) ?? null;
}

export function useConsoleT(): ConsoleTranslate {
  const { messages, language } = useConsoleLayoutData();
  return createConsoleTranslate(messages, language);
}

/** An error code in the console's words (a code the catalogue lacks reads as the general error). */
export function consoleErrorKey(code: string, messages: ConsoleMessages): ConsoleMessageKey {
  const key = `error.${code}`;
  return (key in messages ? key : "error.GENERAL_ERROR") as ConsoleMessageKey;
}

export interface ConsoleNavEntry {
  pageId: string;
  path: string;
  title: ConsoleMessageKey;
  summary: ConsoleMessageKey;
}

export interface ConsoleLayoutData {
  messages: ConsoleMessages;
  language: Language;
  staff: { email: string; role: "admin" | "operator" | "agent" } | null;
  nav: ConsoleNavEntry[];
}
