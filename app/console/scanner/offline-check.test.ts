import { describe, expect, it } from "vitest";
import type { BoardingList, ListedTicket } from "../../../modules/boarding/index.ts";
import { checkOffline, parseTicketPayload, type LocalBoarding } from "./offline-check.ts";

const MAC = "AbCdEfGhIjKlMnOpQrStUv";
function ticket(code: string, fields: Partial<ListedTicket> = {}): ListedTicket {
  return {
    code,
    mac: MAC,
    sailingId: 10,
    crossingId: null,
    validUntil: null,
    passengerType: "adult",
    fareCategory: "tourist",
    passengerName: null,
    bookingReference: code.slice(0, 6),
    cancelled: false,
    boardedAt: null,
    boardedSailingId: null,
    ...fields,
  };
}

const LIST: BoardingList = {
  version: 1,
  keyId: "k",
  issuedAt: "2026-12-01T12:00:00.000Z",
  expiresAt: "2026-12-02T06:00:00.000Z",
  serviceDate: "2026-12-01",
  chosen: [10],
  sailings: [
    {
      id: 10,
      crossingId: 1,
      crossingCode: "A",
      from: "Cancún",
      to: "Isla",
      departsAt: "2026-12-01T15:00:00.000Z",
      time: "09:00",
      capacity: 3,
      taken: 2,
    },
    {
      id: 11,
      crossingId: 1,
      crossingCode: "A",
      from: "Cancún",
      to: "Isla",
      departsAt: "2026-12-01T16:00:00.000Z",
      time: "10:00",
      capacity: 50,
      taken: 0,
    },
  ],
  tickets: [
    ticket("AAAAAA-A01", { fareCategory: "resident", passengerName: "Ana" }),
    ticket("AAAAAA-A02", { boardedAt: "2026-12-01T14:50:00.000Z", boardedSailingId: 10 }),
    ticket("BBBBBB-A01", { sailingId: 11 }),
    ticket("CCCCCC-A01", { cancelled: true }),
    ticket("DDDDDD-A01", { sailingId: null, validUntil: "2027-05-01" }),
    ticket("DDDDDD-A02", { sailingId: null, validUntil: "2027-05-01" }),
    ticket("FFFFFF-A01", { sailingId: null, crossingId: 2, validUntil: "2027-05-01" }),
    ticket("FFFFFF-A02", { sailingId: null, crossingId: 1, validUntil: "2027-05-01" }),
    ticket("EEEEEE-A01", { sailingId: null, validUntil: "2026-11-30" }),
  ],
};
const NONE = new Map<string, LocalBoarding>();
/** 08:30 at the pier on the list's day. */
const AT_THE_GATE = new Date("2026-12-01T13:30:00Z");
const qr = (code: string, mac = MAC) => `TRV1.${code}.${mac}`;

describe("parseTicketPayload", () => {
  it("reads our QR and nothing else", () => {
    expect(parseTicketPayload(` ${qr("AAAAAA-A01")}\n`)).toEqual({ code: "AAAAAA-A01", mac: MAC, pass: null });
    for (const bad of ["", "TRV2.AAAAAA-A01." + MAC, "TRV1.aaaa.x", qr("AAAAAA-A01") + ".x", "x".repeat(500)])
      expect(parseTicketPayload(bad)).toBeNull();
  });
});

