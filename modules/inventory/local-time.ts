// Decides what a wall-clock date and time at the piers mean as instants, and back. Sailings are
// planned in America/Cancun local time and stored as instants (timestamptz); dates travel as
// "YYYY-MM-DD" strings so that no code ever mixes a visitor's zone into a service day.

/** The operator's zone: Quintana Roo keeps UTC−5 all year, but nothing here assumes it. */
export const OPERATOR_TIME_ZONE = "America/Cancun";

/** A calendar date, "YYYY-MM-DD". */
export type LocalDate = string;
/** A wall-clock time, "HH:MM" (24 h). */
export type LocalTime = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date in the years a timetable can mean (2000–2999). */
export function isLocalDate(value: unknown): value is LocalDate {
  if (typeof value !== "string") return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isLocalTime(value: unknown): value is LocalTime {
  return typeof value === "string" && TIME_PATTERN.test(value);
}

function dateParts(date: LocalDate): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match || !isLocalDate(date)) throw new RangeError(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Minutes after midnight of "HH:MM" (a PostgreSQL `time` may come back as "HH:MM:SS"). */
export function minutesOf(time: LocalTime): number {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`not a time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function timeOfMinutes(minutes: number): LocalTime {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60)
    throw new RangeError(`not a time of day: ${minutes}`);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function utcDayNumber(date: LocalDate): number {
  const [year, month, day] = dateParts(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function dateOfDayNumber(dayNumber: number): LocalDate {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfDayNumber(utcDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return utcDayNumber(to) - utcDayNumber(from);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function weekdayOf(date: LocalDate): number {
  const day = new Date(utcDayNumber(date) * DAY_MS).getUTCDay();
  return day === 0 ? 7 : day;
}

/** "MM-DD" of a date, for seasons that repeat every year. */
export function monthDayOf(date: LocalDate): string {
  return date.slice(5, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  date: LocalDate;
  minutes: number;
  seconds: number;
}

function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

// Zone offsets only change on quarter-hour boundaries of UTC, so one lookup per 15-minute bucket is
// exact; Intl's formatToParts is slow enough to matter when a timetable makes thousands of sailings.
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC at an instant, in minutes (Cancún: −300). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const bucket = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone}@${bucket}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const start = new Date(bucket * QUARTER_HOUR_MS);
  const wall = wallClockOf(start, timeZone);
  const wallMs = utcDayNumber(wall.date) * DAY_MS + wall.minutes * 60_000 + wall.seconds * 1000;
  const offset = Math.round((wallMs - start.getTime()) / 60_000);
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

function wallClockFast(instant: Date, timeZone: string): { date: LocalDate; minutes: number } {
  const local = new Date(instant.getTime() + offsetMinutesAt(instant, timeZone) * 60_000);
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/**
 * The instant a wall-clock time on a date means in a zone. A time skipped by a daylight-saving jump
 * resolves to the instant after the gap; a repeated one to its first occurrence.
 */
export function instantOf(date: LocalDate, time: LocalTime, timeZone: string = OPERATOR_TIME_ZONE): Date {
  const guess = utcDayNumber(date) * DAY_MS + minutesOf(time) * 60_000;
  const first = guess - offsetMinutesAt(new Date(guess), timeZone) * 60_000;
  const second = guess - offsetMinutesAt(new Date(first), timeZone) * 60_000;
  const wanted = minutesOf(time);
  const exact = [first, second].filter((ms) => {
    const wall = wallClockFast(new Date(ms), timeZone);
    return wall.date === date && wall.minutes === wanted;
  });
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(first, second));
}

export function localDateOf(instant: Date, timeZone: string = OPERATOR_TIME_ZONE): LocalDate {
  return wallClockFast(instant, timeZone).date;
}

export function localTimeOf(instant: Date, timeZone: string = OPERATOR_TIME_ZONE): LocalTime {
  return timeOfMinutes(wallClockFast(instant, timeZone).minutes);
}
