// The sandbox's use cases: one transaction each, the intent row locked while it changes, the webhook
// event written to the outbox in that same transaction, and every API POST behind its idempotency key.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, gte, or } from "drizzle-orm";
import type { Database } from "../lib/db.ts";
import { AppError } from "../lib/errors.ts";
import { isLanguage, type Language } from "../lib/language.ts";
import { isCurrencyCode, minorUnitsOf } from "../lib/money.ts";
import { signWebhook } from "../lib/webhook-signature.ts";
import {
  TEST_CARDS,
  brandOf,
  checkCardForm,
  instalmentRefusalOf,
  issuerOf,
  monthlyAmountOf,
  type AcceptedCard,
  type CardForm,
  type CardFieldError,
} from "./cards.ts";
import {
  checkPaymentOptions,
  decideAuthorization,
  decideCapture,
  decideChallenge,
  decidePayPal,
  decideRefund,
  type EventType,
  type FailureCode,
  type IntentChange,
  type PaymentMethodKind,
} from "./intents.ts";
import {
  sandboxPspCardTokens,
  sandboxPspEvents,
  sandboxPspIdempotencyKeys,
  sandboxPspIntents,
  sandboxPspRefunds,
} from "./schema.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type IntentRow = typeof sandboxPspIntents.$inferSelect;
type CardRow = typeof sandboxPspCardTokens.$inferSelect;

/** Where the sandbox is mounted; its hosted pages live under `${SANDBOX_PSP_PREFIX}/pay/`. */
export const SANDBOX_PSP_PREFIX = "/sandbox-psp";

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

export interface IntentView {
  id: string;
  object: "payment_intent";
  status: IntentRow["status"];
  amountMinor: number;
  currency: string;
  merchantReference: string;
  returnUrl: string;
  language: Language;
  amountAuthorizedMinor: number;
  amountCapturedMinor: number;
  amountRefundedMinor: number;
  card: { brand: string; last4: string; binCountry: string | null; issuer: string | null } | null;
  /** How the buyer pays: card (hosted card page or a token) or paypal (PayPal's approval page). */
  method: PaymentMethodKind;
  /** Months without interest asked for, and each monthly payment (rounded up); null: one payment. */
  instalments: { months: number; monthlyMinor: number } | null;
  /** The PayPal account that approved a PayPal payment. */
  payer: { email: string } | null;
  failureCode: FailureCode | null;
  /** Where to send the buyer next: the hosted card page, the 3-D Secure challenge or PayPal's page. */
  nextAction: { type: "redirect"; url: string } | null;
  createdAt: string;
}

export function hostedPagePath(intentId: string): string {
  return `${SANDBOX_PSP_PREFIX}/pay/${intentId}`;
}

export function challengePagePath(intentId: string): string {
  return `${SANDBOX_PSP_PREFIX}/pay/${intentId}/challenge`;
}

/** The PayPal sandbox's approval page, where a PayPal intent sends the buyer. */
export function payPalPagePath(intentId: string): string {
  return `${SANDBOX_PSP_PREFIX}/paypal/${intentId}`;
}

function instalmentsOf(row: IntentRow): IntentView["instalments"] {
  return row.instalmentMonths === null
    ? null
    : { months: row.instalmentMonths, monthlyMinor: monthlyAmountOf(row.amountMinor, row.instalmentMonths) };
}

function languageOf(row: IntentRow): Language {
  return isLanguage(row.language) ? row.language : "en";
}

