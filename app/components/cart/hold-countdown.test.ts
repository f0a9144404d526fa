import { describe, expect, it } from "vitest";
import { formatCountdown, holdAnnouncement } from "./hold-countdown.tsx";

describe("formatCountdown", () => {
  it.each([
    [900, "15:00"],
    [899, "14:59"],
    [61, "1:01"],
    [9, "0:09"],
    [0, "0:00"],
    [-3, "0:00"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe("holdAnnouncement: the time is spoken at a few points, not every second", () => {
  it.each([
    [900, null],
    [601, null],
    [600, { kind: "left", minutes: 10 }],
    [301, { kind: "left", minutes: 10 }],
    [300, { kind: "left", minutes: 5 }],
    [121, { kind: "left", minutes: 5 }],
    [120, { kind: "left", minutes: 2 }],
    [61, { kind: "left", minutes: 2 }],
    [60, { kind: "left", minutes: 1 }],
    [1, { kind: "left", minutes: 1 }],
    [0, { kind: "released" }],
  ])("%i s left → %o", (seconds, announcement) => {
    expect(holdAnnouncement(seconds)).toEqual(announcement);
  });

  it("changes only 5 times over a 15-minute hold", () => {
    const said = new Set<string>();
    for (let seconds = 900; seconds >= 0; seconds -= 1) said.add(JSON.stringify(holdAnnouncement(seconds)));
    said.delete("null");
    expect(said.size).toBe(5);
  });
});
