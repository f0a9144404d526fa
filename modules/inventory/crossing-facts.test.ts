import { describe, expect, it } from "vitest";
import { crossingFactsOf } from "./crossing-facts.ts";

const crossing = { id: 1, durationMinutes: 25 };
// Cancún is UTC−5 all year: 09:00 there is 14:00Z.
const at = (time: string, crossingId = 1) => ({ crossingId, departsAt: new Date(`2026-11-26T${time}:00Z`) });

describe("crossingFactsOf", () => {
  it("reads an hourly weekday: 25 minutes, every 60, 09:00 to 17:00", () => {
    const hourly = ["14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00", "22:00"].map((time) =>
      at(time),
    );
    expect(crossingFactsOf(crossing, [...hourly, at("14:30", 2)])).toEqual({
      durationMinutes: 25,
      intervalMinutes: { shortest: 60, longest: 60 },
      firstDeparture: "09:00",
      lastDeparture: "17:00",
    });
  });

  it("gives the shortest and longest wait when the day mixes them, in any order", () => {
    expect(crossingFactsOf(crossing, [at("15:00"), at("14:00"), at("14:30")]).intervalMinutes).toEqual({
      shortest: 30,
      longest: 30,
    });
    expect(crossingFactsOf(crossing, [at("14:00"), at("14:30"), at("15:30")]).intervalMinutes).toEqual({
      shortest: 30,
      longest: 60,
    });
  });

  it("says nothing of frequency or hours on a day without sailings", () => {
    expect(crossingFactsOf(crossing, [])).toEqual({
      durationMinutes: 25,
      intervalMinutes: null,
      firstDeparture: null,
      lastDeparture: null,
    });
    expect(crossingFactsOf(crossing, [at("14:00")]).intervalMinutes).toBeNull();
  });
});
