// A ticket sold after the scanner fetched its list boards offline by the pass its QR carries: signed
// on the server (modules/boarding/ticket-pass.ts), verified on the phone with WebCrypto and the public
// key the page holds, then decided by the same rules. A pass altered or signed with another key does not.
import { describe, expect, it } from "vitest";
import { boardingKeysOf, openTicketPass, withTicketPass, type BoardingList } from "../../../modules/boarding/index.ts";
import { signTicketCode, verifyTicketCode } from "../../../modules/booking-documents/index.ts";
import { verifyPass } from "./device-store.ts";
import { checkOffline, parseTicketPayload } from "./offline-check.ts";

const SECRET = "a-test-ticket-signing-secret-of-32+chars";
const keys = boardingKeysOf(SECRET);
const publicKey = { jwk: keys.publicJwk, keyId: keys.keyId };
const LIST: BoardingList = {
  version: 1,
  keyId: keys.keyId,
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
      taken: 1,
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
  tickets: [],
};
const AT_THE_GATE = new Date("2026-12-01T13:30:00Z");

function qrOf(code: string, pass: Parameters<typeof withTicketPass>[2], secret = SECRET): string {
  return withTicketPass(boardingKeysOf(secret), signTicketCode(secret, code), pass);
}

async function decide(payload: string, sailingId = 10) {
  const parsed = parseTicketPayload(payload);
  const verified = parsed?.pass ? await verifyPass(parsed.pass, publicKey) : false;
  return checkOffline(LIST, payload, sailingId, new Map(), AT_THE_GATE, verified);
}

describe("a ticket's signed pass", () => {
  const dated = qrOf("ZZZZZZ-A01", {
    sailingId: 10,
    crossingId: null,
    serviceDate: "2026-12-01",
    validUntil: null,
    passengerType: "child",
  });

  it("fits a QR, keeps the server's code check, and opens on the server with the same key", () => {
    expect(dated.length).toBeLessThanOrEqual(200);
    expect(verifyTicketCode(SECRET, dated)).toBe("ZZZZZZ-A01");
    expect(openTicketPass(keys, dated)).toEqual({
      sailingId: 10,
      crossingId: null,
      serviceDate: "2026-12-01",
      validUntil: null,
      passengerType: "child",
    });
  });

  it("boards a dated ticket the list lacks on its own sailing only", async () => {
    expect(await decide(dated)).toMatchObject({ outcome: "boarded", code: "ZZZZZZ-A01", passengerType: "child" });
    expect(await decide(dated, 11)).toMatchObject({
      outcome: "refused",
      reason: "TICKET_WRONG_SAILING",
      ticketSailingId: 10,
    });
    const otherDay = qrOf("ZZZZZZ-A02", {
      sailingId: 10,
      crossingId: null,
      serviceDate: "2026-12-02",
      validUntil: null,
      passengerType: "adult",
    });
    expect(await decide(otherDay)).toMatchObject({ outcome: "refused", reason: "TICKET_WRONG_SAILING" });
  });

  it("boards an open ticket while it is valid and the boat has room", async () => {
    expect(
      await decide(
        qrOf("ZZZZZZ-A03", {
          sailingId: null,
          crossingId: null,
          serviceDate: null,
          validUntil: "2027-05-01",
          passengerType: "adult",
        }),
      ),
    ).toMatchObject({ outcome: "boarded" });
    expect(
      await decide(
        qrOf("ZZZZZZ-A04", {
          sailingId: null,
          crossingId: null,
          serviceDate: null,
          validUntil: "2026-11-30",
          passengerType: "adult",
        }),
      ),
    ).toMatchObject({ reason: "OPEN_TICKET_EXPIRED" });
  });

  it("boards an open ticket's pass only on its crossing, and reads the passes made before crossings were recorded", async () => {
    const other = qrOf("ZZZZZZ-A06", {
      sailingId: null,
      crossingId: 2,
      serviceDate: null,
      validUntil: "2027-05-01",
      passengerType: "adult",
    });
    expect(await decide(other)).toMatchObject({ outcome: "refused", reason: "TICKET_WRONG_CROSSING" });
    const own = qrOf("ZZZZZZ-A07", {
      sailingId: null,
      crossingId: 1,
      serviceDate: null,
      validUntil: "2027-05-01",
      passengerType: "adult",
    });
    expect(own).toContain(".o1~~2027-05-01~a.");
    expect(await decide(own)).toMatchObject({ outcome: "boarded" });
    expect(openTicketPass(keys, own)).toMatchObject({ sailingId: null, crossingId: 1 });
  });

  it("is not trusted when altered or signed with another key", async () => {
    const altered = dated.replace(".10~", ".11~");
    expect(await decide(altered, 11)).toMatchObject({ outcome: "refused", reason: "TICKET_NOT_ON_LIST" });
    const foreign = qrOf(
      "ZZZZZZ-A05",
      { sailingId: 10, crossingId: null, serviceDate: "2026-12-01", validUntil: null, passengerType: "adult" },
      "another-secret-of-32-characters-at-least",
    );
    expect(await decide(foreign)).toMatchObject({ outcome: "refused", reason: "TICKET_NOT_ON_LIST" });
    // Without a pass, a ticket the list lacks is still unknown offline.
    expect(await decide(signTicketCode(SECRET, "ZZZZZZ-A06"))).toMatchObject({
      outcome: "refused",
      reason: "TICKET_NOT_ON_LIST",
    });
  });
});
