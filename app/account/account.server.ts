// Loaders and actions of the account pages: register, confirm the e-mail, forgot and reset
// the password, and the account area. Thin: the identity module decides and stores; these read the
// form, call one use case, and answer the page's state or the refusal's codes by field. Every answer
// is personal (a form's values, a session): never cached, never indexed. Work without JavaScript:
// each step is a form and a page.
import { data, redirect, type RouterContextProvider } from "react-router";
import { alpha2OfCountry, alpha3OfCountry, countryOptions } from "../../lib/countries.ts";
import { COOKIE } from "../../lib/cookies.ts";
import { AppError, isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import { findAccountBookings, type AccountBooking } from "../../flows/account-bookings.ts";
import {
  confirmEmail,
  isEmailFormat,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  profileIssues,
  registerAccount,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  updateProfile,
  type Account,
  type ProfileInput,
} from "../../modules/identity/index.ts";
import {
  formField,
  formValuesOf,
  pageStatusOf,
  readFormData,
  refusalHeaders,
  requestContext,
  servicesContext,
  resolveLogin,
} from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { addError, hasErrors, noErrors, type FormErrors } from "./account-errors.ts";
import { normalizedState } from "./mexican-states.ts";

type Context = Readonly<RouterContextProvider>;

/** Personal pages: no shared cache may keep them, and a browser must not show a stale one on Back. */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" };
const RETURN_PATH_MAX_AGE_SECONDS = 1_800;
const EMAIL_MAX = 254;
const PASSWORD_FIELD_MAX = 1024;
const TEXT_MAX = 200;
const TOKEN_MAX = 200;

/** A password as typed: not trimmed (spaces may be part of it), only bounded. */
const PASSWORD_FIELD = formField.raw(PASSWORD_FIELD_MAX);
const EMAIL_FIELD = formField.text(EMAIL_MAX);

function statusOfErrors(errors: FormErrors): number {
  const first = errors.general ?? Object.values(errors.fields)[0] ?? "INVALID_REQUEST";
  return first === "FIELD_REQUIRED" || first === "FIELD_INVALID" ? 422 : pageStatusOf(first);
}

/** A link's token, from the page's query. */
function tokenOf(request: Request): string {
  return formValuesOf(new URL(request.url).searchParams, { token: formField.text(TOKEN_MAX) }).token;
}

// ——— Profile fields shared by register and the account area ———

export interface ProfileValues {
  firstName: string;
  lastName: string;
  /** ISO 3166-1 alpha-2, as the country select offers it ("" when none). */
  country: string;
  state: string;
}

/** The password rule the forms show (NIST 800-63B, the identity module's). */
export const PASSWORD_POLICY = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

export interface CountryChoices {
  countries: readonly { code: string; name: string }[];
}

const PROFILE_FIELDS = {
  firstName: formField.text(TEXT_MAX),
  lastName: formField.text(TEXT_MAX),
  country: formField.text(2),
  state: formField.text(TEXT_MAX),
};

function profileValuesOf(form: FormData): ProfileValues {
  const values = formValuesOf(form, PROFILE_FIELDS);
  return { ...values, country: values.country.toUpperCase() };
}

/** What the use cases take: the country as alpha-3 (an unknown one is refused there), a Mexican state as its code. */
function profileInputOf(values: ProfileValues): ProfileInput & { countryUnknown: boolean } {
  const countryIso3 = values.country ? alpha3OfCountry(values.country) : null;
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    countryIso3,
    state: normalizedState(countryIso3, values.state),
    countryUnknown: values.country !== "" && countryIso3 === null,
  };
}

function profileValuesOfAccount(account: Account): ProfileValues {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    country: account.countryIso3 ? (alpha2OfCountry(account.countryIso3) ?? "") : "",
    state: account.state ?? "",
  };
}

function profileErrors(input: ProfileInput & { countryUnknown: boolean }, errors: FormErrors): FormErrors {
  const issues = profileIssues(input);
  if (input.countryUnknown) issues.push({ path: "body.countryIso3", code: "invalid" });
  return issues.length > 0 ? addError(errors, new AppError("ACCOUNT_DETAILS_INVALID", { issues })) : errors;
}

// ——— Sessions ———

function secure(context: Context): boolean {
  return context.get(servicesContext).config.NODE_ENV === "production";
}

