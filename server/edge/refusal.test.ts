import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { apiRefusal, pageStatusOf, refusalHeaders, shownRefusalStatusOf, statusOfCode } from "./refusal.ts";

describe("the status of a refusal", () => {
  it("is the code table's, and 400 for a code outside it", () => {
    expect(statusOfCode("CART_NOT_FOUND")).toBe(404);
    expect(statusOfCode("NOT_A_CODE")).toBe(400);
    expect(statusOfCode("constructor")).toBe(400);
  });

  it("on a page keeps the visitor's 4xx and says 503 for any failure on the server's side", () => {
    expect(pageStatusOf(new AppError("RATE_LIMITED"))).toBe(429);
    expect(pageStatusOf(new AppError("PAYMENT_PROVIDER_UNAVAILABLE"))).toBe(503);
    expect(pageStatusOf("GENERAL_ERROR")).toBe(503);
    expect(pageStatusOf("FIELD_REQUIRED_OF_NO_TABLE")).toBe(400);
  });

  it("of an earlier request, shown on a page, stays under 500", () => {
    expect(shownRefusalStatusOf("INCORRECT_LOGIN")).toBe(statusOfCode("INCORRECT_LOGIN"));
    expect(shownRefusalStatusOf("SOCIAL_SIGN_IN_FAILED")).toBe(499);
  });
});

describe("an API's refusal", () => {
  it("answers the exact status, the coded body and Retry-After when the refusal lifts with time", async () => {
    const answer = apiRefusal(new AppError("RATE_LIMITED", { retryAfterSeconds: 30 }), "req-1", {
      "Cache-Control": "no-store",
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("30");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ error: { code: "RATE_LIMITED", retryAfter: 30, requestId: "req-1" } });
  });

  it("adds no Retry-After to a refusal that does not lift with time", () => {
    expect(refusalHeaders(new AppError("CART_NOT_FOUND"), { a: "b" })).toEqual({ a: "b" });
    expect(refusalHeaders(new Error("not coded"))).toEqual({});
  });
});
