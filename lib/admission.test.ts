import { describe, expect, it } from "vitest";
import {
  admissionClassOf,
  decideAdmission,
  expectedWaitMs,
  nextServiceTime,
  plannedServiceMs,
  nextToAdmit,
  retryAfterSeconds,
} from "./admission.ts";

const LIMITS = { concurrency: 2, buyerConcurrency: 4, queue: 1 };
const idle = { inFlight: 0, buyersInFlight: 0, waitingBuyers: 0, waitingVisitors: 0 };

describe("admissionClassOf", () => {
  it.each([
    ["GET", "/en/faqs/", {}, "visitor"],
    ["GET", "/api/sailings", {}, "visitor"],
    ["POST", "/xapi/shopping-cart", {}, "visitor"],
    ["GET", "/en/", { cart_session: "abc" }, "buyer"],
    ["GET", "/es/", { travesia_booking: "REF.secret" }, "buyer"],
    ["POST", "/en/carrito/payment-details/", {}, "buyer"],
    ["POST", "/pt/carrito/detalhes-do-pagamento/", {}, "buyer"],
    ["GET", "/en/carrito/payment-details/", {}, "visitor"],
    ["GET", "/es/carrito/gracias/", {}, "buyer"],
    ["POST", "/sandbox-psp/pay/pi_1", {}, "buyer"],
    ["POST", "/api/payments/webhook", {}, "buyer"],
    ["GET", "/assets/entry.client-abc.js", {}, "exempt"],
    ["GET", "/readyz", {}, "exempt"],
    ["POST", "/sandbox-psp/v1/payment-intents", {}, "exempt"],
    ["POST", "/idp/token", {}, "exempt"],
    ["GET", "/en/", { travesia_lang: "en" }, "visitor"],
  ] as const)("%s %s with %o is a %s", (method, path, cookies, expected) => {
    expect(admissionClassOf({ method, path, cookies })).toBe(expected);
  });
});

