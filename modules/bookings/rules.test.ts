import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  MAX_RESENDS_PER_HOUR,
  assertDateChangeAllowed,
  assertCanResend,
  assertPaymentChoice,
  canMove,
  cartFingerprint,
  dateChangeReason,
  needsPassengerNames,
  newBookingReference,
  normalizeReference,
  planTickets,
  TICKET_CODE_PATTERN,
  readCheckoutForm,
  readDateChangeReason,
  REFERENCE_PATTERN,
  type TicketLine,
} from "./rules.ts";

function codeOf(run: () => unknown): { code: string; paths: string[] } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, paths: error.issues.map((issue) => issue.path) };
  }
}

const BUYER = {
  name: "Ana Pérez",
  email: "Ana@Example.com ",
  phone: "+52 998 123 4567",
  country: "mx",
  acceptTerms: true,
};

/** A code without its random groups: the reference, the leg letter and the passenger number. */
const legOf = (code: string) => code.slice(0, 10);

describe("booking references", () => {
  it("draw six characters a phone call cannot confuse, and read back what the buyer types", () => {
    for (let index = 0; index < 200; index += 1) expect(newBookingReference()).toMatch(REFERENCE_PATTERN);
    expect(newBookingReference(() => 0)).toBe("000000");
    expect(normalizeReference(" 7k2m-9q ")).toBe("7K2M9Q");
    expect(normalizeReference("7K2MOl")).toBe("7K2M01");
    expect(normalizeReference("7K2M9")).toBeNull();
    expect(normalizeReference("7K2M9U")).toBeNull();
  });
});

describe("the lifecycle", () => {
  it.each([
    ["pending_payment", "paid", true],
    ["paid", "ticketed", true],
    ["failed", "paid", true],
    ["ticketed", "refunded", true],
    ["pending_payment", "ticketed", false],
    ["cancelled", "paid", false],
    ["refunded", "paid", false],
  ] as const)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });
});

describe("the cart fingerprint", () => {
  const line = {
    id: "b",
    pricing: { lines: [1] },
    holdExpiresAt: new Date("2031-03-03T15:15:00Z"),
    adults: 2,
    children: 0,
    infants: 0,
  };
  const cart = { id: "cart", currency: "USD", quoteId: "q1" };
  it("is the same for the same cart in any line order, and changes with a hold, a passenger or the quote", () => {
    const other = { ...line, id: "a" };
    expect(cartFingerprint(cart, [line, other])).toBe(cartFingerprint(cart, [other, line]));
    expect(cartFingerprint(cart, [line])).not.toBe(
      cartFingerprint(cart, [{ ...line, holdExpiresAt: new Date("2031-03-03T15:30:00Z") }]),
    );
    expect(cartFingerprint(cart, [line])).not.toBe(cartFingerprint(cart, [{ ...line, children: 1 }]));
    expect(cartFingerprint(cart, [line])).not.toBe(cartFingerprint({ ...cart, quoteId: "q2" }, [line]));
  });
});

describe("the checkout form", () => {
  const park = {
    id: "park",
    kind: "activity" as const,
    trip: "single" as const,
    category: "tourist" as const,
    adults: 2,
    children: 0,
    infants: 0,
  };
  const ferry = {
    id: "ferry",
    kind: "ferry" as const,
    trip: "one_way" as const,
    category: "tourist" as const,
    adults: 3,
    children: 0,
    infants: 0,
  };
  const coupon = {
    id: "coupon",
    kind: "activity" as const,
    trip: "open" as const,
    category: "tourist" as const,
    adults: 2,
    children: 1,
    infants: 0,
  };
  it("normalizes the buyer and names only the tickets that carry names", () => {
    const read = readCheckoutForm(BUYER, ["MX"], [park, ferry], { park: ["Ana  Pérez", "Luis Gómez"] });
    expect(read.buyer).toEqual({
      name: "Ana Pérez",
      email: "ana@example.com",
      phone: "+52 998 123 4567",
      country: "MX",
    });
    expect(read.names.get("park")).toEqual(["Ana Pérez", "Luis Gómez"]);
    expect(read.names.get("ferry")).toEqual([]);
    expect(needsPassengerNames({ kind: "ferry", trip: "one_way", category: "resident" })).toBe(true);
  });

  it("asks no names for a coupon: they are given when it is exchanged for a day", () => {
    expect(needsPassengerNames(coupon)).toBe(false);
    expect(
      readCheckoutForm(BUYER, ["MX"], [coupon, park], { park: ["Ana Pérez", "Luis Gómez"] }).names.get("coupon"),
    ).toEqual([]);
    expect(codeOf(() => readCheckoutForm(BUYER, ["MX"], [coupon], {}))).toBeNull();
  });

  it("reports every mistake at once, the buyer's first", () => {
    expect(
      codeOf(() =>
        readCheckoutForm({ ...BUYER, email: "nope", acceptTerms: false }, ["MX"], [park], { park: ["Ana"] }),
      ),
    ).toEqual({
      code: "BUYER_DETAILS_INVALID",
      paths: ["buyer.email", "buyer.acceptTerms", "passengerNames.park.1"],
    });
    expect(codeOf(() => readCheckoutForm({ ...BUYER, acceptTerms: false }, ["MX"], [park], {}))?.code).toBe(
      "PASSENGER_NAMES_REQUIRED",
    );
    expect(codeOf(() => readCheckoutForm({ ...BUYER, acceptTerms: false }, ["MX"], [ferry], {}))).toEqual({
      code: "TERMS_NOT_ACCEPTED",
      paths: ["buyer.acceptTerms"],
    });
  });
});

