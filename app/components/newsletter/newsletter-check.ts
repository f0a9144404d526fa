// The newsletter form's own check, before anything is sent, and the words for the server's
// refusals. Pure. The server's check (modules/newsletter) has the last word; a unit test
// holds both to the same answers.
// zod's own e-mail pattern (the one z.email() checks with), without zod's runtime in the page's first
// JavaScript (ADR 0035): the server's check in modules/newsletter uses z.email() itself.
import { regexes } from "zod/v4/core";
import type { MessageKey } from "../../i18n/translate.ts";

export const NEWSLETTER_FIELDS = ["name", "lastname", "email", "country", "acceptance", "permission"] as const;
export type NewsletterFormField = (typeof NEWSLETTER_FIELDS)[number];
export type NewsletterFieldErrors = Partial<Record<NewsletterFormField, MessageKey>>;

export interface NewsletterFormValues {
  name: string;
  lastname: string;
  email: string;
  country: string;
  acceptance: boolean;
  permission: boolean;
}

export const EMPTY_NEWSLETTER_VALUES: NewsletterFormValues = {
  name: "",
  lastname: "",
  email: "",
  country: "",
  acceptance: false,
  permission: false,
};

const NAME_MAX_LENGTH = 80;
const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = regexes.email;

/** What the visitor must fix, each with its message ("El nombre es un campo obligatorio"…); empty when the form may be sent. */
export function checkNewsletterForm(values: NewsletterFormValues): NewsletterFieldErrors {
  const errors: NewsletterFieldErrors = {};
  const name = values.name.trim();
  const lastname = values.lastname.trim();
  const email = values.email.trim();
  if (name === "") errors.name = "newsletter.error.nameRequired";
  else if (name.length > NAME_MAX_LENGTH) errors.name = "newsletter.error.nameInvalid";
  if (lastname === "") errors.lastname = "newsletter.error.lastnameRequired";
  else if (lastname.length > NAME_MAX_LENGTH) errors.lastname = "newsletter.error.nameInvalid";
  if (email === "") errors.email = "newsletter.error.emailRequired";
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    errors.email = "newsletter.error.emailInvalid";
  if (values.country.trim() === "") errors.country = "newsletter.error.countryRequired";
  if (!values.acceptance) errors.acceptance = "newsletter.error.consentRequired";
  if (!values.permission) errors.permission = "newsletter.error.consentRequired";
  return errors;
}

export function newsletterValuesOf(form: FormData): NewsletterFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    lastname: text("lastname"),
    email: text("email"),
    country: text("country"),
    acceptance: form.get("acceptance") !== null,
    permission: form.get("permission") !== null,
  };
}

const SERVER_FIELDS: Record<string, NewsletterFormField> = {
  FirstName: "name",
  LastName: "lastname",
  Email: "email",
  Country: "country",
  Acceptance: "acceptance",
  Permission: "permission",
};

const REQUIRED_MESSAGES: Record<NewsletterFormField, MessageKey> = {
  name: "newsletter.error.nameRequired",
  lastname: "newsletter.error.lastnameRequired",
  email: "newsletter.error.emailRequired",
  country: "newsletter.error.countryRequired",
  acceptance: "newsletter.error.consentRequired",
  permission: "newsletter.error.consentRequired",
};

const INVALID_MESSAGES: Record<NewsletterFormField, MessageKey> = {
  name: "newsletter.error.nameInvalid",
  lastname: "newsletter.error.nameInvalid",
  email: "newsletter.error.emailInvalid",
  country: "newsletter.error.countryInvalid",
  acceptance: "newsletter.error.consentRequired",
  permission: "newsletter.error.consentRequired",
};

/**
 * The server's NEWSLETTER_INVALID issues as messages on the form's fields, or null when an issue is
 * on something the visitor cannot fix (Site, Lang, the hidden fields): that is "try again later".
 */
export function fieldErrorsOfIssues(issues: readonly { path: string; code: string }[]): NewsletterFieldErrors | null {
  const errors: NewsletterFieldErrors = {};
  for (const issue of issues) {
    const field = SERVER_FIELDS[issue.path];
    if (!field) return null;
    errors[field] ??= issue.code === "required" ? REQUIRED_MESSAGES[field] : INVALID_MESSAGES[field];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** What the server said, as the form shows it. */
export type NewsletterResult =
  | { outcome: "subscribed"; email: string }
  | { outcome: "invalid"; errors: NewsletterFieldErrors; values: NewsletterFormValues }
  | { outcome: "duplicate"; values: NewsletterFormValues }
  | { outcome: "failed"; values: NewsletterFormValues };
