import { describe, expect, it } from "vitest";
import { AppError, ERROR_STATUS, errorBody, isAppError, type ErrorCode } from "./errors.ts";

const EXPECTED_STATUS = [
  ["INVALID_EMAIL", 400],
  ["PASSWORD_REQUIRED", 400],
  ["INCORRECT_LOGIN", 401],
  ["USER_INACTIVE", 403],
  ["USER_NOT_CONFIRMED", 403],
  ["USER_ALREADY_EXISTS", 409],
  ["GENERAL_ERROR", 500],
  ["PASSWORD_BLANK", 422],
  ["PASSWORD_TOO_SHORT", 422],
  ["PASSWORD_TOO_LONG", 422],
  ["PASSWORD_TOO_COMMON", 422],
  ["ACCOUNT_DETAILS_INVALID", 422],
  ["ACCOUNT_TOKEN_INVALID", 400],
  ["ACCOUNT_TOKEN_EXPIRED", 410],
  ["LOGIN_TICKET_INVALID", 401],
  ["CSRF_REJECTED", 403],
  ["PRIVACY_NOT_ACCEPTED", 422],
  ["SIGN_IN_REFUSED", 400],
  ["SIGN_IN_EXPIRED", 410],
  ["SOCIAL_PROVIDER_UNKNOWN", 404],
  ["SOCIAL_SIGN_IN_FAILED", 502],
  ["UNKNOWN_CURRENCY", 400],
  ["INVALID_EXCHANGE_RATE", 422],
  ["EXCHANGE_RATE_CHANGE_TOO_LARGE", 422],
  ["EXCHANGE_RATE_UNAVAILABLE", 503],
  ["INVALID_DATE", 400],
  ["DATE_IN_PAST", 400],
  ["DATE_TOO_FAR_AHEAD", 400],
  ["RETURN_BEFORE_DEPARTURE", 400],
  ["INVALID_PASSENGERS", 400],
  ["TOO_MANY_PASSENGERS", 422],
  ["UNKNOWN_CROSSING", 404],
  ["UNKNOWN_SAILING", 404],
  ["UNKNOWN_PRODUCT", 404],
  ["FARE_UNAVAILABLE", 422],
  ["SAILING_CLOSED", 409],
  ["SAILING_DEPARTED", 409],
  ["SAILING_SOLD_OUT", 409],
  ["ACTIVITY_CLOSED", 409],
  ["ACTIVITY_SOLD_OUT", 409],
  ["INVALID_RETURN_PATH", 400],
  ["PERSONALIZATION_INVALID_CREDENTIALS", 401],
  ["PERSONALIZATION_ORIGIN_NOT_ALLOWED", 403],
  ["PERSONALIZATION_TIMEOUT", 408],
  ["PERSONALIZATION_QUOTA_EXCEEDED", 423],
  ["PERSONALIZATION_INVALID_QUERY", 400],
  ["PERSONALIZATION_TOO_COMPLEX_QUERY", 422],
  ["PERSONALIZATION_EVALUATION_FAILED", 422],
  ["PERSONALIZATION_UNALLOWED_RESULT", 422],
  ["PERSONALIZATION_UNSERIALIZABLE_RESULT", 422],
  ["PERSONALIZATION_UNEXPECTED_ERROR", 500],
  ["PERSONALIZATION_DISABLED", 404],
  ["UNKNOWN_CONTENT_SLOT", 404],
  ["UNKNOWN_EVENT_TYPE", 422],
  ["INVALID_EVENT_PAYLOAD", 422],
  ["CART_NOT_FOUND", 404],
  ["CART_LINE_NOT_FOUND", 404],
  ["CART_CLOSED", 409],
  ["SCHEDULE_REQUIRED", 422],
  ["SAME_PRODUCT_IN_CART", 409],
  ["SAME_DATE_IN_CART", 409],
  ["SAME_DATE_COMPONENTS", 409],
  ["LIMIT_PASSED", 409],
  ["GROUP_BOOKING_REQUIRED", 409],
  ["TOO_MANY_SEATS_HELD", 409],
  ["COUPON_NOT_SOLD", 422],
  ["COUPON_TOURIST_ONLY", 422],
  ["SEARCH_TOKEN_INVALID", 401],
  ["SEARCH_TOKEN_EXPIRED", 401],
  ["INVALID_HOST_PATH", 400],
  ["HOST_NOT_ALLOWED", 403],
  ["UNKNOWN_DATA_STORE", 404],
  ["UNKNOWN_SEARCH_ENGINE", 404],
  ["IDEMPOTENCY_KEY_REQUIRED", 400],
  ["IDEMPOTENCY_KEY_REUSED", 409],
  ["PAYMENT_INTENT_NOT_FOUND", 404],
  ["PAYMENT_INTENT_STATE", 409],
  ["PAYMENT_AMOUNT_EXCEEDED", 422],
  ["CARD_TOKEN_INVALID", 400],
  ["WEBHOOK_SIGNATURE_INVALID", 400],
  ["WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE", 400],
  ["PAYMENT_PROVIDER_UNAVAILABLE", 502],
  ["TICKET_CODE_INVALID", 400],
  ["CART_EMPTY", 409],
  ["HOLD_EXPIRED", 409],
  ["BUYER_DETAILS_INVALID", 422],
  ["TERMS_NOT_ACCEPTED", 422],
  ["PASSENGER_NAMES_REQUIRED", 422],
  ["BOOKING_NOT_FOUND", 404],
  ["BOOKING_STATE", 409],
  ["REFUND_AMOUNT_INVALID", 422],
  ["REFUND_EXCEEDS_PAID", 422],
  ["REFUND_NOT_ALLOWED", 409],
  ["REFUND_TICKET_NOT_CANCELLABLE", 409],
  ["CANCEL_NOT_REFUNDABLE", 409],
  ["CANCEL_TOO_LATE", 409],
  ["CANCEL_TICKET_USED", 409],
  ["CANCEL_ALREADY_CANCELLED", 409],
  ["CANCEL_NEEDS_OPERATOR", 409],
  ["CANCEL_NOT_PAID", 409],
  ["DATE_CHANGE_TOO_LATE", 409],
  ["DATE_CHANGE_SAME_DAY", 409],
  ["RESEND_LIMIT", 429],
  ["NEWSLETTER_INVALID", 422],
  ["NEWSLETTER_DUPLICATE", 409],
  ["NEWSLETTER_TOKEN_INVALID", 404],
  ["NEWSLETTER_TOKEN_EXPIRED", 410],
  ["WAITLIST_INVALID", 422],
  ["WAITLIST_DUPLICATE", 409],
  ["WAITLIST_SEATS_AVAILABLE", 409],
  ["WAITLIST_OFFER_INVALID", 404],
  ["WAITLIST_OFFER_EXPIRED", 410],
  ["WAITLIST_OFFER_USED", 409],
  ["WEBHOOK_SUBSCRIPTION_INVALID", 422],
  ["WEBHOOK_TARGET_NOT_ALLOWED", 422],
  ["WEBHOOK_SUBSCRIPTION_NOT_FOUND", 404],
  ["PAYMENT_METHOD_UNAVAILABLE", 422],
  ["INSTALMENTS_UNAVAILABLE", 422],
  ["TICKET_ALREADY_BOARDED", 409],
  ["TICKET_WRONG_SAILING", 409],
  ["TICKET_WRONG_CROSSING", 409],
  ["SAILING_NOT_TODAY", 409],
  ["TICKET_CANCELLED", 409],
  ["OPEN_TICKET_EXPIRED", 409],
  ["BOARDING_SYNC_TOO_LARGE", 413],
  ["INSTALMENTS_CARD_NOT_ELIGIBLE", 422],
  ["STAFF_SELF_DEMOTION", 409],
  ["TIMETABLE_CONFLICT", 409],
  ["VESSEL_DOUBLE_BOOKED", 409],
  ["CAPACITY_BELOW_SOLD", 409],
  ["ALREADY_CLOSED", 409],
  ["SAILING_NOT_CLOSED", 409],
  ["VESSEL_IN_USE", 409],
  ["RECORD_IN_USE", 409],
  ["INVALID_REQUEST", 400],
  ["UNAUTHORIZED", 401],
  ["FORBIDDEN", 403],
  ["NOT_FOUND", 404],
  ["METHOD_NOT_ALLOWED", 405],
  ["PAYLOAD_TOO_LARGE", 413],
  ["UNSUPPORTED_MEDIA_TYPE", 415],
  ["HEADERS_TOO_LARGE", 431],
  ["RATE_LIMITED", 429],
  ["SERVICE_UNAVAILABLE", 503],
  ["SERVER_BUSY", 503],
  ["INTERNAL_ERROR", 500],
] as const satisfies readonly (readonly [ErrorCode, number])[];