/** The signed-in account of this request (the social session first, then the regular one), and the stale cookies to clear. */
async function signedIn(request: Request, context: Context): Promise<{ account: Account | null; clear: string[] }> {
  const services = context.get(servicesContext);
  const login = await resolveLogin(services.db, request.headers.get("Cookie"), secure(context), services.clock.now());
  return { account: login.state.session?.account ?? null, clear: login.clear };
}

/** To the auth page, remembering where to come back (the cookie POST /redirect/ sets), forgetting sessions that are over. */
export function toSignIn(context: Context, language: Language, returnPath: string, clear: readonly string[]): Response {
  const attributes = `Path=/; Max-Age=${RETURN_PATH_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure(context) ? "; Secure" : ""}`;
  const headers = new Headers(PRIVATE_NO_STORE);
  headers.append("Set-Cookie", `${COOKIE.returnPath}=${encodeURIComponent(returnPath)}; ${attributes}`);
  for (const cookie of clear) headers.append("Set-Cookie", cookie);
  return redirect(pathOf("auth", language), { headers });
}

// ——— Register ———

export type RegisterValues = ProfileValues & { email: string; privacy: boolean };

export type RegisterData = CountryChoices & { values: RegisterValues; policy: typeof PASSWORD_POLICY };

export type RegisterActionData =
  | { kind: "sent"; email: string }
  | { kind: "refused"; values: RegisterValues; errors: FormErrors };

export async function loadRegister(request: Request, context: Context, language: Language) {
  if ((await signedIn(request, context)).account)
    throw redirect(pathOf("account", language), { headers: PRIVATE_NO_STORE });
  // The visitor's country from the edge, when known: one choice fewer for most.
  const country = context.get(requestContext).country ?? "";
  const page: RegisterData = {
    countries: countryOptions(language),
    policy: PASSWORD_POLICY,
    values: {
      email: "",
      firstName: "",
      lastName: "",
      country: alpha3OfCountry(country) ? country : "",
      state: "",
      privacy: false,
    },
  };
  return data(page, { headers: PRIVATE_NO_STORE });
}

export async function submitRegister(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const fields = formValuesOf(form, { email: EMAIL_FIELD, privacy: formField.raw(), password: PASSWORD_FIELD });
  const values: RegisterValues = { ...profileValuesOf(form), email: fields.email, privacy: fields.privacy === "yes" };
  const secret = fields.password;
  const profile = profileInputOf(values);

  // Every field's problem at once (the use case stops at the first), then the use case itself.
  let errors = noErrors();
  if (!isEmailFormat(values.email)) errors = addError(errors, new AppError("INVALID_EMAIL"));
  const problem = passwordProblem(secret);
  if (problem) errors = addError(errors, new AppError(problem));
  errors = profileErrors(profile, errors);
  if (!values.privacy) errors = addError(errors, new AppError("PRIVACY_NOT_ACCEPTED"));
  if (!hasErrors(errors)) {
    try {
      await registerAccount(
        services.db,
        { ...profile, email: values.email, password: secret, language },
        services.clock.now(),
      );
      const sent: RegisterActionData = { kind: "sent", email: values.email };
      return data(sent, { headers: PRIVATE_NO_STORE });
    } catch (error) {
      if (!isAppError(error)) throw error;
      errors = addError(errors, error);
    }
  }
  const refused: RegisterActionData = { kind: "refused", values, errors };
  return data(refused, { status: statusOfErrors(errors), headers: PRIVATE_NO_STORE });
}

// ——— Confirm the e-mail ———

export type ConfirmData =
  | { kind: "confirmed"; firstName: string; email: string }
  /** The link is forged, used or too old (the code says which): a form asks for a new one. */
  | { kind: "refused"; code: string }
  /** No token: only the form that asks for a new link. */
  | { kind: "ask" };

export type ConfirmActionData =
  | { kind: "resent"; email: string }
  | { kind: "refused"; email: string; errors: FormErrors };

export async function loadConfirmEmail(request: Request, context: Context) {
  const services = context.get(servicesContext);
  const token = tokenOf(request);
  if (!token) return data({ kind: "ask" } satisfies ConfirmData, { headers: PRIVATE_NO_STORE });
  try {
    const account = await confirmEmail(services.db, token, services.clock.now());
    return data({ kind: "confirmed", firstName: account.firstName, email: account.email } satisfies ConfirmData, {
      headers: PRIVATE_NO_STORE,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ kind: "refused", code: error.code } satisfies ConfirmData, {
      status: pageStatusOf(error),
      headers: PRIVATE_NO_STORE,
    });
  }
}

