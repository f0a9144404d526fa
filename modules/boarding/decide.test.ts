import { describe, expect, it } from "vitest";
import { decideBoarding, type SailingFacts, type TicketFacts } from "./decide.ts";

const SAILING: SailingFacts = { id: 10, crossingId: 1, serviceDate: "2026-12-01", closed: false, seatsLeft: 5 };
const DATED: TicketFacts = {
  sailingId: 10,
  activityId: null,
  validUntil: null,
  crossingId: null,
  cancelled: false,
  boarded: null,
};
const OPEN: TicketFacts = {
  sailingId: null,
  activityId: null,
  validUntil: "2027-05-01",
  crossingId: null,
  cancelled: false,
  boarded: null,
};
const FIRST = { at: new Date("2026-12-01T14:02:00Z"), sailingId: 10 };
/** 08:30 at the pier (America/Cancun, UTC−5) on the sailing's day. */
const AT_THE_GATE = new Date("2026-12-01T13:30:00Z");

describe("decideBoarding", () => {
  it("boards a dated ticket on its sailing, and an open ticket on any sailing with room before its last day", () => {
    expect(decideBoarding(DATED, SAILING, AT_THE_GATE)).toEqual({ kind: "board", open: false });
    expect(decideBoarding(OPEN, SAILING, AT_THE_GATE)).toEqual({ kind: "board", open: true });
    expect(decideBoarding({ ...OPEN, validUntil: "2026-12-01" }, SAILING, AT_THE_GATE)).toEqual({
      kind: "board",
      open: true,
    });
  });

  it("boards an open ticket only on its own crossing and direction; one that recorded none boards any", () => {
    expect(decideBoarding({ ...OPEN, crossingId: 1 }, SAILING, AT_THE_GATE)).toEqual({ kind: "board", open: true });
    expect(decideBoarding({ ...OPEN, crossingId: 2 }, SAILING, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "TICKET_WRONG_CROSSING",
    });
    expect(decideBoarding({ ...OPEN, crossingId: null }, { ...SAILING, crossingId: 2 }, AT_THE_GATE)).toEqual({
      kind: "board",
      open: true,
    });
  });

  it("refuses a second scan with when it boarded, whatever else holds", () => {
    expect(decideBoarding({ ...DATED, boarded: FIRST }, SAILING, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "TICKET_ALREADY_BOARDED",
      boarded: FIRST,
    });
    expect(
      decideBoarding({ ...OPEN, boarded: { ...FIRST, sailingId: 9 } }, { ...SAILING, seatsLeft: 0 }, AT_THE_GATE),
    ).toMatchObject({ reason: "TICKET_ALREADY_BOARDED" });
  });

  it("refuses a cancelled ticket first, even one that boarded before its refund", () => {
    expect(decideBoarding({ ...DATED, cancelled: true, boarded: FIRST }, SAILING, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "TICKET_CANCELLED",
    });
  });

  it("refuses a ticket of another sailing, saying which, and an activity's ticket", () => {
    expect(decideBoarding({ ...DATED, sailingId: 11 }, SAILING, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "TICKET_WRONG_SAILING",
      ticketSailingId: 11,
    });
    expect(decideBoarding({ ...DATED, sailingId: null, activityId: 3 }, SAILING, AT_THE_GATE)).toMatchObject({
      reason: "TICKET_WRONG_SAILING",
    });
  });

  it("refuses an expired open ticket, and an open ticket when no seat is left", () => {
    expect(decideBoarding({ ...OPEN, validUntil: "2026-11-30" }, SAILING, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "OPEN_TICKET_EXPIRED",
    });
    expect(decideBoarding(OPEN, { ...SAILING, seatsLeft: 0 }, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "SAILING_SOLD_OUT",
    });
    // A dated ticket's seat was sold with it: a full boat still boards it.
    expect(decideBoarding(DATED, { ...SAILING, seatsLeft: 0 }, AT_THE_GATE)).toEqual({ kind: "board", open: false });
  });

  it("refuses a sailing of another day than today at the pier, for dated and open tickets alike", () => {
    const dayBefore = new Date("2026-11-30T23:30:00Z"); // 18:30 on 30 November at the pier
    const nextMorning = new Date("2026-12-02T11:00:00Z"); // 06:00 on 2 December
    for (const now of [dayBefore, nextMorning]) {
      expect(decideBoarding(DATED, SAILING, now)).toEqual({ kind: "refuse", reason: "SAILING_NOT_TODAY" });
      expect(decideBoarding(OPEN, SAILING, now)).toEqual({ kind: "refuse", reason: "SAILING_NOT_TODAY" });
    }
    // The day is the pier's: 23:59 in Cancún is still 1 December there, though 2 December in UTC.
    expect(decideBoarding(DATED, SAILING, new Date("2026-12-02T04:59:00Z"))).toEqual({ kind: "board", open: false });
  });

  it("refuses boarding a closed sailing", () => {
    expect(decideBoarding(DATED, { ...SAILING, closed: true }, AT_THE_GATE)).toEqual({
      kind: "refuse",
      reason: "SAILING_CLOSED",
    });
  });
});