describe("the error status table", () => {
  it.each(EXPECTED_STATUS)("%s → %i", (code, status) => {
    expect(new AppError(code).status).toBe(status);
  });

  it("is tested in full: a new code gets its row above", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(EXPECTED_STATUS.map(([code]) => code).sort());
  });

  it("maps every code to an HTTP error status", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code} → ${status}`).toBe(true);
    }
  });
});

describe("AppError", () => {
  it("carries its code, issues and cause", () => {
    const cause = new Error("socket hang up");
    const error = new AppError("INVALID_REQUEST", { issues: [{ path: "body.email", code: "invalid_format" }], cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("AppError");
    expect(error.message).toBe("INVALID_REQUEST");
    expect(error.cause).toBe(cause);
    expect(error.issues).toEqual([{ path: "body.email", code: "invalid_format" }]);
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error("INVALID_REQUEST"))).toBe(false);
    expect(isAppError({ code: "NOT_FOUND" })).toBe(false);
  });
});

describe("errorBody", () => {
  it("says the code and request id, and nothing internal", () => {
    const error = new AppError("GENERAL_ERROR" satisfies ErrorCode, {
      message: "SELECT * FROM users failed",
      cause: new Error("secret"),
    });
    const body = errorBody(error, "req-12345678");
    expect(body).toEqual({ error: { code: "GENERAL_ERROR", requestId: "req-12345678" } });
    expect(JSON.stringify(body)).not.toMatch(/SELECT|secret|stack/);
  });

  it("lists issues only when there are some", () => {
    expect(errorBody(new AppError("NOT_FOUND"))).toEqual({ error: { code: "NOT_FOUND" } });
    expect(
      errorBody(new AppError("INVALID_REQUEST", { issues: [{ path: "query.Language", code: "invalid_value" }] })),
    ).toEqual({
      error: { code: "INVALID_REQUEST", issues: [{ path: "query.Language", code: "invalid_value" }] },
    });
  });
});
