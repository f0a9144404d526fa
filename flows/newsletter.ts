// The newsletter, double opt-in: subscribing stores a
// pending address and queues the confirmation mail in the same transaction (so the mail exists exactly
// when the row does, and a refusing mail server means a retry); the mail's link confirms; every mail
// carries a one-click unsubscribe (RFC 8058) that needs no cookie and no sign-in.
import { z } from "zod";
import type { Config } from "../lib/config.ts";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import type { Language } from "../lib/language.ts";
import { enqueueJob, type JobContext } from "../modules/jobs/index.ts";
import type { Mailer } from "../modules/mail/index.ts";
import {
  CONFIRM_TOKEN_TTL_MS,
  decideConfirmation,
  decideSubscription,
  decideUnsubscribe,
  deriveNewsletterToken,
  findSubscriptionByEmail,
  findSubscriptionById,
  findSubscriptionByTokenHash,
  hashNewsletterToken,
  insertSubscription,
  isNewsletterTokenShaped,
  newTokenNonce,
  readNewsletterRequest,
  renderNewsletterConfirmationEmail,
  updateSubscription,
  type NewsletterSite,
  type NewsletterSubscriptionRow,
} from "../modules/newsletter/index.ts";

export const SEND_NEWSLETTER_CONFIRMATION = "send-newsletter-confirmation";

export const NEWSLETTER_CONFIRM_API_PATH = "/api/newsletter/confirm";
export const NEWSLETTER_UNSUBSCRIBE_API_PATH = "/api/newsletter/unsubscribe";

export interface NewsletterDeps {
  db: Database;
  now: Date;
  /** Derives the links' tokens (GUEST_ACCESS_SECRET, with the newsletter's own purpose strings). */
  tokenSecret: string;
}

/** The deps from a process's database and config: the links' tokens use GUEST_ACCESS_SECRET with their own purpose strings. */
export function newsletterDepsOf(
  services: { db: Database; config: Pick<Config, "GUEST_ACCESS_SECRET"> },
  now: Date,
): NewsletterDeps {
  return { db: services.db, now, tokenSecret: services.config.GUEST_ACCESS_SECRET };
}

export interface SubscribeOutcome {
  subscription: NewsletterSubscriptionRow;
  /** "renew": an unsubscribed address (or one whose link expired unused) opted in again. */
  kind: "create" | "renew";
}

const UNIQUE_VIOLATION = "23505";

/** Whether `error` (or what it wraps: drizzle wraps the driver's error) is PostgreSQL's unique violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === "object" && "code" in current && (current as { code: unknown }).code === UNIQUE_VIOLATION)
      return true;
    current = typeof current === "object" && "cause" in current ? (current as { cause: unknown }).cause : null;
  }
  return false;
}

/**
 * Subscribes `input` (the form's fields) on `site`: NEWSLETTER_INVALID for a malformed field (nothing
 * stored), NEWSLETTER_DUPLICATE for an address already on the list or awaiting confirmation. The row
 * is locked while deciding, and the unique index settles two first subscriptions racing.
 */