describe("decideAdmission", () => {
  it("admits a visitor below the limit, lets one wait, refuses the next at once", () => {
    expect(decideAdmission(idle, "visitor", LIMITS)).toBe("admit");
    expect(decideAdmission({ ...idle, inFlight: 2 }, "visitor", LIMITS)).toBe("wait");
    expect(decideAdmission({ ...idle, inFlight: 2, waitingVisitors: 1 }, "visitor", LIMITS)).toBe("refuse");
  });

  it("admits a buyer where visitors are refused, up to the buyers' larger limit", () => {
    const full = { ...idle, inFlight: 2, waitingVisitors: 1 };
    expect(decideAdmission(full, "buyer", LIMITS)).toBe("admit");
    expect(decideAdmission({ ...full, inFlight: 4 }, "buyer", LIMITS)).toBe("wait");
    expect(decideAdmission({ ...full, inFlight: 4, waitingBuyers: 1 }, "buyer", LIMITS)).toBe("refuse");
  });

  it("does not let a newcomer overtake those already waiting", () => {
    expect(decideAdmission({ ...idle, inFlight: 1, waitingVisitors: 1 }, "visitor", { ...LIMITS, queue: 5 })).toBe(
      "wait",
    );
    expect(decideAdmission({ ...idle, inFlight: 3, waitingBuyers: 1 }, "buyer", { ...LIMITS, queue: 5 })).toBe("wait");
  });

  it("refuses a visitor at once when the expected answer is past the budget, though the queue has room", () => {
    const limits = { concurrency: 2, buyerConcurrency: 4, queue: 8, waitBudgetMs: 250 };
    const full = { ...idle, inFlight: 2 };
    // Places free up two per 100 ms: the first in line waits ~50 ms and is answered ~100 ms later; the
    // third waits ~150 ms, the fourth ~200 ms: 300 ms in all.
    expect(decideAdmission(full, "visitor", limits, 100)).toBe("wait");
    expect(decideAdmission({ ...full, waitingVisitors: 2 }, "visitor", limits, 100)).toBe("wait");
    expect(decideAdmission({ ...full, waitingVisitors: 3 }, "visitor", limits, 100)).toBe("refuse");
    // A request that alone takes longer than the budget: a visitor who finds no free place is refused.
    expect(decideAdmission(full, "visitor", limits, 260)).toBe("refuse");
    expect(decideAdmission(idle, "visitor", limits, 260)).toBe("admit");
    // Faster service lets more wait; no budget, only the queue's length counts; buyers are not held to it.
    expect(decideAdmission({ ...full, waitingVisitors: 3 }, "visitor", limits, 50)).toBe("wait");
    expect(decideAdmission({ ...full, waitingVisitors: 7 }, "visitor", { ...limits, waitBudgetMs: 0 }, 200)).toBe(
      "wait",
    );
    expect(decideAdmission({ ...idle, inFlight: 4, waitingBuyers: 5 }, "buyer", limits, 1_000)).toBe("wait");
  });

  it("keeps the visitors' places their own: buyers in flight neither take them nor slow the queue", () => {
    const limits = { concurrency: 4, buyerConcurrency: 8, queue: 8, waitBudgetMs: 250 };
    // Three buyers in flight beside one visitor: a visitor's place is still free.
    expect(decideAdmission({ ...idle, inFlight: 4, buyersInFlight: 3 }, "visitor", limits, 100)).toBe("admit");
    // Four visitors in flight and buyers beside them: the newcomer waits behind visitors only.
    const busy = { ...idle, inFlight: 7, buyersInFlight: 3, waitingVisitors: 1 };
    expect(decideAdmission(busy, "visitor", limits, 100)).toBe("wait");
    // Buyers holding all of the larger limit: no place will free up for a visitor while they hold it.
    const buyersOnly = { ...idle, inFlight: 8, buyersInFlight: 8 };
    expect(decideAdmission(buyersOnly, "visitor", limits, 1)).toBe("refuse");
    expect(decideAdmission({ ...buyersOnly, inFlight: 7, buyersInFlight: 7 }, "buyer", limits, 1)).toBe("admit");
  });

  it("expects a wait from the requests ahead and how long places are lately held", () => {
    expect(expectedWaitMs(0, 200, 2)).toBe(100);
    expect(expectedWaitMs(3, 200, 2)).toBe(400);
    expect(expectedWaitMs(0, 200, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("plans a turn on the recent held time and how much it varies", () => {
    expect(plannedServiceMs(null)).toBe(0);
    const first = nextServiceTime(null, 120);
    expect(first).toEqual({ meanMs: 120, deviationMs: 60 });
    expect(plannedServiceMs(first)).toBe(240);
    expect(nextServiceTime({ meanMs: 100, deviationMs: 20 }, 200)).toEqual({ meanMs: 120, deviationMs: 40 });
    // Steady held times: the plan closes in on the mean.
    let steady = first;
    for (let sample = 0; sample < 40; sample += 1) steady = nextServiceTime(steady, 120);
    expect(plannedServiceMs(steady)).toBeCloseTo(120, 0);
    // Held times that swing between 20 and 220 ms: planned well above their 120 ms mean.
    let swinging = first;
    for (let sample = 0; sample < 40; sample += 1) swinging = nextServiceTime(swinging, sample % 2 ? 20 : 220);
    expect(plannedServiceMs(swinging)).toBeGreaterThan(250);
  });

  it("admits exempt requests whatever the load", () => {
    const crowded = { inFlight: 100, buyersInFlight: 0, waitingBuyers: 100, waitingVisitors: 100 };
    expect(decideAdmission(crowded, "exempt", LIMITS)).toBe("admit");
  });
});

describe("nextToAdmit", () => {
  it("takes a waiting buyer before a waiting visitor, and a visitor when a visitor's place is free", () => {
    expect(nextToAdmit({ ...idle, inFlight: 1, waitingBuyers: 1, waitingVisitors: 1 }, LIMITS)).toBe("buyer");
    expect(nextToAdmit({ ...idle, inFlight: 1, waitingVisitors: 1 }, LIMITS)).toBe("visitor");
    expect(nextToAdmit({ ...idle, inFlight: 3, waitingVisitors: 1 }, LIMITS)).toBeNull();
    expect(nextToAdmit({ ...idle, inFlight: 3, buyersInFlight: 2, waitingVisitors: 1 }, LIMITS)).toBe("visitor");
    expect(nextToAdmit({ ...idle, inFlight: 4, buyersInFlight: 2, waitingVisitors: 1 }, LIMITS)).toBeNull();
    expect(nextToAdmit({ ...idle, inFlight: 4, waitingBuyers: 1 }, LIMITS)).toBeNull();
  });
});

describe("retryAfterSeconds", () => {
  it("spreads the refused over 2 to 5 seconds", () => {
    expect(retryAfterSeconds(0)).toBe(2);
    expect(retryAfterSeconds(0.999)).toBe(5);
  });
});
