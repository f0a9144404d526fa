import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  DEFAULT_AGE_BANDS,
  ageRangeLabel,
  assertValidPassengers,
  passengerTypeOfAge,
  seatsNeeded,
  type AgeBand,
} from "./passengers.ts";

const XENOTES: AgeBand[] = [
  { passengerType: "adult", minAge: 12, maxAge: null, takesSeat: true },
  { passengerType: "child", minAge: 6, maxAge: 11, takesSeat: true },
  { passengerType: "infant", minAge: 0, maxAge: 4, takesSeat: true },
];

describe("age bands", () => {
  it.each<[number, string | null, string | null]>([
    [0, "infant", "infant"],
    [4, "infant", "infant"],
    [5, "child", null], // Xenotes takes children from 6
    [6, "child", "child"],
    [11, "child", "child"],
    [12, "adult", "adult"],
    [80, "adult", "adult"],
    [-1, null, null],
    [5.5, null, null],
  ])("age %s travels as %s (Xenotes: %s)", (age, standard, xenotes) => {
    expect(passengerTypeOfAge(DEFAULT_AGE_BANDS, age)).toBe(standard);
    expect(passengerTypeOfAge(XENOTES, age)).toBe(xenotes);
  });

  it("labels the ranges as the site shows them (12+, 5–11, 0–4)", () => {
    expect(DEFAULT_AGE_BANDS.map(ageRangeLabel)).toEqual(["12+", "5–11", "0–4"]);
    expect(XENOTES.map(ageRangeLabel)).toEqual(["12+", "6–11", "0–4"]);
  });

  it("counts every person aboard, infants included, unless a band says otherwise", () => {
    expect(seatsNeeded({ adult: 2, child: 1, infant: 2 })).toBe(5);
    const lapInfants = DEFAULT_AGE_BANDS.map((band) =>
      band.passengerType === "infant" ? { ...band, takesSeat: false } : band,
    );
    expect(seatsNeeded({ adult: 2, child: 1, infant: 2 }, lapInfants)).toBe(3);
  });
});

describe("assertValidPassengers", () => {
  const refuse = (
    counts: { adult: number; child: number; infant: number },
    code: string,
    bands: readonly AgeBand[] = DEFAULT_AGE_BANDS,
    max = 650,
  ) => expect(() => assertValidPassengers(counts, bands, max)).toThrow(expect.objectContaining({ code }) as AppError);

  it("accepts a family and a full group up to the limits", () => {
    expect(() => assertValidPassengers({ adult: 2, child: 2, infant: 1 }, DEFAULT_AGE_BANDS, 650)).not.toThrow();
    expect(() => assertValidPassengers({ adult: 60, child: 0, infant: 0 }, DEFAULT_AGE_BANDS, 650)).not.toThrow();
    expect(() => assertValidPassengers({ adult: 5, child: 0, infant: 0 }, DEFAULT_AGE_BANDS, 5)).not.toThrow();
  });

  it.each([
    [{ adult: -1, child: 0, infant: 0 }, "INVALID_PASSENGERS"],
    [{ adult: 1, child: -2, infant: 0 }, "INVALID_PASSENGERS"],
    [{ adult: 1.5, child: 0, infant: 0 }, "INVALID_PASSENGERS"],
    [{ adult: 0, child: 0, infant: 0 }, "INVALID_PASSENGERS"],
    [{ adult: 0, child: 2, infant: 1 }, "INVALID_PASSENGERS"],
    [{ adult: 61, child: 0, infant: 0 }, "TOO_MANY_PASSENGERS"],
    [{ adult: 99_999, child: 0, infant: 0 }, "TOO_MANY_PASSENGERS"],
  ])("refuses %o with %s", (counts, code) => {
    refuse(counts, code);
  });

  it("refuses more people than the vessel or day holds, and a type the product does not sell", () => {
    refuse({ adult: 4, child: 1, infant: 1 }, "TOO_MANY_PASSENGERS", DEFAULT_AGE_BANDS, 5);
    const adultsOnly = DEFAULT_AGE_BANDS.filter((band) => band.passengerType === "adult");
    refuse({ adult: 1, child: 1, infant: 0 }, "INVALID_PASSENGERS", adultsOnly);
  });
});
