// Dates the database tests share: a regular-season week far from the seed's demo day.

/** The first Monday of March of `year` ("YYYY-MM-DD"): a regular (low-season) week. */
export function firstMondayOfMarch(year: number): string {
  for (let day = 1; day <= 7; day += 1) {
    const date = `${year}-03-0${day}`;
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 1) return date;
  }
  throw new Error("unreachable: every week has a Monday");
}