describe("paying", () => {
  it("sells PayPal and months without interest in MXN only, and only plans a bank offers", () => {
    expect(codeOf(() => assertPaymentChoice("MXN", "paypal", null, []))).toBeNull();
    expect(codeOf(() => assertPaymentChoice("USD", "paypal", null, []))?.code).toBe("PAYMENT_METHOD_UNAVAILABLE");
    expect(codeOf(() => assertPaymentChoice("MXN", "card", 12, [3, 6, 9, 12]))).toBeNull();
    expect(codeOf(() => assertPaymentChoice("MXN", "card", 15, [3, 6, 9, 12]))?.code).toBe("INSTALMENTS_UNAVAILABLE");
    expect(codeOf(() => assertPaymentChoice("MXN", "paypal", 3, [3]))?.code).toBe("INSTALMENTS_UNAVAILABLE");
    expect(codeOf(() => assertPaymentChoice("EUR", "card", 3, [3]))?.code).toBe("INSTALMENTS_UNAVAILABLE");
  });
});

describe("tickets", () => {
  it("gives each ticket a code of the documented shape whose random half no reference tells", () => {
    const line: TicketLine = {
      id: "one",
      position: 1,
      productId: 1901,
      kind: "ferry",
      trip: "one_way",
      category: "tourist",
      adults: 2,
      children: 0,
      infants: 0,
      serviceDate: "2031-03-05",
      returnDate: null,
      outboundSailingId: 10,
      inboundSailingId: null,
      activityId: null,
      passengerNames: [],
    };
    const [first, second] = planTickets("7K2M9Q", [line], "2031-03-03", () => 6);
    const again = planTickets("7K2M9Q", [line], "2031-03-03", () => 6);
    for (const code of [first!.code, second!.code, again[0]!.code]) expect(code).toMatch(TICKET_CODE_PATTERN);
    expect(first!.code).not.toBe(again[0]!.code);
    expect(new Set([first!.code, second!.code, again[0]!.code, again[1]!.code]).size).toBe(4);
    let next = 0;
    const counting = () => next++ % 32;
    expect(planTickets("7K2M9Q", [line], "2031-03-03", () => 6, counting).map((ticket) => ticket.code)).toEqual([
      "7K2M9Q-A01-0123-4567",
      "7K2M9Q-A02-89AB-CDEF",
    ]);
  });

  it("plans one per passenger per sailing or day, lettered per leg, and open tickets valid for the product's months", () => {
    const base = {
      productId: 1901,
      category: "tourist" as const,
      returnDate: null,
      inboundSailingId: null,
      activityId: null,
      passengerNames: [],
    };
    const lines: TicketLine[] = [
      {
        ...base,
        id: "round",
        position: 1,
        kind: "ferry",
        trip: "round_trip",
        adults: 2,
        children: 1,
        infants: 0,
        serviceDate: "2031-03-05",
        returnDate: "2031-03-06",
        outboundSailingId: 10,
        inboundSailingId: 20,
      },
      {
        ...base,
        id: "open",
        position: 2,
        kind: "ferry",
        trip: "open",
        adults: 1,
        children: 0,
        infants: 0,
        serviceDate: null,
        outboundSailingId: null,
      },
      {
        ...base,
        id: "park",
        position: 3,
        kind: "activity",
        trip: "single",
        adults: 1,
        children: 0,
        infants: 1,
        serviceDate: "2031-03-07",
        outboundSailingId: null,
        activityId: 4,
        passengerNames: ["Ana Pérez", "Leo Pérez"],
      },
    ];
    const planned = planTickets("7K2M9Q", lines, "2031-03-03", () => 6);
    expect(planned.map((ticket) => legOf(ticket.code))).toEqual([
      "7K2M9Q-A01",
      "7K2M9Q-A02",
      "7K2M9Q-A03",
      "7K2M9Q-B01",
      "7K2M9Q-B02",
      "7K2M9Q-B03",
      "7K2M9Q-C01",
      "7K2M9Q-D01",
      "7K2M9Q-D02",
    ]);
    expect(planned.filter((ticket) => ticket.sailingId === 20).map((ticket) => ticket.passengerType)).toEqual([
      "adult",
      "adult",
      "child",
    ]);
    expect(planned.find((ticket) => legOf(ticket.code) === "7K2M9Q-C01")).toMatchObject({
      sailingId: null,
      validUntil: "2031-09-03",
    });
    expect(
      planned.filter((ticket) => ticket.activityId === 4).map((ticket) => [ticket.passengerType, ticket.passengerName]),
    ).toEqual([
      ["adult", "Ana Pérez"],
      ["infant", "Leo Pérez"],
    ]);
  });

  it.each([
    ["a day in the middle of a month", "2031-03-03", "2032-03-03"],
    ["the last day of February in a leap year", "2032-02-29", "2033-02-28"],
    ["New Year's Eve", "2031-12-31", "2032-12-31"],
  ])(
    "plans a coupon as one undated ticket per passenger valid 12 months from purchase: %s",
    (_name, issuedOn, validUntil) => {
      const coupon: TicketLine = {
        id: "coupon",
        position: 1,
        productId: 2001,
        kind: "activity",
        trip: "open",
        category: "tourist",
        adults: 2,
        children: 1,
        infants: 0,
        serviceDate: null,
        returnDate: null,
        outboundSailingId: null,
        inboundSailingId: null,
        activityId: 7,
        passengerNames: [],
      };
      const planned = planTickets("7K2M9Q", [coupon], issuedOn, () => 6);
      expect(planned.map((ticket) => [legOf(ticket.code), ticket.passengerType, ticket.passengerName])).toEqual([
        ["7K2M9Q-A01", "adult", null],
        ["7K2M9Q-A02", "adult", null],
        ["7K2M9Q-A03", "child", null],
      ]);
      for (const ticket of planned)
        expect(ticket).toMatchObject({ activityId: 7, sailingId: null, serviceDate: null, validUntil });
    },
  );
});

