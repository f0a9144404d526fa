// Decides whether the money a provider captured pays for a booking (ADR 0047). A capture is only
// trusted for what it says it took: a partial capture, one in another currency, or one partly given
// back before the booking was ticketed does not pay for the seats, whatever our own attempt asked for.
export type CaptureVerdict =
  | { kind: "covers" }
  /** Less than the booking's total, in its currency. */
  | { kind: "short"; missingMinor: number }
  /** More than the booking's total: never asked for, so it goes back whole rather than in part. */
  | { kind: "over"; excessMinor: number }
  | { kind: "other_currency" };

/** What the provider reports of a payment: what it captured, what it gave back since, and in which currency. */
export interface CaptureFacts {
  capturedMinor: number;
  refundedMinor: number;
  currency: string;
}

/** Whether `capture` pays `due` exactly: the same currency, and captured less refunded equal to the total. */
export function judgeCapture(due: { amountMinor: number; currency: string }, capture: CaptureFacts): CaptureVerdict {
  if (capture.currency.toUpperCase() !== due.currency.toUpperCase()) return { kind: "other_currency" };
  const kept = capture.capturedMinor - capture.refundedMinor;
  if (kept < due.amountMinor) return { kind: "short", missingMinor: due.amountMinor - kept };
  if (kept > due.amountMinor) return { kind: "over", excessMinor: kept - due.amountMinor };
  return { kind: "covers" };
}
