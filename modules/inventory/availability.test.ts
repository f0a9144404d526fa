import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  activityDayStatus,
  assertCanSellActivityDay,
  assertCanSellSailing,
  daysAhead,
  isSellable,
  sailingStatus,
  seatsLeft,
  seatsTaken,
  type AllocationLike,
} from "./availability.ts";

const NOW = new Date("2026-12-18T15:00:00Z"); // 10:00 in Cancún
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const hold = (quantity: number, expiresInMinutes: number): AllocationLike => ({
  quantity,
  state: "held",
  expiresAt: minutes(expiresInMinutes),
  releasedAt: null,
});
const sold = (quantity: number): AllocationLike => ({ quantity, state: "sold", expiresAt: null, releasedAt: null });

describe("seats taken and left: sold + blocked + unexpired holds", () => {
  it.each<[string, AllocationLike[], number]>([
    ["nothing", [], 0],
    ["a sale", [sold(3)], 3],
    ["an operator's block", [{ quantity: 40, state: "blocked", expiresAt: null, releasedAt: null }], 40],
    ["a live hold", [hold(2, 10)], 2],
    ["a hold expiring this very instant no longer counts", [hold(2, 0)], 0],
    ["a hold one millisecond from expiry still counts", [{ ...hold(2, 0), expiresAt: new Date(NOW.getTime() + 1) }], 2],
    ["an expired hold, not swept yet", [hold(5, -1)], 0],
    ["a released hold", [{ ...hold(4, 10), releasedAt: minutes(-2) }], 0],
    ["a cancelled sale", [{ ...sold(4), releasedAt: minutes(-60) }], 0],
    ["sales, live and expired holds together", [sold(300), hold(20, 14), hold(30, -5), sold(10)], 330],
  ])("%s", (_name, allocations, taken) => {
    expect(seatsTaken(allocations, NOW)).toBe(taken);
  });

  it("never shows fewer than zero seats left", () => {
    expect(seatsLeft(350, 330)).toBe(20);
    expect(seatsLeft(350, 350)).toBe(0);
    expect(seatsLeft(300, 350)).toBe(0);
  });

  it("frees held seats when the hold expires", () => {
    const allocations = [sold(340), hold(10, 15)];
    expect(seatsLeft(350, seatsTaken(allocations, NOW))).toBe(0);
    expect(seatsLeft(350, seatsTaken(allocations, minutes(15)))).toBe(10);
  });
});

describe("sailingStatus and isSellable", () => {
  const open = (departsInMinutes: number) => ({ departsAt: minutes(departsInMinutes), closed: false });

  it.each<[string, { departsAt: Date; closed: boolean }, number, string]>([
    ["plenty of time and seats", open(120), 50, "available"],
    ["check-in closes exactly 30 minutes before", open(30), 50, "available"],
    ["29 minutes before: check-in closed", open(29), 50, "check_in_closed"],
    ["departing now", open(0), 50, "departed"],
    ["departed", open(-5), 50, "departed"],
    ["no seat left", open(120), 0, "sold_out"],
    ["closed for weather, even with seats", { departsAt: minutes(120), closed: true }, 50, "closed"],
    ["closed wins over departed", { departsAt: minutes(-10), closed: true }, 0, "closed"],
    ["departed wins over sold out", open(-10), 0, "departed"],
  ])("%s → %s", (_name, sailing, left, status) => {
    expect(sailingStatus(sailing, left, NOW)).toBe(status);
    expect(isSellable(sailing, NOW)).toBe(status === "available" || status === "sold_out");
  });

  it.each<[string, { departsAt: Date; closed: boolean }, number, number, string | null]>([
    ["fits", open(60), 5, 5, null],
    ["one seat short", open(60), 4, 5, "SAILING_SOLD_OUT"],
    ["closed", { departsAt: minutes(60), closed: true }, 100, 1, "SAILING_CLOSED"],
    ["check-in closed", open(10), 100, 1, "SAILING_DEPARTED"],
  ])("assertCanSellSailing: %s", (_name, sailing, left, quantity, code) => {
    const attempt = () => assertCanSellSailing(sailing, left, quantity, NOW);
    if (code === null) expect(attempt).not.toThrow();
    else expect(attempt).toThrow(expect.objectContaining({ code }) as AppError);
  });
});

describe("activity days", () => {
  const hours = { opens: "08:30", closes: "22:30" };

  it.each<[string, Parameters<typeof activityDayStatus>[0], number, string]>([
    ["open with places", { date: "2026-12-18", hours, closed: false }, 10, "available"],
    ["no hours that weekday", { date: "2026-12-20", hours: null, closed: false }, 10, "closed"],
    ["closed for weather", { date: "2026-12-19", hours, closed: true }, 10, "closed"],
    ["sold out", { date: "2026-12-19", hours, closed: false }, 0, "sold_out"],
    ["today after closing time", { date: "2026-12-17", hours, closed: false }, 10, "past"],
  ])("%s → %s", (_name, day, left, status) => {
    expect(activityDayStatus(day, left, NOW)).toBe(status);
  });

  it("refuses to sell a closed or full day with its code", () => {
    expect(() => assertCanSellActivityDay({ date: "2026-12-19", hours: null, closed: false }, 10, 1, NOW)).toThrow(
      expect.objectContaining({ code: "ACTIVITY_CLOSED" }) as AppError,
    );
    expect(() => assertCanSellActivityDay({ date: "2026-12-19", hours, closed: false }, 2, 3, NOW)).toThrow(
      expect.objectContaining({ code: "ACTIVITY_SOLD_OUT" }) as AppError,
    );
    expect(() => assertCanSellActivityDay({ date: "2026-12-19", hours, closed: false }, 3, 3, NOW)).not.toThrow();
  });
});

describe("daysAhead counts the operator's calendar days", () => {
  it.each([
    ["2026-12-18T15:00:00Z", "2026-12-18", 0],
    ["2026-12-18T15:00:00Z", "2027-01-08", 21],
    // 23:30 in Cancún on the 18th is already the 19th in UTC: still the 18th for the operator.
    ["2026-12-19T04:30:00Z", "2026-12-25", 7],
    ["2026-12-19T05:00:00Z", "2026-12-25", 6],
  ])("at %s, %s is %i days ahead", (now, date, days) => {
    expect(daysAhead(date, new Date(now))).toBe(days);
  });
});
