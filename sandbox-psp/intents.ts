// The payment intent's life, decided without I/O: which operation its status allows, what status and
// amounts follow, and which webhook event it emits. Amount rules: capture at most once and never more
// than authorized; refunds add up to at most what was captured.
import { AppError } from "../lib/errors.ts";
import type { CardBehaviour } from "./cards.ts";

export const INTENT_STATUSES = [
  "requires_payment_method",
  "requires_action",
  "authorized",
  "captured",
  "refunded",
  "failed",
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export const EVENT_TYPES = ["payment.authorized", "payment.captured", "payment.failed", "payment.refunded"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const FAILURE_CODES = [
  "card_declined",
  "insufficient_funds",
  "authentication_failed",
  "payment_cancelled",
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** How the buyer pays: a card on the hosted card page (or a token), or a PayPal account on PayPal's page. */
export const PAYMENT_METHOD_KINDS = ["card", "paypal"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** The one currency of months without interest and of PayPal in this sandbox. */
export const MXN_ONLY = "MXN";

/**
 * What a new intent may ask for: PayPal only in MXN (PAYMENT_METHOD_UNAVAILABLE), months without
 * interest only on a card payment in MXN (INSTALMENTS_UNAVAILABLE). Which card may pay in instalments
 * is known only once the buyer gives one.
 */
export function checkPaymentOptions(input: {
  currency: string;
  method: PaymentMethodKind;
  instalmentMonths: number | null;
}): void {
  if (input.method === "paypal" && input.currency !== MXN_ONLY) throw new AppError("PAYMENT_METHOD_UNAVAILABLE");
  if (input.instalmentMonths !== null && (input.method !== "card" || input.currency !== MXN_ONLY))
    throw new AppError("INSTALMENTS_UNAVAILABLE");
}

export interface IntentAmounts {
  status: IntentStatus;
  amountMinor: number;
  amountAuthorizedMinor: number;
  amountCapturedMinor: number;
  amountRefundedMinor: number;
}

export interface IntentChange {
  status: IntentStatus;
  amountAuthorizedMinor?: number;
  amountCapturedMinor?: number;
  amountRefundedMinor?: number;
  failureCode?: FailureCode | null;
  event: EventType | null;
}

function requireStatus(intent: IntentAmounts, allowed: readonly IntentStatus[]): void {
  if (!allowed.includes(intent.status)) throw new AppError("PAYMENT_INTENT_STATE");
}

/** The issuer's answer to a card on an intent that waits for one. */
export function decideAuthorization(intent: IntentAmounts, behaviour: CardBehaviour): IntentChange {
  requireStatus(intent, ["requires_payment_method"]);
  switch (behaviour) {
    case "approve":
      return {
        status: "authorized",
        amountAuthorizedMinor: intent.amountMinor,
        failureCode: null,
        event: "payment.authorized",
      };
    case "challenge":
      return { status: "requires_action", event: null };
    case "decline":
      return { status: "failed", failureCode: "card_declined", event: "payment.failed" };
    case "insufficient_funds":
      return { status: "failed", failureCode: "insufficient_funds", event: "payment.failed" };
  }
}

/** The buyer's answer to the 3-D Secure challenge. */
export function decideChallenge(intent: IntentAmounts, approved: boolean): IntentChange {
  requireStatus(intent, ["requires_action"]);
  return approved
    ? {
        status: "authorized",
        amountAuthorizedMinor: intent.amountMinor,
        failureCode: null,
        event: "payment.authorized",
      }
    : { status: "failed", failureCode: "authentication_failed", event: "payment.failed" };
}

/** The buyer's answer on PayPal's approval page: approve authorizes the whole amount, cancel ends the intent. */
export function decidePayPal(intent: IntentAmounts, approved: boolean): IntentChange {
  requireStatus(intent, ["requires_payment_method"]);
  return approved
    ? {
        status: "authorized",
        amountAuthorizedMinor: intent.amountMinor,
        failureCode: null,
        event: "payment.authorized",
      }
    : { status: "failed", failureCode: "payment_cancelled", event: "payment.failed" };
}

/** Capture once, the whole authorization when no amount is given, never more than it. */
export function decideCapture(intent: IntentAmounts, amountMinor: number | undefined): IntentChange {
  requireStatus(intent, ["authorized"]);
  const amount = amountMinor ?? intent.amountAuthorizedMinor;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError("INVALID_REQUEST");
  if (amount > intent.amountAuthorizedMinor) throw new AppError("PAYMENT_AMOUNT_EXCEEDED");
  return { status: "captured", amountCapturedMinor: amount, event: "payment.captured" };
}

/** Refund part or all of what is left; the intent becomes `refunded` once nothing is left. */
export function decideRefund(
  intent: IntentAmounts,
  amountMinor: number | undefined,
): IntentChange & { refundMinor: number } {
  requireStatus(intent, ["captured"]);
  const left = intent.amountCapturedMinor - intent.amountRefundedMinor;
  const amount = amountMinor ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError("INVALID_REQUEST");
  if (amount > left) throw new AppError("PAYMENT_AMOUNT_EXCEEDED");
  const refunded = intent.amountRefundedMinor + amount;
  return {
    status: refunded === intent.amountCapturedMinor ? "refunded" : "captured",
    amountRefundedMinor: refunded,
    refundMinor: amount,
    event: "payment.refunded",
  };
}
