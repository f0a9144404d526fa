import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { accountErrorKey, addError, hasErrors, noErrors } from "./account-errors.ts";
import { mexicanStateName, normalizedState } from "./mexican-states.ts";
import { cookieSaysSignedIn } from "./session-client.ts";

describe("where an account form shows a refusal", () => {
  it("puts each coded error at its field, the first word about a field staying", () => {
    let errors = addError(noErrors(), new AppError("INVALID_EMAIL"));
    errors = addError(errors, new AppError("USER_ALREADY_EXISTS"));
    errors = addError(errors, new AppError("PASSWORD_TOO_COMMON"));
    errors = addError(errors, new AppError("PRIVACY_NOT_ACCEPTED"));
    expect(errors).toEqual({
      fields: { email: "INVALID_EMAIL", password: "PASSWORD_TOO_COMMON", privacy: "PRIVACY_NOT_ACCEPTED" },
      general: null,
    });
  });

  it("spreads a profile refusal over its fields", () => {
    const error = new AppError("ACCOUNT_DETAILS_INVALID", {
      issues: [
        { path: "body.firstName", code: "required" },
        { path: "body.countryIso3", code: "invalid" },
        { path: "body.state", code: "invalid" },
      ],
    });
    expect(addError(noErrors(), error)).toEqual({
      fields: { firstName: "FIELD_REQUIRED", country: "FIELD_INVALID", state: "FIELD_INVALID" },
      general: null,
    });
  });

  it("keeps what is about no field above the form", () => {
    const errors = addError(noErrors(), new AppError("ACCOUNT_TOKEN_EXPIRED"));
    expect(errors).toEqual({ fields: {}, general: "ACCOUNT_TOKEN_EXPIRED" });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(noErrors())).toBe(false);
  });

  it("has words for known codes and the general error for any other", () => {
    expect(accountErrorKey("USER_ALREADY_EXISTS")).toBe("account.error.USER_ALREADY_EXISTS");
    expect(accountErrorKey("SERVICE_UNAVAILABLE")).toBe("account.error.GENERAL_ERROR");
  });
});

describe("a Mexican state", () => {
  it("becomes its ISO code however it is typed, for Mexico only", () => {
    expect(normalizedState("MEX", " quintana roo ")).toBe("MX-ROO");
    expect(normalizedState("MEX", "Yucatan")).toBe("MX-YUC");
    expect(normalizedState("MEX", "mx-cmx")).toBe("MX-CMX");
    expect(normalizedState("MEX", "Springfield")).toBe("Springfield");
    expect(normalizedState("USA", "Quintana Roo")).toBe("Quintana Roo");
    expect(normalizedState("MEX", "  ")).toBeNull();
    expect(mexicanStateName("MX-NLE")).toBe("Nuevo León");
  });
});

describe("the userInfo cookie", () => {
  it("says signed in only with login:true", () => {
    const value = encodeURIComponent(JSON.stringify({ state: "MX-ROO", id: "u1", login: true, country: "MEX" }));
    expect(cookieSaysSignedIn(`a=1; userInfo=${value}`)).toBe(true);
    expect(cookieSaysSignedIn(`userInfo=${encodeURIComponent('{"login":false}')}`)).toBe(false);
    expect(cookieSaysSignedIn("userInfo=not-json")).toBe(false);
    expect(cookieSaysSignedIn("")).toBe(false);
  });
});
