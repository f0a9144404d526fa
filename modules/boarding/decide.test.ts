import { describe, expect, it } from "vitest";
import { decideBoarding, type SailingFacts, type TicketFacts } from "./decide.ts";

const SAILING: SailingFacts = { id: 10, serviceDate: "2026-12-01", closed: false, seatsLeft: 5 };
const DATED: TicketFacts = { sailingId: 10, activityId: null, validUntil: null, cancelled: false, boarded: null };
const OPEN: TicketFacts = { sailingId: null, activityId: null, validUntil: "2027-05-01", cancelled: false, boarded: null };
const FIRST = { at: new Date("2026-12-01T14:02:00Z"), sailingId: 10 };

describe("decideBoarding", () => {
  it("boards a dated ticket on its sailing, and an open ticket on any sailing with room before its last day", () => {
    expect(decideBoarding(DATED, SAILING)).toEqual({ kind: "board", open: false });
    expect(decideBoarding(OPEN, SAILING)).toEqual({ kind: "board", open: true });
    expect(decideBoarding({ ...OPEN, validUntil: "2026-12-01" }, SAILING)).toEqual({ kind: "board", open: true });
  });

  it("refuses a second scan with when it boarded, whatever else holds", () => {
    expect(decideBoarding({ ...DATED, boarded: FIRST }, SAILING)).toEqual({ kind: "refuse", reason: "TICKET_ALREADY_BOARDED", boarded: FIRST });
    expect(decideBoarding({ ...OPEN, boarded: { ...FIRST, sailingId: 9 } }, { ...SAILING, seatsLeft: 0 })).toMatchObject({ reason: "TICKET_ALREADY_BOARDED" });
  });

  it("refuses a cancelled ticket first, even one that boarded before its refund", () => {
    expect(decideBoarding({ ...DATED, cancelled: true, boarded: FIRST }, SAILING)).toEqual({ kind: "refuse", reason: "TICKET_CANCELLED" });
  });

  it("refuses a ticket of another sailing, saying which, and an activity's ticket", () => {
    expect(decideBoarding({ ...DATED, sailingId: 11 }, SAILING)).toEqual({ kind: "refuse", reason: "TICKET_WRONG_SAILING", ticketSailingId: 11 });
    expect(decideBoarding({ ...DATED, sailingId: null, activityId: 3 }, SAILING)).toMatchObject({ reason: "TICKET_WRONG_SAILING" });
  });

  it("refuses an expired open ticket, and an open ticket when no seat is left", () => {
    expect(decideBoarding({ ...OPEN, validUntil: "2026-11-30" }, SAILING)).toEqual({ kind: "refuse", reason: "OPEN_TICKET_EXPIRED" });
    expect(decideBoarding(OPEN, { ...SAILING, seatsLeft: 0 })).toEqual({ kind: "refuse", reason: "SAILING_SOLD_OUT" });
    // A dated ticket's seat was sold with it: a full boat still boards it.
    expect(decideBoarding(DATED, { ...SAILING, seatsLeft: 0 })).toEqual({ kind: "board", open: false });
  });

  it("refuses boarding a closed sailing", () => {
    expect(decideBoarding(DATED, { ...SAILING, closed: true })).toEqual({ kind: "refuse", reason: "SAILING_CLOSED" });
  });
});
