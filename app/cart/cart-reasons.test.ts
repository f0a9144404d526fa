// The refusals of the hold ceilings (ADR 0047) reach the visitor as their own message, in their
// language, and tell a group how to book.
import { describe, expect, it } from "vitest";
import { reasonKey } from "./cart-page.server.ts";
import { claimErrorKey } from "../routes/waitlist.tsx";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { pt } from "../../lib/i18n/messages/pt.ts";

describe("the hold ceilings' refusals on the cart page", () => {
  it.each(["GROUP_BOOKING_REQUIRED", "TOO_MANY_SEATS_HELD"] as const)(
    "%s has its own message in every language, pointing groups to the call center",
    (code) => {
      const key = reasonKey(code);
      expect(key).toBe(`cart.error.${code}`);
      expect(en[key]).toMatch(/call center/);
      expect(es[key]).toMatch(/call center/);
      expect(pt[key]).toMatch(/central de atendimento/);
    },
  );
});

it("a waiting-list claim refused for the address's holds says so in the visitor's language", () => {
  const key = claimErrorKey("TOO_MANY_SEATS_HELD");
  expect(key).toBe("waitlist.error.TOO_MANY_SEATS_HELD");
  expect([en[key], es[key], pt[key]].every((text) => text.length > 0)).toBe(true);
});
