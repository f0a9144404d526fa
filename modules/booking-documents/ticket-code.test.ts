import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { signTicketCode, verifyTicketCode } from "./ticket-code.ts";

const SECRET = "a-test-ticket-signing-secret-of-32+chars";

function refusal(run: () => unknown): AppError | undefined {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  return undefined;
}

describe("signTicketCode and verifyTicketCode", () => {
  it("sign a code compactly and give the same code back", () => {
    const payload = signTicketCode(SECRET, "TRV-7K2M9Q-01");
    expect(payload).toMatch(/^TRV1\.TRV-7K2M9Q-01\.[A-Za-z0-9_-]{22}$/);
    expect(verifyTicketCode(SECRET, payload)).toBe("TRV-7K2M9Q-01");
    // Deterministic: the same ticket always prints the same QR.
    expect(signTicketCode(SECRET, "TRV-7K2M9Q-01")).toBe(payload);
  });

  it("refuse a payload whose code, signature, version or secret was changed", () => {
    const payload = signTicketCode(SECRET, "TRV-7K2M9Q-01");
    const [, , mac] = payload.split(".");
    const flipped = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    const forgeries = [
      payload.replace("TRV-7K2M9Q-01", "TRV-7K2M9Q-02"),
      `TRV1.TRV-7K2M9Q-01.${flipped}`,
      payload.replace("TRV1.", "TRV2."),
      `${payload}.extra`,
      "TRV1.TRV-7K2M9Q-01",
      "",
      "x".repeat(10_000),
    ];
    for (const forged of forgeries) {
      const error = refusal(() => verifyTicketCode(SECRET, forged));
      expect(error, forged.slice(0, 40)).toBeInstanceOf(AppError);
      expect(error?.code).toBe("TICKET_CODE_INVALID");
      expect(error?.status).toBe(400);
    }
    expect(refusal(() => verifyTicketCode("another-secret-another-secret-1234", payload))?.code).toBe(
      "TICKET_CODE_INVALID",
    );
  });

  it("refuse to sign something that is not a ticket code", () => {
    expect(() => signTicketCode(SECRET, "has.dot")).toThrow(RangeError);
    expect(() => signTicketCode(SECRET, "lower")).toThrow(RangeError);
  });
});
