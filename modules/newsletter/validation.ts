// What a newsletter subscription request must carry (its fields, rules and
// format errors). Pure: the API, the page's action and the tests decide the same way. Every refusal
// is NEWSLETTER_INVALID with one issue per field, named by the public field names (FirstName,
// LastName, Email, Site, Lang, Country) or after the form field for the rest.
import { z } from "zod";
import { isCountryCode } from "../../lib/countries.ts";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";
import { isLanguage, type Language } from "../../lib/language.ts";
import { sameSitePath } from "../../lib/return-path.ts";

export const NAME_MAX_LENGTH = 80;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const LABEL_MAX_LENGTH = 100;

/** The public field names, plus the form's consent and tracking fields. */
export type NewsletterField =
  | "FirstName"
  | "LastName"
  | "Email"
  | "Country"
  | "Acceptance"
  | "Permission"
  | "Site"
  | "Lang"
  | "ClientId"
  | "ExternalKey"
  | "Origin"
  | "ErrorRedirectUrl";

/** required: missing or blank; invalid: not of the field's form; too_long: past its bound. */
export type NewsletterIssueCode = "required" | "invalid" | "too_long";

export interface NewsletterRequest {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  language: Language;
  siteCode: string;
  origin: string | null;
  clientId: string | null;
  externalKey: string | null;
  /** Where a form client sends the visitor on failure: a path on this site, or null. */
  errorRedirectUrl: string | null;
}

export interface NewsletterSite {
  code: string;
  languages: readonly Language[];
}

const EmailSchema = z.email();

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * The confirmation mail greets the subscriber by name, so a name is also text we send to the address
 * typed: markup or a link in it would make our mail carry someone else's message (a known abuse of
 * sign-up forms). Names with them are refused.
 */
const NOT_A_NAME = /[<>]|:\/\/|www\./i;

function text(value: unknown): string | null {
  return typeof value === "string" ? value.normalize("NFC").replace(/\s+/g, " ").trim() : null;
}

function checkName(value: unknown, field: NewsletterField, issues: ErrorIssue[]): string {
  const name = text(value);
  if (!name) issues.push({ path: field, code: "required" });
  else if (name.length > NAME_MAX_LENGTH) issues.push({ path: field, code: "too_long" });
  else if (CONTROL_CHARACTERS.test(name) || NOT_A_NAME.test(name)) issues.push({ path: field, code: "invalid" });
  return name ?? "";
}

/** The address as typed, trimmed; the issue when it is missing or not an address. */
export function checkEmail(value: unknown): { email: string; issue: NewsletterIssueCode | null } {
  const email = typeof value === "string" ? value.trim() : "";
  if (email === "") return { email, issue: "required" };
  if (email.length > EMAIL_MAX_LENGTH) return { email, issue: "too_long" };
  return { email, issue: EmailSchema.safeParse(email).success ? null : "invalid" };
}

/** A checked box arrives as true from JSON and as "on" (or "true") from a form. */
export function isConsentGiven(value: unknown): boolean {
  return value === true || value === "true" || value === "on";
}

function checkLabel(value: unknown, field: NewsletterField, issues: ErrorIssue[]): string | null {
  if (value === undefined || value === null || value === "") return null;
  const label = typeof value === "string" ? value.trim() : null;
  if (label === null || CONTROL_CHARACTERS.test(label)) issues.push({ path: field, code: "invalid" });
  else if (label.length > LABEL_MAX_LENGTH) issues.push({ path: field, code: "too_long" });
  return label || null;
}

/**
 * The request `input` (the JSON body, or a form's fields) makes for `site`, or NEWSLETTER_INVALID with
 * every field's issue at once. `site` is optional in the body (the serving site is implied) and, when
 * sent, must be the serving site; the language must be one the site offers.
 */
export function readNewsletterRequest(input: unknown, site: NewsletterSite): NewsletterRequest {
  const body: Record<string, unknown> =
    typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const issues: ErrorIssue[] = [];
  const firstName = checkName(body.name, "FirstName", issues);
  const lastName = checkName(body.lastname, "LastName", issues);
  const { email, issue: emailIssue } = checkEmail(body.email);
  if (emailIssue) issues.push({ path: "Email", code: emailIssue });
  const country = text(body.country)?.toUpperCase() ?? "";
  if (country === "") issues.push({ path: "Country", code: "required" });
  else if (!isCountryCode(country)) issues.push({ path: "Country", code: "invalid" });
  if (!isConsentGiven(body.acceptance)) issues.push({ path: "Acceptance", code: "required" });
  if (!isConsentGiven(body.permission)) issues.push({ path: "Permission", code: "required" });
  if (body.site !== undefined && body.site !== site.code) issues.push({ path: "Site", code: "invalid" });
  const language = body.language;
  if (language === undefined || language === "") issues.push({ path: "Lang", code: "required" });
  else if (!isLanguage(language) || !site.languages.includes(language)) issues.push({ path: "Lang", code: "invalid" });
  const origin = checkLabel(body.origin, "Origin", issues);
  const clientId = checkLabel(body.clientId, "ClientId", issues);
  const externalKey = checkLabel(body.externalKey, "ExternalKey", issues);
  let errorRedirectUrl: string | null = null;
  if (body.errorRedirectUrl !== undefined && body.errorRedirectUrl !== null && body.errorRedirectUrl !== "") {
    errorRedirectUrl = typeof body.errorRedirectUrl === "string" ? sameSitePath(body.errorRedirectUrl) : null;
    if (errorRedirectUrl === null) issues.push({ path: "ErrorRedirectUrl", code: "invalid" });
  }
  if (issues.length > 0) throw new AppError("NEWSLETTER_INVALID", { issues });
  return {
    firstName,
    lastName,
    email,
    country,
    language: language as Language,
    siteCode: site.code,
    origin,
    clientId,
    externalKey,
    errorRedirectUrl,
  };
}
