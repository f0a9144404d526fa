import { describe, expect, it } from "vitest";
import {
  MIN_OFFER_MINUTES,
  OFFER_MINUTES,
  deriveOfferToken,
  hashOfferToken,
  isOfferTokenShaped,
  offerExpiry,
  pickOffers,
  readWaitlistRequest,
} from "./rules.ts";

const line = (...seats: number[]) => seats.map((count, index) => ({ id: `e${index + 1}`, seats: count }));

describe("pickOffers", () => {
  it.each([
    { name: "nothing free", line: line(2, 1), free: 0, offered: [] },
    { name: "the first fits", line: line(2, 1), free: 2, offered: ["e1"] },
    { name: "the first and the second fit", line: line(2, 1), free: 3, offered: ["e1", "e2"] },
    {
      name: "a group too large keeps its place and does not block those behind",
      line: line(4, 2, 1),
      free: 3,
      offered: ["e2", "e3"],
    },
    { name: "in line order, not the best packing", line: line(1, 3), free: 3, offered: ["e1"] },
    { name: "nobody fits", line: line(5, 4), free: 3, offered: [] },
  ])("$name", ({ line: entries, free, offered }) => {
    expect(pickOffers(entries, free).map((entry) => entry.id)).toEqual(offered);
  });
});

describe("offerExpiry", () => {
  const now = new Date("2031-04-07T15:00:00Z");
  const departing = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  it("lasts OFFER_MINUTES when the sailing is far", () => {
    expect(offerExpiry(now, departing(24 * 60), 30)).toEqual(new Date(now.getTime() + OFFER_MINUTES * 60_000));
  });
  it("ends at the check-in cutoff when that comes first", () => {
    expect(offerExpiry(now, departing(90), 30)).toEqual(departing(60));
  });
  it("is no offer when less than MIN_OFFER_MINUTES would be left", () => {
    expect(offerExpiry(now, departing(30 + MIN_OFFER_MINUTES - 1), 30)).toBeNull();
    expect(offerExpiry(now, departing(30 + MIN_OFFER_MINUTES), 30)).toEqual(departing(MIN_OFFER_MINUTES));
  });
});

describe("readWaitlistRequest", () => {
  const valid = {
    sailing: "42",
    email: " ana@example.mx ",
    adults: "2",
    children: "1",
    infants: "",
    category: "resident",
    language: "pt",
  };
  it("reads the form, trims the address, empty counts are zero", () => {
    expect(readWaitlistRequest(valid)).toEqual({
      sailingId: 42,
      email: "ana@example.mx",
      language: "pt",
      category: "resident",
      passengers: { adult: 2, child: 1, infant: 0 },
    });
  });
  it.each([
    [{ sailing: "0" }, "sailing", "invalid"],
    [{ sailing: "4x" }, "sailing", "invalid"],
    [{ email: "" }, "email", "required"],
    [{ email: "a@" }, "email", "invalid"],
    [{ email: `${"a".repeat(250)}@example.mx` }, "email", "too_long"],
    [{ adults: "-1" }, "passengers", "not_a_count"],
    [{ adults: "0", children: "0" }, "passengers", "none"],
    [{ adults: "0", children: "2" }, "passengers.adult", "adult_required"],
    [{ adults: "21" }, "passengers", "too_many"],
    [{ language: "fr" }, "language", "invalid"],
    [{ category: "vip" }, "category", "invalid"],
  ])("refuses %o as %s:%s", (change, path, code) => {
    expect(() => readWaitlistRequest({ ...valid, ...change })).toThrow(
      expect.objectContaining({ code: "WAITLIST_INVALID", issues: [{ path, code }] }),
    );
  });
});

describe("offer tokens", () => {
  it("are 64 hex characters derived from the nonce and the secret, looked up by their hash", () => {
    const token = deriveOfferToken("secret-one-0123456789abcdef0123456789", "nonce");
    expect(isOfferTokenShaped(token)).toBe(true);
    expect(deriveOfferToken("secret-two-0123456789abcdef0123456789", "nonce")).not.toBe(token);
    expect(hashOfferToken(token)).not.toBe(token);
    expect(isOfferTokenShaped("F".repeat(64))).toBe(false);
  });
});
