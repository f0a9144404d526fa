import { describe, expect, it } from "vitest";
import { checkSelection, readCount, readFerryQuery } from "./ferry-query.ts";

const DEFAULTS = { crossing: "cancun-isla-mujeres", date: "2031-03-03" };

describe("readFerryQuery", () => {
  it("gives a plain visit the defaults and no step", () => {
    expect(readFerryQuery(new URLSearchParams(""), DEFAULTS)).toEqual({
      trip: "one_way",
      crossing: "cancun-isla-mujeres",
      date: "2031-03-03",
      returnDate: "2031-03-03",
      passengers: { adult: 2, child: 0, infant: 0 },
      category: "tourist",
      outbound: null,
      inbound: null,
      step: null,
    });
  });

  it("reads a submitted round trip with chosen sailings", () => {
    const query = readFerryQuery(
      new URLSearchParams(
        "trip=round_trip&crossing=isla-mujeres-cancun&date=2031-03-05&return=2031-03-06&adults=1&children=2&infants=1&category=resident&out=12&back=40&step=continue",
      ),
      DEFAULTS,
    );
    expect(query).toMatchObject({
      trip: "round_trip",
      crossing: "isla-mujeres-cancun",
      returnDate: "2031-03-06",
      passengers: { adult: 1, child: 2, infant: 1 },
      category: "resident",
      outbound: 12,
      inbound: 40,
      step: "continue",
    });
  });

  it("passes bad values on for the use case to refuse, and ignores unknown options", () => {
    const query = readFerryQuery(
      new URLSearchParams("trip=charter&adults=-3&children=lots&category=vip&out=abc&date=2031-03-05"),
      DEFAULTS,
    );
    expect(query.trip).toBe("one_way");
    expect(query.category).toBe("tourist");
    expect(query.passengers.adult).toBe(-3);
    expect(query.passengers.child).toBeNaN();
    expect(query.outbound).toBeNull();
    expect(query.step).toBe("search");
    expect(query.returnDate).toBe("2031-03-05");
  });

  it.each([
    [null, 2, 2],
    ["", 2, 2],
    [" 4 ", 0, 4],
    ["-1", 0, -1],
    ["1.5", 0, Number.NaN],
    ["1e3", 0, Number.NaN],
  ])("readCount(%j) → %s", (value, fallback, expected) => {
    expect(readCount(value, fallback)).toEqual(expected);
  });
});

describe("checkSelection: a schedule must be selected", () => {
  const sailing = (id: number, departs: string, arrives: string, selectable = true) => ({
    id,
    departsAt: `2031-03-05T${departs}:00Z`,
    arrivesAt: `2031-03-05T${arrives}:00Z`,
    selectable,
  });
  const out = [sailing(1, "14:00", "14:25"), sailing(2, "15:00", "15:25"), sailing(3, "16:00", "16:25", false)];
  const back = [sailing(10, "14:45", "15:10"), sailing(11, "15:20", "15:45"), sailing(12, "16:45", "17:10")];

  it.each<[string, Parameters<typeof checkSelection>, ReturnType<typeof checkSelection>]>([
    ["an open ticket needs none", ["open", { chosen: null, sailings: [] }, null], null],
    ["one way with a sailing", ["one_way", { chosen: 1, sailings: out }, null], null],
    ["one way without", ["one_way", { chosen: null, sailings: out }, null], "scheduleRequired"],
    ["a sailing not on the list", ["one_way", { chosen: 99, sailings: out }, null], "scheduleRequired"],
    ["a sailing that cannot be sold", ["one_way", { chosen: 3, sailings: out }, null], "scheduleRequired"],
    [
      "round trip without the return",
      ["round_trip", { chosen: 1, sailings: out }, { chosen: null, sailings: back }],
      "scheduleRequired",
    ],
    [
      "round trip, return after arrival",
      ["round_trip", { chosen: 1, sailings: out }, { chosen: 10, sailings: back }],
      null,
    ],
    [
      "round trip, return before arrival",
      ["round_trip", { chosen: 2, sailings: out }, { chosen: 10, sailings: back }],
      "returnBeforeOutbound",
    ],
    [
      "round trip, return just at arrival",
      ["round_trip", { chosen: 2, sailings: out }, { chosen: 11, sailings: [sailing(11, "15:25", "15:50")] }],
      "returnBeforeOutbound",
    ],
  ])("%s", (_name, args, expected) => {
    expect(checkSelection(...args)).toBe(expected);
  });
});