function viewOf(row: IntentRow, card: CardRow | null, origin: string): IntentView {
  const nextPath =
    row.status === "requires_payment_method"
      ? row.method === "paypal"
        ? payPalPagePath(row.id)
        : hostedPagePath(row.id)
      : row.status === "requires_action"
        ? challengePagePath(row.id)
        : null;
  return {
    id: row.id,
    object: "payment_intent",
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    merchantReference: row.merchantReference,
    returnUrl: row.returnUrl,
    language: languageOf(row),
    amountAuthorizedMinor: row.amountAuthorizedMinor,
    amountCapturedMinor: row.amountCapturedMinor,
    amountRefundedMinor: row.amountRefundedMinor,
    card: card ? { brand: card.brand, last4: card.last4, binCountry: card.binCountry, issuer: card.issuer } : null,
    method: row.method,
    instalments: instalmentsOf(row),
    payer: row.payerEmail === null ? null : { email: row.payerEmail },
    failureCode: row.failureCode,
    nextAction: nextPath ? { type: "redirect", url: `${origin}${nextPath}` } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The amount as the hosted page shows it, in the page's language. */
export function formatAmount(amountMinor: number, currency: string, language: Language): string {
  const digits = isCurrencyCode(currency) ? minorUnitsOf(currency) : 2;
  const locale = { es: "es-MX", en: "en-US", pt: "pt-BR" }[language];
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}

/** The intent's return URL with its id and status added, as real providers send the buyer back. */
export function returnUrlOf(row: Pick<IntentRow, "id" | "returnUrl" | "status">): string {
  const url = new URL(row.returnUrl);
  url.searchParams.set("payment_intent", row.id);
  url.searchParams.set("status", row.status);
  return url.toString();
}

async function lockIntent(tx: Transaction, id: string): Promise<IntentRow> {
  const [row] = await tx.select().from(sandboxPspIntents).where(eq(sandboxPspIntents.id, id)).for("update");
  if (!row) throw new AppError("PAYMENT_INTENT_NOT_FOUND");
  return row;
}

async function cardOf(db: Database | Transaction, token: string | null): Promise<CardRow | null> {
  if (!token) return null;
  const [card] = await db.select().from(sandboxPspCardTokens).where(eq(sandboxPspCardTokens.token, token));
  return card ?? null;
}

/** Writes the change and, when it has one, its webhook event: both or neither. */
async function applyChange(
  tx: Transaction,
  row: IntentRow,
  change: IntentChange,
  now: Date,
  extra: { cardToken?: string; payerEmail?: string } = {},
): Promise<IntentRow> {
  const [updated] = await tx
    .update(sandboxPspIntents)
    .set({
      status: change.status,
      ...(change.amountAuthorizedMinor !== undefined ? { amountAuthorizedMinor: change.amountAuthorizedMinor } : {}),
      ...(change.amountCapturedMinor !== undefined ? { amountCapturedMinor: change.amountCapturedMinor } : {}),
      ...(change.amountRefundedMinor !== undefined ? { amountRefundedMinor: change.amountRefundedMinor } : {}),
      ...(change.failureCode !== undefined ? { failureCode: change.failureCode } : {}),
      ...(extra.cardToken !== undefined ? { cardToken: extra.cardToken } : {}),
      ...(extra.payerEmail !== undefined ? { payerEmail: extra.payerEmail } : {}),
      updatedAt: now,
    })
    .where(eq(sandboxPspIntents.id, row.id))
    .returning();
  if (!updated) throw new AppError("PAYMENT_INTENT_NOT_FOUND");
  if (change.event) await recordEvent(tx, change.event, updated, now);
  return updated;
}

async function recordEvent(tx: Transaction, type: EventType, row: IntentRow, now: Date): Promise<void> {
  const card = await cardOf(tx, row.cardToken);
  const id = newId("evt");
  // The payload carries no hosted-page URL: an event describes the payment, not where the buyer goes.
  const { nextAction: _nextAction, ...intent } = viewOf(row, card, "");
  await tx.insert(sandboxPspEvents).values({
    id,
    type,
    intentId: row.id,
    payload: { id, type, createdAt: now.toISOString(), data: { paymentIntent: intent } },
    createdAt: now,
    // Due at once: the delivery loop picks it up on its next turn.
    nextAttemptAt: now,
  });
}

export interface CreateIntentInput {
  amountMinor: number;
  currency: string;
  merchantReference: string;
  returnUrl: string;
  /** The merchant's page to go back to from the hosted page without paying. */
  cancelUrl?: string;
  language?: Language;
  /** Card when absent. PayPal: MXN only. */
  method?: PaymentMethodKind;
  /** Months without interest (3, 6, 9, 12 or 15): MXN card payments only; the card is checked when given. */
  instalments?: { months: number };
}

async function createIntentIn(
  tx: Transaction,
  input: CreateIntentInput,
  now: Date,
  origin: string,
): Promise<IntentView> {
  if (!isCurrencyCode(input.currency)) throw new AppError("UNKNOWN_CURRENCY");
  const method = input.method ?? "card";
  const instalmentMonths = input.instalments?.months ?? null;
  checkPaymentOptions({ currency: input.currency, method, instalmentMonths });
  const [row] = await tx
    .insert(sandboxPspIntents)
    .values({
      id: newId("pi"),
      amountMinor: input.amountMinor,
      currency: input.currency,
      merchantReference: input.merchantReference,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl ?? null,
      language: input.language ?? "en",
      method,
      instalmentMonths,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return viewOf(row!, null, origin);
}

/** The documented test tokens (`tok_test_<last4>` of each test card), usable without the hosted page. */
export const TEST_TOKENS: readonly { token: string; number: string }[] = TEST_CARDS.map((card) => ({
  token: `tok_test_${card.number.slice(-4)}`,
  number: card.number,
}));

async function findToken(tx: Transaction, token: string, now: Date): Promise<CardRow> {
  const test = TEST_TOKENS.find((entry) => entry.token === token);
  if (test) {
    const card = TEST_CARDS.find((entry) => entry.number === test.number)!;
    const { country, issuer } = issuerOf(card.number);
    // Test tokens never expire: they stand for a card valid through the end of next year.
    await tx
      .insert(sandboxPspCardTokens)
      .values({
        token,
        brand: brandOf(card.number)!,
        last4: card.number.slice(-4),
        binCountry: country,
        issuer,
        expMonth: 12,
        expYear: now.getUTCFullYear() + 1,
        behaviour: card.behaviour,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  const card = await cardOf(tx, token);
  if (!card) throw new AppError("CARD_TOKEN_INVALID");
  return card;
}

async function authorizeIn(
  tx: Transaction,
  intentId: string,
  token: string,
  now: Date,
  origin: string,
): Promise<IntentView> {
  const row = await lockIntent(tx, intentId);
  // A PayPal payment is approved by the buyer on PayPal's page, never with a card.
  if (row.method !== "card") throw new AppError("PAYMENT_INTENT_STATE");
  const card = await findToken(tx, token, now);
  // The issuer must sell the plan asked for; refused, nothing is stored and the intent still waits.
  if (
    row.status === "requires_payment_method" &&
    row.instalmentMonths !== null &&
    instalmentRefusalOf(card, row.instalmentMonths) !== null
  ) {
    throw new AppError("INSTALMENTS_CARD_NOT_ELIGIBLE");
  }
  const expired =
    card.expYear < now.getUTCFullYear() ||
    (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  const change = decideAuthorization(row, expired ? "decline" : card.behaviour);
  const updated = await applyChange(tx, row, change, now, { cardToken: card.token });
  return viewOf(updated, card, origin);
}

async function captureIn(
  tx: Transaction,
  intentId: string,
  amountMinor: number | undefined,
  now: Date,
  origin: string,
): Promise<IntentView> {
  const row = await lockIntent(tx, intentId);
  const updated = await applyChange(tx, row, decideCapture(row, amountMinor), now);
  return viewOf(updated, await cardOf(tx, updated.cardToken), origin);
}

export interface RefundView {
  refund: { id: string; amountMinor: number; currency: string; createdAt: string };
  paymentIntent: IntentView;
}

async function refundIn(
  tx: Transaction,
  intentId: string,
  amountMinor: number | undefined,
  now: Date,
  origin: string,
): Promise<RefundView> {
  const row = await lockIntent(tx, intentId);
  const change = decideRefund(row, amountMinor);
  const id = newId("re");
  await tx.insert(sandboxPspRefunds).values({ id, intentId: row.id, amountMinor: change.refundMinor, createdAt: now });
  const updated = await applyChange(tx, row, change, now);
  return {
    refund: { id, amountMinor: change.refundMinor, currency: row.currency, createdAt: now.toISOString() },
    paymentIntent: viewOf(updated, await cardOf(tx, updated.cardToken), origin),
  };
}

export type SandboxOperation =
  | { kind: "create"; input: CreateIntentInput }
  | { kind: "authorize"; intentId: string; cardToken: string }
  | { kind: "capture"; intentId: string; amountMinor?: number }
  | { kind: "refund"; intentId: string; amountMinor?: number };

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** True when this answer was stored by an earlier request with the same key. */
  replayed: boolean;
}

/** Fingerprint of a request: the same key may only ever be used for this one. */
export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * Runs an API POST at most once per Idempotency-Key. The key is claimed first, in the operation's own
 * transaction: a concurrent request with the same key waits on that row and then reads the stored
 * answer, so a retried or doubled call never authorizes, captures or refunds twice. A refusal rolls
 * the claim back with everything else, so a corrected retry with the same key can still succeed.
 */
export async function runIdempotent(
  db: Database,
  input: { key: string; requestHash: string; now: Date; origin: string; operation: SandboxOperation },
): Promise<IdempotentAnswer> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(sandboxPspIdempotencyKeys)
      .values({ key: input.key, requestHash: input.requestHash, createdAt: input.now })
      .onConflictDoNothing()
      .returning({ key: sandboxPspIdempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(sandboxPspIdempotencyKeys)
        .where(eq(sandboxPspIdempotencyKeys.key, input.key));
      if (!stored || stored.requestHash !== input.requestHash || stored.statusCode === null)
        throw new AppError("IDEMPOTENCY_KEY_REUSED");
      return { status: stored.statusCode, body: stored.response, replayed: true };
    }
    const { status, body } = await perform(tx, input.operation, input.now, input.origin);
    await tx
      .update(sandboxPspIdempotencyKeys)
      .set({ statusCode: status, response: body })
      .where(and(eq(sandboxPspIdempotencyKeys.key, input.key)));
    return { status, body, replayed: false };
  });
}

async function perform(
  tx: Transaction,
  operation: SandboxOperation,
  now: Date,
  origin: string,
): Promise<{ status: number; body: unknown }> {
  switch (operation.kind) {
    case "create":
      return { status: 201, body: await createIntentIn(tx, operation.input, now, origin) };
    case "authorize":
      return { status: 200, body: await authorizeIn(tx, operation.intentId, operation.cardToken, now, origin) };
    case "capture":
      return { status: 200, body: await captureIn(tx, operation.intentId, operation.amountMinor, now, origin) };
    case "refund":
      return { status: 201, body: await refundIn(tx, operation.intentId, operation.amountMinor, now, origin) };
  }
}

export async function findIntent(db: Database, id: string, origin: string): Promise<IntentView> {
  const [row] = await db.select().from(sandboxPspIntents).where(eq(sandboxPspIntents.id, id));
  if (!row) throw new AppError("PAYMENT_INTENT_NOT_FOUND");
  return viewOf(row, await cardOf(db, row.cardToken), origin);
}

/** The refunds of one intent, oldest first: what a merchant (or a test) reads to see the money that went back. */
export async function findIntentRefunds(db: Database, intentId: string): Promise<RefundView["refund"][]> {
  const rows = await db
    .select({
      id: sandboxPspRefunds.id,
      amountMinor: sandboxPspRefunds.amountMinor,
      createdAt: sandboxPspRefunds.createdAt,
      currency: sandboxPspIntents.currency,
    })
    .from(sandboxPspRefunds)
    .innerJoin(sandboxPspIntents, eq(sandboxPspIntents.id, sandboxPspRefunds.intentId))
    .where(eq(sandboxPspRefunds.intentId, intentId))
    .orderBy(asc(sandboxPspRefunds.createdAt), asc(sandboxPspRefunds.id));
  return rows.map((row) => ({
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A refund as the account-wide list shows it: which intent it belongs to, how much, when. */
export interface ListedRefund {
  id: string;
  paymentIntent: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

/**
 * Every refund of the account created at or after `createdGte`, oldest first, a page at a time after
 * `startingAfter` (a refund id): what a merchant polls to learn of refunds made on the dashboard.
 */
export async function listRefunds(
  db: Database,
  input: { createdGte: Date; startingAfter?: string; limit: number },
): Promise<{ data: ListedRefund[]; hasMore: boolean }> {
  let after: { createdAt: Date; id: string } | null = null;
  if (input.startingAfter) {
    const [row] = await db
      .select({ createdAt: sandboxPspRefunds.createdAt, id: sandboxPspRefunds.id })
      .from(sandboxPspRefunds)
      .where(eq(sandboxPspRefunds.id, input.startingAfter));
    if (!row) throw new AppError("INVALID_REQUEST", { issues: [{ path: "startingAfter", code: "unknown_refund" }] });
    after = row;
  }
  const rows = await db
    .select({
      id: sandboxPspRefunds.id,
      paymentIntent: sandboxPspRefunds.intentId,
      amountMinor: sandboxPspRefunds.amountMinor,
      createdAt: sandboxPspRefunds.createdAt,
      currency: sandboxPspIntents.currency,
    })
    .from(sandboxPspRefunds)
    .innerJoin(sandboxPspIntents, eq(sandboxPspIntents.id, sandboxPspRefunds.intentId))
    .where(
      and(
        gte(sandboxPspRefunds.createdAt, input.createdGte),
        after
          ? or(
              gt(sandboxPspRefunds.createdAt, after.createdAt),
              and(eq(sandboxPspRefunds.createdAt, after.createdAt), gt(sandboxPspRefunds.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sandboxPspRefunds.createdAt), asc(sandboxPspRefunds.id))
    .limit(input.limit + 1);
  return {
    data: rows.slice(0, input.limit).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    hasMore: rows.length > input.limit,
  };
}

export interface SandboxEvent {
  id: string;
  type: EventType;
  createdAt: string;
  data: { paymentIntent: Omit<IntentView, "nextAction"> };
}

/** The outbox of one intent, oldest first: what its webhooks say (and what a merchant can poll). */
export async function findEvents(db: Database, intentId: string): Promise<SandboxEvent[]> {
  const rows = await db
    .select({ payload: sandboxPspEvents.payload })
    .from(sandboxPspEvents)
    .where(eq(sandboxPspEvents.intentId, intentId))
    .orderBy(asc(sandboxPspEvents.sequence));
  return rows.map((row) => row.payload as unknown as SandboxEvent);
}

/** The exact bytes and headers of one webhook delivery; the delivery job posts them as they are. */
export function webhookDelivery(
  event: SandboxEvent,
  secret: string,
  now: Date,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "Sandbox-Signature": signWebhook({ secret, rawBody: body, timestamp: Math.floor(now.getTime() / 1000) }),
    },
  };
}

// ---- The hosted pages (the buyer's side): no API key, the intent id in the URL is the capability.

/** Months without interest as the hosted card page shows them: the plan and each payment, formatted. */
export interface InstalmentOffer {
  months: number;
  monthly: string;
}

/** The sandbox PayPal buyer account the approval page offers (any well-formed address is accepted). */
export const SANDBOX_PAYPAL_BUYER = "buyer@sandbox.paypal.example";

export type HostedPageState =
  | { kind: "not_found"; language: Language }
  | {
      kind: "card_form";
      language: Language;
      amount: string;
      merchantReference: string;
      instalments: InstalmentOffer | null;
      cancelUrl: string | null;
    }
  | { kind: "challenge"; language: Language; amount: string; last4: string }
  | { kind: "paypal"; language: Language; amount: string; merchantReference: string }
  | { kind: "return"; location: string };

function instalmentOfferOf(row: IntentRow, language: Language): InstalmentOffer | null {
  const instalments = instalmentsOf(row);
  return instalments
    ? { months: instalments.months, monthly: formatAmount(instalments.monthlyMinor, row.currency, language) }
    : null;
}

function stateOf(row: IntentRow, card: CardRow | null): HostedPageState {
  const language = languageOf(row);
  const amount = formatAmount(row.amountMinor, row.currency, language);
  if (row.status === "requires_payment_method") {
    return row.method === "paypal"
      ? { kind: "paypal", language, amount, merchantReference: row.merchantReference }
      : {
          kind: "card_form",
          language,
          amount,
          merchantReference: row.merchantReference,
          instalments: instalmentOfferOf(row, language),
          cancelUrl: row.cancelUrl,
        };
  }
  if (row.status === "requires_action") return { kind: "challenge", language, amount, last4: card?.last4 ?? "" };
  // Already decided (a reload, the back button): send the buyer back with the outcome, change nothing.
  return { kind: "return", location: returnUrlOf(row) };
}

export async function findHostedPageState(
  db: Database,
  intentId: string,
  fallbackLanguage: Language,
): Promise<HostedPageState> {
  const [row] = await db.select().from(sandboxPspIntents).where(eq(sandboxPspIntents.id, intentId));
  if (!row) return { kind: "not_found", language: fallbackLanguage };
  return stateOf(row, await cardOf(db, row.cardToken));
}

export type CardSubmission =
  | HostedPageState
  | {
      kind: "invalid";
      language: Language;
      amount: string;
      merchantReference: string;
      instalments: InstalmentOffer | null;
      cancelUrl: string | null;
      errors: Partial<Record<keyof CardForm, CardFieldError>>;
      values: Pick<CardForm, "expiry" | "name">;
    };

function tokenValues(card: AcceptedCard, token: string, now: Date) {
  return {
    token,
    brand: card.brand,
    last4: card.last4,
    binCountry: card.binCountry,
    issuer: card.issuer,
    expMonth: card.expMonth,
    expYear: card.expYear,
    behaviour: card.behaviour,
    createdAt: now,
  };
}

/**
 * The buyer's card form: checked, tokenized (the whole number goes no further than this function) and
 * authorized in one transaction. A form with mistakes changes nothing and is shown again; so does a
 * card that cannot pay the months without interest asked for, so the buyer can try another card.
 */
export async function submitCardForm(
  db: Database,
  input: { intentId: string; form: CardForm; now: Date; fallbackLanguage: Language },
): Promise<CardSubmission> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxPspIntents)
      .where(eq(sandboxPspIntents.id, input.intentId))
      .for("update");
    if (!row) return { kind: "not_found", language: input.fallbackLanguage };
    if (row.status !== "requires_payment_method" || row.method !== "card")
      return stateOf(row, await cardOf(tx, row.cardToken));
    const checked = checkCardForm(input.form, input.now);
    const refusal =
      "card" in checked && row.instalmentMonths !== null
        ? instalmentRefusalOf(checked.card, row.instalmentMonths)
        : null;
    if ("errors" in checked || refusal !== null) {
      const language = languageOf(row);
      return {
        kind: "invalid",
        language,
        amount: formatAmount(row.amountMinor, row.currency, language),
        merchantReference: row.merchantReference,
        instalments: instalmentOfferOf(row, language),
        cancelUrl: row.cancelUrl,
        errors: "errors" in checked ? checked.errors : { number: refusal! },
        values: { expiry: input.form.expiry, name: input.form.name },
      };
    }
    const [card] = await tx
      .insert(sandboxPspCardTokens)
      .values(tokenValues(checked.card, newId("tok"), input.now))
      .returning();
    const updated = await applyChange(tx, row, decideAuthorization(row, checked.card.behaviour), input.now, {
      cardToken: card!.token,
    });
    return stateOf(updated, card!);
  });
}

export async function submitChallenge(
  db: Database,
  input: { intentId: string; approved: boolean; now: Date; fallbackLanguage: Language },
): Promise<HostedPageState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxPspIntents)
      .where(eq(sandboxPspIntents.id, input.intentId))
      .for("update");
    if (!row) return { kind: "not_found", language: input.fallbackLanguage };
    if (row.status !== "requires_action") return stateOf(row, await cardOf(tx, row.cardToken));
    const updated = await applyChange(tx, row, decideChallenge(row, input.approved), input.now);
    return stateOf(updated, await cardOf(tx, updated.cardToken));
  });
}

/**
 * The buyer's answer on the PayPal sandbox page: approve (with the account's e-mail) authorizes the
 * whole amount, cancel fails the intent with payment_cancelled. Either way the buyer goes back to the
 * merchant; a decided intent changes no more.
 */
export async function submitPayPal(
  db: Database,
  input: {
    intentId: string;
    decision: { approved: true; email: string } | { approved: false };
    now: Date;
    fallbackLanguage: Language;
  },
): Promise<HostedPageState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxPspIntents)
      .where(eq(sandboxPspIntents.id, input.intentId))
      .for("update");
    if (!row) return { kind: "not_found", language: input.fallbackLanguage };
    if (row.status !== "requires_payment_method" || row.method !== "paypal")
      return stateOf(row, await cardOf(tx, row.cardToken));
    const change = decidePayPal(row, input.decision.approved);
    const updated = await applyChange(
      tx,
      row,
      change,
      input.now,
      input.decision.approved ? { payerEmail: input.decision.email } : {},
    );
    return stateOf(updated, null);
  });
}
