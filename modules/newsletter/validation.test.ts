// The newsletter's field checks: each malformed field gives its issue under its public
// field name (FirstName, Email…), all at once; the rules of subscribing, confirming and unsubscribing; the links' tokens.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { decideConfirmation, decideSubscription, decideUnsubscribe } from "./rules.ts";
import { deriveNewsletterToken, hashNewsletterToken, isNewsletterTokenShaped } from "./tokens.ts";
import { readNewsletterRequest } from "./validation.ts";

const SITE = { code: "travesia", languages: ["es", "en", "pt"] as const };
const GOOD = {
  name: "Ana",
  lastname: "Pérez",
  email: "ana@example.com",
  country: "mx",
  acceptance: true,
  permission: true,
  language: "es",
};

function issuesOf(input: unknown): { path: string; code: string }[] {
  try {
    readNewsletterRequest(input, SITE);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("NEWSLETTER_INVALID");
    return [...(error as AppError).issues];
  }
  return [];
}

describe("readNewsletterRequest", () => {
  it("reads a good request, trimmed, the country upper-cased, the labels kept", () => {
    expect(
      readNewsletterRequest(
        {
          ...GOOD,
          name: "  Ana  María ",
          email: " Ana@Example.com ",
          origin: "footer",
          errorRedirectUrl: "/es/boletin/",
        },
        SITE,
      ),
    ).toEqual({
      firstName: "Ana María",
      lastName: "Pérez",
      email: "Ana@Example.com",
      country: "MX",
      language: "es",
      siteCode: "travesia",
      origin: "footer",
      clientId: null,
      externalKey: null,
      errorRedirectUrl: "/es/boletin/",
    });
  });

  it("takes a form's checked boxes ('on') as consent", () => {
    expect(readNewsletterRequest({ ...GOOD, acceptance: "on", permission: "true" }, SITE).firstName).toBe("Ana");
  });

  it.each([
    ["no name", { name: "" }, [{ path: "FirstName", code: "required" }]],
    ["a blank name", { name: "   " }, [{ path: "FirstName", code: "required" }]],
    ["a name that is a number", { name: 42 }, [{ path: "FirstName", code: "required" }]],
    ["a name too long", { name: "a".repeat(81) }, [{ path: "FirstName", code: "too_long" }]],
    ["markup in the name", { name: "<b>Ana</b>" }, [{ path: "FirstName", code: "invalid" }]],
    ["a link in the last name", { lastname: "visit https://spam.example" }, [{ path: "LastName", code: "invalid" }]],
    ["no last name", { lastname: undefined }, [{ path: "LastName", code: "required" }]],
    ["no email", { email: "" }, [{ path: "Email", code: "required" }]],
    ["a malformed email", { email: "ana@" }, [{ path: "Email", code: "invalid" }]],
    [
      "an email with a header break",
      { email: "ana@example.com\r\nBcc: x@example.com" },
      [{ path: "Email", code: "invalid" }],
    ],
    ["an email too long", { email: `${"a".repeat(250)}@example.com` }, [{ path: "Email", code: "too_long" }]],
    ["no country", { country: "" }, [{ path: "Country", code: "required" }]],
    ["an unknown country", { country: "XX" }, [{ path: "Country", code: "invalid" }]],
    ["acceptance unchecked", { acceptance: false }, [{ path: "Acceptance", code: "required" }]],
    ["permission missing", { permission: undefined }, [{ path: "Permission", code: "required" }]],
    ["another site", { site: "other-site" }, [{ path: "Site", code: "invalid" }]],
    ["no language", { language: undefined }, [{ path: "Lang", code: "required" }]],
    ["a language we do not speak", { language: "fr" }, [{ path: "Lang", code: "invalid" }]],
    ["an origin label too long", { origin: "o".repeat(101) }, [{ path: "Origin", code: "too_long" }]],
    ["a client id with control characters", { clientId: "a\u0000b" }, [{ path: "ClientId", code: "invalid" }]],
    ["an external key that is an object", { externalKey: { a: 1 } }, [{ path: "ExternalKey", code: "invalid" }]],
    [
      "an error redirect to another site",
      { errorRedirectUrl: "https://evil.example/" },
      [{ path: "ErrorRedirectUrl", code: "invalid" }],
    ],
    [
      "a protocol-relative error redirect",
      { errorRedirectUrl: "//evil.example/" },
      [{ path: "ErrorRedirectUrl", code: "invalid" }],
    ],
  ])("refuses %s", (_label, change, issues) => {
    expect(issuesOf({ ...GOOD, ...change })).toEqual(issues);
  });

  it("names every missing field at once, in the form's order", () => {
    expect(issuesOf({}).map((issue) => issue.path)).toEqual([
      "FirstName",
      "LastName",
      "Email",
      "Country",
      "Acceptance",
      "Permission",
      "Lang",
    ]);
    expect(issuesOf(null).length).toBe(7);
    expect(issuesOf(["ana@example.com"]).length).toBe(7);
  });

  it("refuses a language the site does not offer", () => {
    expect(() => readNewsletterRequest(GOOD, { code: "travesia", languages: ["en"] })).toThrow(AppError);
  });
});