export async function subscribeToNewsletter(
  deps: NewsletterDeps,
  site: NewsletterSite,
  input: unknown,
): Promise<SubscribeOutcome> {
  const request = readNewsletterRequest(input, site);
  const { now } = deps;
  const confirmNonce = newTokenNonce();
  const confirmation = {
    confirmNonce,
    confirmTokenHash: hashNewsletterToken(deriveNewsletterToken(deps.tokenSecret, "confirm", confirmNonce)),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
  };
  const person = {
    email: request.email,
    firstName: request.firstName,
    lastName: request.lastName,
    country: request.country,
    language: request.language,
    origin: request.origin,
    clientId: request.clientId,
    externalKey: request.externalKey,
    acceptedAt: now,
    permissionAt: now,
    subscribedAt: now,
  };
  try {
    return await deps.db.transaction(async (tx) => {
      const existing = await findSubscriptionByEmail(tx, site.code, request.email, { lock: true });
      const kind = decideSubscription(existing, now);
      let subscription: NewsletterSubscriptionRow;
      if (existing === null) {
        const unsubscribeNonce = newTokenNonce();
        subscription = await insertSubscription(tx, {
          ...person,
          ...confirmation,
          siteCode: site.code,
          status: "pending",
          unsubscribeNonce,
          unsubscribeTokenHash: hashNewsletterToken(
            deriveNewsletterToken(deps.tokenSecret, "unsubscribe", unsubscribeNonce),
          ),
          createdAt: now,
        });
      } else {
        // The unsubscribe token is kept: links in mail already sent keep working.
        subscription = await updateSubscription(tx, existing.id, {
          ...person,
          ...confirmation,
          status: "pending",
          confirmedAt: null,
          unsubscribedAt: null,
        });
      }
      await enqueueJob(tx, { name: SEND_NEWSLETTER_CONFIRMATION, payload: { subscriptionId: subscription.id } });
      return { subscription, kind };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("NEWSLETTER_DUPLICATE", { cause: error });
    throw error;
  }
}

export interface LinkOutcome {
  result: "confirmed" | "already-confirmed" | "unsubscribed" | "already-unsubscribed";
  language: Language;
}

function tokenHashOf(token: unknown): string {
  if (!isNewsletterTokenShaped(token)) throw new AppError("NEWSLETTER_TOKEN_INVALID");
  return hashNewsletterToken(token);
}

/** The confirmation link: NEWSLETTER_TOKEN_INVALID for a token that is not ours, NEWSLETTER_TOKEN_EXPIRED past its week. */
export async function confirmNewsletterSubscription(
  deps: Pick<NewsletterDeps, "db" | "now">,
  token: unknown,
): Promise<LinkOutcome> {
  const hash = tokenHashOf(token);
  return deps.db.transaction(async (tx) => {
    const subscription = await findSubscriptionByTokenHash(tx, "confirm", hash);
    const decision = decideConfirmation(subscription, deps.now);
    if (decision === "confirm")
      await updateSubscription(tx, subscription!.id, { status: "confirmed", confirmedAt: deps.now });
    return { result: decision === "confirm" ? "confirmed" : "already-confirmed", language: subscription!.language };
  });
}

/** One-click unsubscribe (RFC 8058): the token alone is the authority; doing it twice is fine. */
export async function unsubscribeFromNewsletter(
  deps: Pick<NewsletterDeps, "db" | "now">,
  token: unknown,
): Promise<LinkOutcome> {
  const hash = tokenHashOf(token);
  return deps.db.transaction(async (tx) => {
    const subscription = await findSubscriptionByTokenHash(tx, "unsubscribe", hash);
    const decision = decideUnsubscribe(subscription);
    if (decision === "unsubscribe") {
      // The confirmation link dies with the subscription: an old mail cannot put the address back.
      await updateSubscription(tx, subscription!.id, {
        status: "unsubscribed",
        unsubscribedAt: deps.now,
        confirmNonce: null,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
    }
    return {
      result: decision === "unsubscribe" ? "unsubscribed" : "already-unsubscribed",
      language: subscription!.language,
    };
  });
}

/** Whether the unsubscribe token is one of ours (the unsubscribe page asks before doing it). */
export async function findUnsubscribeTarget(
  db: Database,
  token: unknown,
): Promise<{ language: Language; status: NewsletterSubscriptionRow["status"] } | null> {
  if (!isNewsletterTokenShaped(token)) return null;
  const subscription = await db.transaction((tx) =>
    findSubscriptionByTokenHash(tx, "unsubscribe", hashNewsletterToken(token)),
  );
  return subscription ? { language: subscription.language, status: subscription.status } : null;
}

export interface NewsletterMailDeps {
  db: Database;
  mailer: Mailer;
  tokenSecret: string;
  /** The site's public origin, e.g. https://www.travesia.mx. */
  siteOrigin: string;
  /** The confirmation page's path in a language: the mail's link confirms there, in the subscriber's language. */
  confirmPagePathOf: (language: Language) => string;
  /** The unsubscribe page's path in a language (the mail's visible link: it asks before unsubscribing). */
  unsubscribePagePathOf: (language: Language) => string;
}

/** The links a subscription's mail carries. */
export function newsletterLinksOf(
  deps: Pick<NewsletterMailDeps, "tokenSecret" | "siteOrigin" | "confirmPagePathOf" | "unsubscribePagePathOf">,
  subscription: NewsletterSubscriptionRow,
) {
  const origin = new URL(deps.siteOrigin).origin;
  const unsubscribeToken = deriveNewsletterToken(deps.tokenSecret, "unsubscribe", subscription.unsubscribeNonce);
  const confirmToken = subscription.confirmNonce
    ? deriveNewsletterToken(deps.tokenSecret, "confirm", subscription.confirmNonce)
    : null;
  return {
    confirmUrl: confirmToken ? `${origin}${deps.confirmPagePathOf(subscription.language)}?token=${confirmToken}` : null,
    unsubscribeUrl: `${origin}${deps.unsubscribePagePathOf(subscription.language)}?token=${unsubscribeToken}`,
    oneClickUnsubscribeUrl: `${origin}${NEWSLETTER_UNSUBSCRIBE_API_PATH}?token=${unsubscribeToken}`,
  };
}

const ConfirmationPayloadSchema = z.object({ subscriptionId: z.uuid() });

/**
 * The job: mails the confirmation link of a still pending subscription, with RFC 8058's
 * List-Unsubscribe headers. A subscription confirmed or unsubscribed meanwhile is not mailed.
 */
export async function sendNewsletterConfirmation(
  deps: NewsletterMailDeps,
  payload: unknown,
  context: Pick<JobContext, "logger">,
): Promise<void> {
  const { subscriptionId } = ConfirmationPayloadSchema.parse(payload);
  const subscription = await findSubscriptionById(deps.db, subscriptionId);
  if (!subscription || subscription.status !== "pending") {
    context.logger.info(
      { subscriptionId, status: subscription?.status ?? null },
      "newsletter subscription no longer pending: no confirmation mail",
    );
    return;
  }
  const links = newsletterLinksOf(deps, subscription);
  const mail = renderNewsletterConfirmationEmail(subscription.language, subscription.firstName, {
    confirmUrl: links.confirmUrl!,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  await deps.mailer.send({
    to: subscription.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    language: subscription.language,
    tag: "newsletter-confirmation",
    headers: {
      "List-Unsubscribe": `<${links.oneClickUnsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}
