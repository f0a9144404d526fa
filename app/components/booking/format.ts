// Dates as visitors read them, in their language: "Friday, 18 December 2026". Service dates are
// calendar dates ("YYYY-MM-DD") and are formatted in UTC so server and browser agree.
import type { Language } from "../../../lib/language.ts";
import { getOrInsertComputed } from "../../../lib/maps.ts";

export const LOCALE: Record<Language, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };

function utcDate(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

// Making an Intl.DateTimeFormat costs far more than formatting with one (1.5 % of the sailings
// page's server CPU went to making them, ADR 0044): one per language and style, kept for the process
// (they hold no data, only the locale's rules).
function formatterOf(options: Intl.DateTimeFormatOptions): (language: Language) => Intl.DateTimeFormat {
  const made = new Map<Language, Intl.DateTimeFormat>();
  return (language) => getOrInsertComputed(made, language, () => new Intl.DateTimeFormat(LOCALE[language], options));
}

// The long date as the locale's full date style: the same text as weekday, day, month and year asked
// for one by one (es-MX, en-US, pt-BR, in Node's ICU and in Chromium), and the browser makes the first
// such formatter in about half the time, without the pattern generator: it ran inside hydration.
const longDate = formatterOf({ dateStyle: "full", timeZone: "UTC" });
const shortDate = formatterOf({ weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

// A 24-hour clock whose midnight is 00: `hour12: false` leaves the hour cycle to the locale's data, and
// Node's ICU then wrote "24:10" for es-MX where the browser wrote "00:10", a page that did not hydrate.
const cancunClock = formatterOf({ hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "America/Cancun" });

/** An instant as Cancún's wall clock reads it, "00:10" to "23:59", the same on the server and in the browser. */
export function formatCancunTime(iso: string, language: Language): string {
  return cancunClock(language).format(new Date(iso));
}

export function formatLongDate(date: string, language: Language): string {
  return longDate(language).format(utcDate(date));
}

export function formatShortDate(date: string, language: Language): string {
  return shortDate(language).format(utcDate(date));
}

/** ISO weekday numbers (1 Monday) as a readable list of day names: "Monday–Saturday" style lists. */
export function formatWeekdays(weekdays: readonly number[], language: Language): string {
  const names = weekdays.map((weekday) =>
    new Intl.DateTimeFormat(LOCALE[language], { weekday: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2024, 0, weekday)),
    ),
  );
  // 2024-01-01 was a Monday, so day `n` of January 2024 is ISO weekday n.
  return new Intl.ListFormat(LOCALE[language], { style: "long", type: "conjunction" }).format(names);
}
