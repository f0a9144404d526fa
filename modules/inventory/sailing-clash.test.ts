import { describe, expect, it } from "vitest";
import { findSailingClashes, type VesselLeg } from "./sailing-clash.ts";

// 17:00 in Cancún is 22:00 UTC.
const at = (time: string) => new Date(`2031-03-05T${time}:00-05:00`);
const leg = (sailingId: number, time: string, from: string, to: string): VesselLeg => ({
  sailingId,
  departsAt: at(time),
  durationMinutes: 25,
  from,
  to,
});
const DAY = [leg(1, "09:00", "cancun", "isla"), leg(2, "17:00", "cancun", "isla")];

describe("a sailing added by hand", () => {
  it("fits when the vessel is at its pier and free", () => {
    expect(findSailingClashes(leg(-1, "17:30", "isla", "cancun"), DAY)).toEqual([]);
    expect(
      findSailingClashes(leg(-1, "12:00", "isla", "cancun"), [
        leg(1, "09:00", "cancun", "isla"),
        leg(3, "14:00", "cancun", "isla"),
      ]),
    ).toEqual([]);
  });

  it("refuses a departure while the vessel is at sea or turning around", () => {
    expect(findSailingClashes(leg(-1, "17:29", "isla", "cancun"), DAY)).toEqual([
      { path: "sailing.2", code: "vessel_busy:2031-03-05T17:00" },
    ]);
  });

  it("refuses a departure from a pier the vessel is not at", () => {
    expect(findSailingClashes(leg(-1, "18:00", "cancun", "isla"), DAY)).toEqual([
      { path: "sailing.2", code: "at_pier:isla:2031-03-05T17:00" },
    ]);
  });

  it("refuses an arrival at a pier the next sailing does not leave from", () => {
    expect(
      findSailingClashes(leg(-1, "12:00", "isla", "cancun"), [
        leg(1, "09:00", "cancun", "isla"),
        leg(3, "14:00", "isla", "cancun"),
      ]),
    ).toEqual([{ path: "sailing.3", code: "next_from:isla:2031-03-05T14:00" }]);
  });

  it("ignores the sailing itself when it is moved", () => {
    const day = [leg(1, "09:00", "cancun", "isla"), leg(2, "17:00", "isla", "cancun")];
    expect(findSailingClashes(leg(2, "09:20", "isla", "cancun"), day)).toEqual([
      { path: "sailing.1", code: "vessel_busy:2031-03-05T09:00" },
    ]);
    expect(findSailingClashes(leg(2, "17:10", "isla", "cancun"), day)).toEqual([]);
  });
});
