// The console's strings in components: the layout route's loader sends them (app/console/console-layout.tsx).
import { useMatches } from "react-router";
import { interpolate, type Params } from "../i18n/translate.ts";
import type { ConsoleMessageKey, ConsoleMessages } from "./messages/en.ts";

export type ConsoleTranslate = (key: ConsoleMessageKey, params?: Params) => string;

export const CONSOLE_LAYOUT_ID_PREFIX = "console.";

export function createConsoleTranslate(messages: ConsoleMessages): ConsoleTranslate {
  return (key, params) => interpolate(messages[key], params);
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
  return createConsoleTranslate(useConsoleLayoutData().messages);
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
  staff: { email: string; role: "admin" | "operator" | "agent" } | null;
  nav: ConsoleNavEntry[];
}
