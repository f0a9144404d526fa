// The browser's newsletter check and the server's agree: what the
// form says before sending is what the server's refusal turns into.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { readNewsletterRequest } from "../../modules/newsletter/index.ts";
import {
  checkNewsletterForm,
  fieldErrorsOfIssues,
  type NewsletterFormValues,
} from "../components/newsletter/newsletter-check.ts";

const SITE = { code: "travesia", languages: ["es", "en", "pt"] as const };

function issuesOf(input: unknown): { path: string; code: string }[] {
  try {
    readNewsletterRequest(input, SITE);
  } catch (error) {
    expect((error as AppError).code).toBe("NEWSLETTER_INVALID");
    return [...(error as AppError).issues];
  }
  return [];
}

describe("the browser's check agrees with the server's", () => {
  const form = (change: Partial<NewsletterFormValues>): NewsletterFormValues => ({
    name: "Ana",
    lastname: "Pérez",
    email: "ana@example.com",
    country: "MX",
    acceptance: true,
    permission: true,
    ...change,
  });

  it.each([
    [{}, {}],
    [{ name: "" }, { name: "newsletter.error.nameRequired" }],
    [{ lastname: " " }, { lastname: "newsletter.error.lastnameRequired" }],
    [{ email: "" }, { email: "newsletter.error.emailRequired" }],
    [{ email: "ana.example.com" }, { email: "newsletter.error.emailInvalid" }],
    [{ country: "" }, { country: "newsletter.error.countryRequired" }],
    [
      { acceptance: false, permission: false },
      { acceptance: "newsletter.error.consentRequired", permission: "newsletter.error.consentRequired" },
    ],
  ])("%j gives %j", (change, errors) => {
    const values = form(change);
    expect(checkNewsletterForm(values)).toEqual(errors);
    const serverIssues = issuesOf({ ...values, language: "en" });
    expect(fieldErrorsOfIssues(serverIssues) ?? {}).toEqual(errors);
  });

  it("turns issues the visitor cannot fix into 'try again later'", () => {
    expect(fieldErrorsOfIssues([{ path: "Lang", code: "invalid" }])).toBeNull();
    expect(
      fieldErrorsOfIssues([
        { path: "Email", code: "required" },
        { path: "Site", code: "invalid" },
      ]),
    ).toBeNull();
  });
});
