// The newsletter pages' loaders and actions. Subscribing is the page's action, posted by the footer
// form (through a fetcher, or as a plain form without JavaScript) and by the page's own form; the
// confirmation page spends the mail's token and comes back to a clean address (post/redirect/get
// style, so the token leaves the history); the unsubscribe page asks before it unsubscribes.
import { data, redirect, type RouterContextProvider } from "react-router";
import {
  confirmNewsletterSubscription,
  newsletterDepsOf,
  findUnsubscribeTarget,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "../../flows/newsletter.ts";
import { countryCodeOfInput } from "../../lib/countries.ts";
import { isAppError } from "../../lib/errors.ts";
import type { Language } from "../../lib/language.ts";
import {
  fieldErrorsOfIssues,
  newsletterValuesOf,
  type NewsletterResult,
} from "../components/newsletter/newsletter-check.ts";
import { pageStatusOf, requestContext, servicesContext } from "../../server/edge/index.ts";

type Context = Readonly<RouterContextProvider>;

const NO_STORE = { "Cache-Control": "no-store" };

export async function submitNewsletter(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const { site, logger } = context.get(requestContext);
  const form = await request.formData();
  const values = newsletterValuesOf(form);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  // The country field takes a code or a name in the page's language (the form's suggestions, or typed
  // without JavaScript); the form shows back what was typed.
  const country = countryCodeOfInput(values.country, language) ?? values.country;
  const input = { ...values, country, language, origin: field("origin"), errorRedirectUrl: field("errorRedirectUrl") };
  try {
    const { subscription } = await subscribeToNewsletter(newsletterDepsOf(services, services.clock.now()), site, input);
    return data<NewsletterResult>(
      { outcome: "subscribed", email: subscription.email },
      { status: 200, headers: NO_STORE },
    );
  } catch (error) {
    if (!isAppError(error)) {
      logger.error({ err: error }, "newsletter subscription failed");
      return data<NewsletterResult>({ outcome: "failed", values }, { status: 503, headers: NO_STORE });
    }
    if (error.code === "NEWSLETTER_DUPLICATE")
      return data<NewsletterResult>({ outcome: "duplicate", values }, { status: 409, headers: NO_STORE });
    const errors = error.code === "NEWSLETTER_INVALID" ? fieldErrorsOfIssues(error.issues) : null;
    if (errors)
      return data<NewsletterResult>({ outcome: "invalid", errors, values }, { status: 422, headers: NO_STORE });
    return data<NewsletterResult>({ outcome: "failed", values }, { status: pageStatusOf(error), headers: NO_STORE });
  }
}

export type ConfirmationResult = "confirmed" | "already-confirmed" | "expired" | "invalid";
const CONFIRMATION_RESULTS: readonly ConfirmationResult[] = ["confirmed", "already-confirmed", "expired", "invalid"];

/** With ?token=: confirms and redirects to ?result=; with ?result=: what to say. */
export async function loadNewsletterConfirmation(
  request: Request,
  context: Context,
): Promise<{ result: ConfirmationResult }> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const services = context.get(servicesContext);
    let result: ConfirmationResult;
    try {
      result =
        (await confirmNewsletterSubscription({ db: services.db, now: services.clock.now() }, token)).result ===
        "confirmed"
          ? "confirmed"
          : "already-confirmed";
    } catch (error) {
      if (!isAppError(error)) throw error;
      result = error.code === "NEWSLETTER_TOKEN_EXPIRED" ? "expired" : "invalid";
    }
    throw redirect(`${url.pathname}?result=${result}`, { status: 303, headers: NO_STORE });
  }
  const asked = url.searchParams.get("result");
  return { result: CONFIRMATION_RESULTS.find((result) => result === asked) ?? "invalid" };
}

export type UnsubscribeState = { kind: "ask"; token: string } | { kind: "done" } | { kind: "invalid" };

export async function loadNewsletterUnsubscribe(request: Request, context: Context): Promise<UnsubscribeState> {
  const url = new URL(request.url);
  if (url.searchParams.get("done") === "1") return { kind: "done" };
  const token = url.searchParams.get("token");
  const target = await findUnsubscribeTarget(context.get(servicesContext).db, token);
  if (!target || token === null) return { kind: "invalid" };
  return target.status === "unsubscribed" ? { kind: "done" } : { kind: "ask", token };
}

export async function submitNewsletterUnsubscribe(request: Request, context: Context) {
  const services = context.get(servicesContext);
  const token = (await request.formData()).get("token");
  try {
    await unsubscribeFromNewsletter({ db: services.db, now: services.clock.now() }, token);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<UnsubscribeState>({ kind: "invalid" }, { status: error.status, headers: NO_STORE });
  }
  throw redirect(`${new URL(request.url).pathname}?done=1`, { status: 303, headers: NO_STORE });
}