describe("the weather guarantee's date change", () => {
  // 10:00 in Cancún (UTC−5 all year).
  const now = new Date("2031-03-03T15:00:00Z");
  const hours = (count: number, minutes = 0) => ({
    kind: "dated" as const,
    startsAt: new Date(now.getTime() + (count * 60 + minutes) * 60_000),
  });
  const change = (current: Parameters<typeof assertDateChangeAllowed>[0], date: string, at = now) =>
    codeOf(() => assertDateChangeAllowed(current, { date }, at))?.code ?? "allowed";

  it("allows a change asked exactly 24 hours before the departure, and refuses one a minute later", () => {
    expect(change(hours(24), "2031-03-10")).toBe("allowed");
    expect(change(hours(23, 59), "2031-03-10")).toBe("DATE_CHANGE_TOO_LATE");
    expect(change(hours(2), "2031-03-10")).toBe("DATE_CHANGE_TOO_LATE");
    expect(change(hours(-3), "2031-03-10")).toBe("DATE_CHANGE_TOO_LATE");
  });

  it("never moves onto the operator's today, and refuses a date already past", () => {
    expect(change(hours(72), "2031-03-03")).toBe("DATE_CHANGE_SAME_DAY");
    expect(change(hours(72), "2031-03-02")).toBe("DATE_IN_PAST");
    expect(change(hours(72), "2031-03-04")).toBe("allowed");
    // 23:30 in Cancún is already the next day in UTC: "today" is Cancún's date, not the server's.
    const lateEvening = new Date("2031-03-04T04:30:00Z");
    expect(change(hours(72), "2031-03-04", lateEvening)).toBe("allowed");
    expect(change(hours(72), "2031-03-03", lateEvening)).toBe("DATE_CHANGE_SAME_DAY");
  });

  it("refuses an open ticket: it is undated already", () => {
    expect(codeOf(() => assertDateChangeAllowed({ kind: "open" }, { date: "2031-03-10" }, now))).toEqual({
      code: "BOOKING_STATE",
      paths: ["lineId"],
    });
  });

  it("keeps what moved where in the history and reads it back", () => {
    const from = { date: "2031-03-05", returnDate: "2031-03-05", outboundSailingId: 1, inboundSailingId: 2 };
    const to = { date: "2031-03-07", returnDate: "2031-03-08", outboundSailingId: 3, inboundSailingId: 4 };
    expect(readDateChangeReason(dateChangeReason("line-1", from, to))).toEqual({ lineId: "line-1", from, to });
    expect(readDateChangeReason("tickets_issued")).toBeNull();
    expect(readDateChangeReason("date_changed:{not json")).toBeNull();
  });
});

describe("resending the tickets", () => {
  const now = new Date("2031-03-03T15:00:00Z");
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it("allows three resends in any hour and refuses the fourth with RESEND_LIMIT", () => {
    expect(() => assertCanResend([], now)).not.toThrow();
    expect(() => assertCanResend([minutesAgo(50), minutesAgo(10)], now)).not.toThrow();
    expect(codeOf(() => assertCanResend([minutesAgo(50), minutesAgo(10), minutesAgo(1)], now))?.code).toBe(
      "RESEND_LIMIT",
    );
    expect(MAX_RESENDS_PER_HOUR).toBe(3);
  });

  it("forgets requests older than an hour (a sliding window)", () => {
    expect(() => assertCanResend([minutesAgo(61), minutesAgo(60), minutesAgo(10), minutesAgo(1)], now)).not.toThrow();
    expect(codeOf(() => assertCanResend([minutesAgo(59), minutesAgo(10), minutesAgo(1)], now))?.code).toBe(
      "RESEND_LIMIT",
    );
  });
});