export async function submitResendConfirmation(request: Request, context: Context) {
  const services = context.get(servicesContext);
  const { email } = formValuesOf(await readFormData(request), { email: EMAIL_FIELD });
  try {
    await resendConfirmation(services.db, email, services.clock.now());
    // The same answer whether or not an unconfirmed account has that address (no enumeration).
    return data({ kind: "resent", email } satisfies ConfirmActionData, { headers: PRIVATE_NO_STORE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const errors = addError(noErrors(), error);
    return data({ kind: "refused", email, errors } satisfies ConfirmActionData, {
      status: pageStatusOf(error),
      headers: PRIVATE_NO_STORE,
    });
  }
}

// ——— Forgot and reset the password ———

export type ForgotData = { kind: "request" } | { kind: "reset"; token: string; policy: typeof PASSWORD_POLICY };

export type ForgotActionData =
  | { kind: "requested"; email: string }
  | { kind: "request-refused"; email: string; errors: FormErrors }
  | { kind: "reset-done" }
  | { kind: "reset-refused"; errors: FormErrors };

export async function loadForgot(request: Request) {
  const token = tokenOf(request);
  const page: ForgotData = token ? { kind: "reset", token, policy: PASSWORD_POLICY } : { kind: "request" };
  return data(page, { headers: PRIVATE_NO_STORE });
}

export async function submitForgot(request: Request, context: Context) {
  const services = context.get(servicesContext);
  const form = formValuesOf(await readFormData(request), {
    intent: formField.text(20),
    token: formField.text(TOKEN_MAX),
    password: PASSWORD_FIELD,
    email: EMAIL_FIELD,
  });
  if (form.intent === "reset") {
    try {
      await resetPassword(services.db, form.token, form.password, services.clock.now());
      return data({ kind: "reset-done" } satisfies ForgotActionData, { headers: PRIVATE_NO_STORE });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data({ kind: "reset-refused", errors: addError(noErrors(), error) } satisfies ForgotActionData, {
        status: pageStatusOf(error),
        headers: PRIVATE_NO_STORE,
      });
    }
  }
  const email = form.email;
  try {
    await requestPasswordReset(services.db, email, services.clock.now());
    // Said the same whether an account has that address or not (no enumeration).
    return data({ kind: "requested", email } satisfies ForgotActionData, { headers: PRIVATE_NO_STORE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ kind: "request-refused", email, errors: addError(noErrors(), error) } satisfies ForgotActionData, {
      status: pageStatusOf(error),
      headers: refusalHeaders(error, PRIVATE_NO_STORE),
    });
  }
}

// ——— The account area ———

export type AccountData = CountryChoices & {
  email: string;
  confirmed: boolean;
  profile: ProfileValues;
  bookings: AccountBooking[];
  saved: boolean;
};

export type AccountActionData = { kind: "refused"; values: ProfileValues; errors: FormErrors };

export async function loadAccount(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const page = pathOf("account", language);
  const { account, clear } = await signedIn(request, context);
  if (!account) throw toSignIn(context, language, page, clear);
  const bookings = await findAccountBookings(
    {
      db: services.db,
      guestAccessSecret: services.config.GUEST_ACCESS_SECRET,
      manageBookingPathOf: (lang) => pathOf("manageBooking", lang),
      now: services.clock.now(),
    },
    account,
    language,
  );
  const shown: AccountData = {
    countries: countryOptions(language),
    email: account.email,
    confirmed: account.confirmed,
    profile: profileValuesOfAccount(account),
    bookings,
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
  return data(shown, { headers: PRIVATE_NO_STORE });
}

export async function submitAccount(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const page = pathOf("account", language);
  const { account, clear } = await signedIn(request, context);
  if (!account) return toSignIn(context, language, page, clear);
  const values = profileValuesOf(await readFormData(request));
  const input = profileInputOf(values);
  let errors = profileErrors(input, noErrors());
  if (!hasErrors(errors)) {
    try {
      await updateProfile(services.db, account.id, input, services.clock.now());
      return redirect(`${page}?saved=1`, { headers: PRIVATE_NO_STORE });
    } catch (error) {
      if (!isAppError(error)) throw error;
      errors = addError(errors, error);
    }
  }
  const refused: AccountActionData = { kind: "refused", values, errors };
  return data(refused, { status: statusOfErrors(errors), headers: PRIVATE_NO_STORE });
}