describe("subscription rules", () => {
  const NOW = new Date("2031-03-03T12:00:00Z");
  const later = new Date(NOW.getTime() + 1000);
  const earlier = new Date(NOW.getTime() - 1000);
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as AppError).code;
    }
    return null;
  };

  it("creates, renews after unsubscribing or an expired link, and refuses duplicates", () => {
    expect(decideSubscription(null, NOW)).toBe("create");
    expect(decideSubscription({ status: "unsubscribed", confirmExpiresAt: null }, NOW)).toBe("renew");
    expect(decideSubscription({ status: "pending", confirmExpiresAt: earlier }, NOW)).toBe("renew");
    expect(codeOf(() => decideSubscription({ status: "pending", confirmExpiresAt: later }, NOW))).toBe(
      "NEWSLETTER_DUPLICATE",
    );
    expect(codeOf(() => decideSubscription({ status: "confirmed", confirmExpiresAt: earlier }, NOW))).toBe(
      "NEWSLETTER_DUPLICATE",
    );
  });

  it("confirms within the week, says so twice, refuses expired and dead links", () => {
    expect(decideConfirmation({ status: "pending", confirmExpiresAt: later }, NOW)).toBe("confirm");
    expect(decideConfirmation({ status: "confirmed", confirmExpiresAt: earlier }, NOW)).toBe("already-confirmed");
    expect(codeOf(() => decideConfirmation({ status: "pending", confirmExpiresAt: NOW }, NOW))).toBe(
      "NEWSLETTER_TOKEN_EXPIRED",
    );
    expect(codeOf(() => decideConfirmation({ status: "unsubscribed", confirmExpiresAt: null }, NOW))).toBe(
      "NEWSLETTER_TOKEN_INVALID",
    );
    expect(codeOf(() => decideConfirmation(null, NOW))).toBe("NEWSLETTER_TOKEN_INVALID");
  });

  it("unsubscribes idempotently", () => {
    expect(decideUnsubscribe({ status: "confirmed", confirmExpiresAt: null })).toBe("unsubscribe");
    expect(decideUnsubscribe({ status: "unsubscribed", confirmExpiresAt: null })).toBe("already-unsubscribed");
    expect(codeOf(() => decideUnsubscribe(null))).toBe("NEWSLETTER_TOKEN_INVALID");
  });
});

describe("tokens", () => {
  it("are derived from the secret and the nonce, per purpose, and shaped for links", () => {
    const confirm = deriveNewsletterToken("secret-a".repeat(4), "confirm", "nonce");
    expect(isNewsletterTokenShaped(confirm)).toBe(true);
    expect(deriveNewsletterToken("secret-a".repeat(4), "confirm", "nonce")).toBe(confirm);
    expect(deriveNewsletterToken("secret-a".repeat(4), "unsubscribe", "nonce")).not.toBe(confirm);
    expect(deriveNewsletterToken("secret-b".repeat(4), "confirm", "nonce")).not.toBe(confirm);
    expect(hashNewsletterToken(confirm)).toMatch(/^[0-9a-f]{64}$/);
    expect(isNewsletterTokenShaped(`${confirm}'`)).toBe(false);
    expect(isNewsletterTokenShaped(undefined)).toBe(false);
  });
});
