// Where an account form shows a refusal: each coded error at the field it is about, in the visitor's
// language (the catalogues' account.error.* keys), and anything else once above the form. Pure: the
// actions decide with it and the pages translate with it.
import type { AppError } from "../../lib/errors.ts";
import type { MessageKey } from "../i18n/translate.ts";

export type AccountField = "email" | "password" | "firstName" | "lastName" | "country" | "state" | "privacy";

/** The codes the account pages have words for; any other reads as GENERAL_ERROR. */
export const ACCOUNT_ERROR_CODES = [
  "INVALID_EMAIL",
  "PASSWORD_REQUIRED",
  "PASSWORD_BLANK",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TOO_COMMON",
  "ACCOUNT_DETAILS_INVALID",
  "USER_ALREADY_EXISTS",
  "ACCOUNT_TOKEN_INVALID",
  "ACCOUNT_TOKEN_EXPIRED",
  "INCORRECT_LOGIN",
  "USER_NOT_CONFIRMED",
  "USER_INACTIVE",
  "GENERAL_ERROR",
  "RATE_LIMITED",
  "PRIVACY_NOT_ACCEPTED",
  // Not error codes: the reasons a profile field is refused (AppError issues' codes).
  "FIELD_REQUIRED",
  "FIELD_INVALID",
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

export function accountErrorKey(code: string): MessageKey {
  const known = ACCOUNT_ERROR_CODES.find((candidate) => candidate === code);
  return `account.error.${known ?? "GENERAL_ERROR"}`;
}

export interface FormErrors {
  /** Per field, the code to show under it. */
  fields: Partial<Record<AccountField, AccountErrorCode>>;
  /** A refusal that is about no one field (a token, a throttle, a fault). */
  general: string | null;
}

const FIELD_OF_ISSUE: Record<string, AccountField> = {
  "body.email": "email",
  "body.password": "password",
  "body.firstName": "firstName",
  "body.lastName": "lastName",
  "body.countryIso3": "country",
  "body.state": "state",
  "body.privacy": "privacy",
};

const FIELD_OF_CODE: Partial<Record<string, AccountField>> = {
  INVALID_EMAIL: "email",
  USER_ALREADY_EXISTS: "email",
  PASSWORD_REQUIRED: "password",
  PASSWORD_BLANK: "password",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  PASSWORD_TOO_COMMON: "password",
  PRIVACY_NOT_ACCEPTED: "privacy",
};

export function noErrors(): FormErrors {
  return { fields: {}, general: null };
}

export function hasErrors(errors: FormErrors): boolean {
  return errors.general !== null || Object.keys(errors.fields).length > 0;
}

/** Adds one refusal to `errors` (the first word about a field stays). */
export function addError(errors: FormErrors, error: Pick<AppError, "code" | "issues">): FormErrors {
  const fields = { ...errors.fields };
  if (error.code === "ACCOUNT_DETAILS_INVALID") {
    for (const issue of error.issues) {
      const field = FIELD_OF_ISSUE[issue.path];
      if (field && !fields[field]) fields[field] = issue.code === "required" ? "FIELD_REQUIRED" : "FIELD_INVALID";
    }
    return { fields, general: Object.keys(fields).length > 0 ? errors.general : (errors.general ?? error.code) };
  }
  const field = FIELD_OF_CODE[error.code];
  if (field) {
    if (!fields[field]) fields[field] = error.code as AccountErrorCode;
    return { fields, general: errors.general };
  }
  return { fields, general: errors.general ?? error.code };
}