describe("checkOffline", () => {
  it("refuses every ticket once the pier's day is not the list's, and boards until 23:59 there", () => {
    const nextMorning = new Date("2026-12-02T11:00:00Z"); // 06:00 on 2 December at the pier
    expect(checkOffline(LIST, qr("AAAAAA-A01"), 10, NONE, nextMorning)).toMatchObject({
      outcome: "refused",
      reason: "SAILING_NOT_TODAY",
      code: "AAAAAA-A01",
    });
    expect(checkOffline(LIST, qr("DDDDDD-A01"), 11, NONE, nextMorning)).toMatchObject({
      outcome: "refused",
      reason: "SAILING_NOT_TODAY",
    });
    expect(checkOffline(LIST, qr("AAAAAA-A01"), 10, NONE, new Date("2026-12-02T04:59:00Z"))).toMatchObject({
      outcome: "boarded",
    });
  });

  it("boards by the code printed under a damaged QR, typed by hand, checked against the sailing like a QR", () => {
    expect(checkOffline(LIST, " aaaaaa-a01 ", 10, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "boarded",
      code: "AAAAAA-A01",
    });
    expect(checkOffline(LIST, "BBBBBB-A01", 10, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "refused",
      reason: "TICKET_WRONG_SAILING",
      ticketSailingId: 11,
    });
    expect(checkOffline(LIST, "AAAAAA-A02", 10, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "refused",
      reason: "TICKET_ALREADY_BOARDED",
    });
    expect(checkOffline(LIST, "ZZZZZZ-A09", 10, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "refused",
      reason: "TICKET_CODE_INVALID",
      code: null,
    });
  });

  it("boards a listed ticket of this sailing with its fare (a resident's ID is checked)", () => {
    expect(checkOffline(LIST, qr("AAAAAA-A01"), 10, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "boarded",
      code: "AAAAAA-A01",
      fareCategory: "resident",
      passengerName: "Ana",
    });
  });

  it("refuses an altered QR: the code of a listed ticket with another MAC, or a malformed text", () => {
    expect(checkOffline(LIST, qr("AAAAAA-A01", "ZZZZZZZZZZZZZZZZZZZZZZ"), 10, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "refused",
      reason: "TICKET_CODE_INVALID",
      code: null,
    });
    expect(checkOffline(LIST, "hello", 10, NONE, AT_THE_GATE)).toMatchObject({ reason: "TICKET_CODE_INVALID" });
  });

  it("says a well-formed code is not on the list rather than guessing", () => {
    expect(checkOffline(LIST, qr("ZZZZZZ-A01"), 10, NONE, AT_THE_GATE)).toMatchObject({
      reason: "TICKET_NOT_ON_LIST",
      code: "ZZZZZZ-A01",
    });
  });

  it("refuses a second scan, from the list or from this device, with when", () => {
    expect(checkOffline(LIST, qr("AAAAAA-A02"), 10, NONE, AT_THE_GATE)).toMatchObject({
      reason: "TICKET_ALREADY_BOARDED",
      boardedAt: "2026-12-01T14:50:00.000Z",
      boardedSailingId: 10,
    });
    const local = new Map([
      ["AAAAAA-A01", { code: "AAAAAA-A01", at: "2026-12-01T14:55:00.000Z", sailingId: 10, open: false }],
    ]);
    expect(checkOffline(LIST, qr("AAAAAA-A01"), 10, local, AT_THE_GATE)).toMatchObject({
      reason: "TICKET_ALREADY_BOARDED",
      boardedAt: "2026-12-01T14:55:00.000Z",
    });
  });

  it("refuses a wrong sailing, a cancelled ticket and an expired open ticket", () => {
    expect(checkOffline(LIST, qr("BBBBBB-A01"), 10, NONE, AT_THE_GATE)).toMatchObject({
      reason: "TICKET_WRONG_SAILING",
      ticketSailingId: 11,
    });
    expect(checkOffline(LIST, qr("CCCCCC-A01"), 10, NONE, AT_THE_GATE)).toMatchObject({ reason: "TICKET_CANCELLED" });
    expect(checkOffline(LIST, qr("EEEEEE-A01"), 10, NONE, AT_THE_GATE)).toMatchObject({
      reason: "OPEN_TICKET_EXPIRED",
    });
  });

  it("boards an open ticket only on the crossing and direction it was sold for", () => {
    expect(checkOffline(LIST, qr("FFFFFF-A01"), 11, NONE, AT_THE_GATE)).toMatchObject({
      outcome: "refused",
      reason: "TICKET_WRONG_CROSSING",
    });
    expect(checkOffline(LIST, qr("FFFFFF-A02"), 11, NONE, AT_THE_GATE)).toMatchObject({ outcome: "boarded" });
  });

  it("boards open tickets while the sailing has room, counting this device's own", () => {
    expect(checkOffline(LIST, qr("DDDDDD-A01"), 10, NONE, AT_THE_GATE)).toMatchObject({ outcome: "boarded" });
    const local = new Map([
      ["DDDDDD-A01", { code: "DDDDDD-A01", at: "2026-12-01T14:55:00.000Z", sailingId: 10, open: true }],
    ]);
    expect(checkOffline(LIST, qr("DDDDDD-A02"), 10, local, AT_THE_GATE)).toMatchObject({ reason: "SAILING_SOLD_OUT" });
    expect(checkOffline(LIST, qr("DDDDDD-A02"), 11, local, AT_THE_GATE)).toMatchObject({ outcome: "boarded" });
  });
});
