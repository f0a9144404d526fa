// Arithmetic on calendar dates written YYYY-MM-DD (a day in some time zone, not an instant).

/** Adds months to a local date, clamped to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(localDate: string, months: number): string {
  const [year, month, day] = localDate.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
