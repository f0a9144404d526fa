// The one error type of Travesía: every expected failure is an AppError with a code from the
// catalogue below. One table maps codes to HTTP status; the UI translates codes, never messages.

export const ERROR_STATUS = {
  // Login.
  INVALID_EMAIL: 400,
  PASSWORD_REQUIRED: 400,
  INCORRECT_LOGIN: 401,
  USER_INACTIVE: 403,
  USER_NOT_CONFIRMED: 403,
  USER_ALREADY_EXISTS: 409,
  GENERAL_ERROR: 500,
  // Accounts: the password policy (NIST 800-63B: 8 to 128 characters, not a common one, not
  // only white space), the registration form's other fields, a confirm or reset link that is forged,
  // used or too old, a login ticket (POST /login's answer) that is not one, and a cookie-carrying POST
  // from another site.
  PASSWORD_BLANK: 422,
  PASSWORD_TOO_SHORT: 422,
  PASSWORD_TOO_LONG: 422,
  PASSWORD_TOO_COMMON: 422,
  ACCOUNT_DETAILS_INVALID: 422,
  ACCOUNT_TOKEN_INVALID: 400,
  ACCOUNT_TOKEN_EXPIRED: 410,
  LOGIN_TICKET_INVALID: 401,
  CSRF_REJECTED: 403,
  // The register form sent without accepting the privacy notice (the account keeps personal data).
  PRIVACY_NOT_ACCEPTED: 422,
  // The hosted identity provider and the site's code flow (ADR 0031): a sign-in return whose state,
  // PKCE verifier or code does not hold (forged, replayed, another browser's); a sign-in page left open
  // past its lifetime; a social provider that is not configured; one that failed or answered nonsense.
  SIGN_IN_REFUSED: 400,
  SIGN_IN_EXPIRED: 410,
  SOCIAL_PROVIDER_UNKNOWN: 404,
  SOCIAL_SIGN_IN_FAILED: 502,
  // Currencies and exchange rates: an unknown code in a query, path or body; a rate the
  // admin API refuses; no rate in force to price with ("prices could not be obtained").
  UNKNOWN_CURRENCY: 400,
  INVALID_EXCHANGE_RATE: 422,
  EXCHANGE_RATE_CHANGE_TOO_LARGE: 422,
  EXCHANGE_RATE_UNAVAILABLE: 503,
  // Catalogue, timetable and availability: bad dates, unknown
  // crossings, sailings or products, passenger counts no booking can have, and what may not be sold.
  INVALID_DATE: 400,
  DATE_IN_PAST: 400,
  DATE_TOO_FAR_AHEAD: 400,
  RETURN_BEFORE_DEPARTURE: 400,
  INVALID_PASSENGERS: 400,
  TOO_MANY_PASSENGERS: 422,
  UNKNOWN_CROSSING: 404,
  UNKNOWN_SAILING: 404,
  UNKNOWN_PRODUCT: 404,
  FARE_UNAVAILABLE: 422,
  SAILING_CLOSED: 409,
  SAILING_DEPARTED: 409,
  SAILING_SOLD_OUT: 409,
  ACTIVITY_CLOSED: 409,
  ACTIVITY_SOLD_OUT: 409,
  // Cart and holds: the cart or line asked for does not
  // exist for that session; a rule of the package refuses the line; a cart already ordered is closed.
  CART_NOT_FOUND: 404,
  CART_LINE_NOT_FOUND: 404,
  CART_CLOSED: 409,
  SCHEDULE_REQUIRED: 422,
  SAME_PRODUCT_IN_CART: 409,
  SAME_DATE_IN_CART: 409,
  SAME_DATE_COMPONENTS: 409,
  LIMIT_PASSED: 409,
  // What one visitor may hold of a departure at once (ADR 0047): a party above the group size books
  // through the group desk; an address whose carts already hold its share waits for them to pay or lapse.
  GROUP_BOOKING_REQUIRED: 409,
  TOO_MANY_SEATS_HELD: 409,
  // Coupons (undated and valid a year): only parks and tours sell them (the ferry sells open
  // tickets), and only at the tourist fare (resident fares are checked at a dated visit).
  COUPON_NOT_SOLD: 422,
  COUPON_TOURIST_ONLY: 422,
  // Search service: a missing, forged or expired search token; a missing or
  // foreign host-path header; a data store or engine this site does not have.
  SEARCH_TOKEN_INVALID: 401,
  SEARCH_TOKEN_EXPIRED: 401,
  INVALID_HOST_PATH: 400,
  HOST_NOT_ALLOWED: 403,
  UNKNOWN_DATA_STORE: 404,
  UNKNOWN_SEARCH_ENGINE: 404,
  // Payments and the sandbox payment provider: a POST without or reusing an idempotency key,
  // an unknown intent or card token, an operation its status does not allow, an amount beyond what
  // was authorized or captured, a webhook whose signature or timestamp fails, a provider that fails.
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYMENT_INTENT_NOT_FOUND: 404,
  PAYMENT_INTENT_STATE: 409,
  PAYMENT_AMOUNT_EXCEEDED: 422,
  CARD_TOKEN_INVALID: 400,
  WEBHOOK_SIGNATURE_INVALID: 400,
  WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE: 400,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  // Checkout and bookings: nothing to pay, a hold that ran out before paying, the buyer's
  // details or passenger names missing or malformed, terms not accepted, a method or instalment plan
  // the currency does not allow, a booking that does not exist or cannot make that move.
  CART_EMPTY: 409,
  HOLD_EXPIRED: 409,
  BUYER_DETAILS_INVALID: 422,
  TERMS_NOT_ACCEPTED: 422,
  PASSENGER_NAMES_REQUIRED: 422,
  PAYMENT_METHOD_UNAVAILABLE: 422,
  INSTALMENTS_UNAVAILABLE: 422,
  BOOKING_NOT_FOUND: 404,
  BOOKING_STATE: 409,
  // Refunds from the operator's console (ADR 0039): an amount that is not a positive amount
  // of the booking's currency; more than what is left to refund of what was paid; a booking with no
  // captured payment to refund (not paid, failed, cancelled); a ticket to cancel that is not a valid
  // ticket of this booking (boarded, already cancelled, another booking's).
  REFUND_AMOUNT_INVALID: 422,
  REFUND_EXCEEDS_PAID: 422,
  REFUND_NOT_ALLOWED: 409,
  REFUND_TICKET_NOT_CANCELLABLE: 409,
  // A cancellation under the product's written policy (ADR 0057): a product sold non-refundable; asked
  // after the last refundable moment or after the service (no-show); a ticket already used; all of the
  // line already cancelled; part of it cancelled by the operator (only the operator can settle the rest);
  // a booking with no captured payment.
  CANCEL_NOT_REFUNDABLE: 409,
  CANCEL_TOO_LATE: 409,
  CANCEL_TICKET_USED: 409,
  CANCEL_ALREADY_CANCELLED: 409,
  CANCEL_NEEDS_OPERATOR: 409,
  CANCEL_NOT_PAID: 409,
  // The weather guarantee: a date change asked less than 24 hours before the visit, or onto today.
  DATE_CHANGE_TOO_LATE: 409,
  DATE_CHANGE_SAME_DAY: 409,
  // The buyer asked for their tickets to be mailed again more often than the limit allows (3 an hour).
  RESEND_LIMIT: 429,
  // Tickets: a scanned QR payload that is malformed or whose signature is not ours.
  TICKET_CODE_INVALID: 400,
  // Boarding at the pier (ADR 0040): the reasons a scan is refused (answered to the scanner as
  // an outcome, and these statuses where a request itself is refused), and a sync batch beyond the limit.
  TICKET_ALREADY_BOARDED: 409,
  TICKET_WRONG_SAILING: 409,
  // An open ticket scanned on a sailing of another crossing or the other direction than it was sold for.
  TICKET_WRONG_CROSSING: 409,
  SAILING_NOT_TODAY: 409,
  TICKET_CANCELLED: 409,
  OPEN_TICKET_EXPIRED: 409,
  BOARDING_SYNC_TOO_LARGE: 413,
  // A payment method or months without interest asked for where they are not sold (PayPal and
  // instalments: MXN only), or a card whose issuer does not sell the plan asked for.
  INSTALMENTS_CARD_NOT_ELIGIBLE: 422,
  // Where to go after signing in: anything but a path on this site.
  INVALID_RETURN_PATH: 400,
  // Newsletter: a field the form must carry is missing or
  // malformed (issues name FirstName, LastName, Email, Site, Lang, Country, Acceptance, Permission…);
  // the address is already subscribed or awaiting its confirmation (the form's "Correo registrado"); a
  // confirmation or unsubscribe link that is not ours, or a confirmation link past its week.
  NEWSLETTER_INVALID: 422,
  NEWSLETTER_DUPLICATE: 409,
  NEWSLETTER_TOKEN_INVALID: 404,
  NEWSLETTER_TOKEN_EXPIRED: 410,
  // Personalization service: an API key that is missing or unknown (401), an Origin its
  // allow-list lacks (403), the evaluation time limit (408 "timeout"), the key's monthly active users
  // used up (423). Evaluation errors keep the service's public names: invalid-query, too-complex-query,
  // evaluation-failed, unallowed-result, unserializable-result, unexpected-error; content errors:
  // timeout, unexpected-error. A beacon of an unknown type or with a bad payload is refused (nothing stored).
  PERSONALIZATION_INVALID_CREDENTIALS: 401,
  PERSONALIZATION_ORIGIN_NOT_ALLOWED: 403,
  PERSONALIZATION_TIMEOUT: 408,
  PERSONALIZATION_QUOTA_EXCEEDED: 423,
  PERSONALIZATION_INVALID_QUERY: 400,
  PERSONALIZATION_TOO_COMPLEX_QUERY: 422,
  PERSONALIZATION_EVALUATION_FAILED: 422,
  PERSONALIZATION_UNALLOWED_RESULT: 422,
  PERSONALIZATION_UNSERIALIZABLE_RESULT: 422,
  PERSONALIZATION_UNEXPECTED_ERROR: 500,
  PERSONALIZATION_DISABLED: 404,
  UNKNOWN_CONTENT_SLOT: 404,
  UNKNOWN_EVENT_TYPE: 422,
  INVALID_EVENT_PAYLOAD: 422,
  // Running the crossing (ADR 0038): a timetable rule that makes a departure another rule of
  // equal priority already makes, or that has a vessel sail twice at once (the issues list the clashes);
  // a vessel's capacity cut below the seats taken on one of its future sailings; a sailing (or day)
  // closed again while already closed; a closed sailing's offer taken when the sailing is not closed.
  TIMETABLE_CONFLICT: 409,
  VESSEL_DOUBLE_BOOKED: 409,
  CAPACITY_BELOW_SOLD: 409,
  ALREADY_CLOSED: 409,
  SAILING_NOT_CLOSED: 409,
  // Records of the catalogue and the fleet: a vessel retired while rules in force still sail it (the
  // issues name the rules); a record removed while others still point at it (the issues name them).
  VESSEL_IN_USE: 409,
  RECORD_IN_USE: 409,
  // The operator's console: an administrator taking away their own admin role.
  STAFF_SELF_DEMOTION: 409,
  // Waiting list of a sold-out sailing (ADR 0037): the form's e-mail or passengers are
  // missing or malformed; the address already waits for that sailing; the sailing still has the seats
  // asked for (buy them instead); an offer link that is not ours, past its time, or already taken.
  WAITLIST_INVALID: 422,
  WAITLIST_DUPLICATE: 409,
  WAITLIST_SEATS_AVAILABLE: 409,
  WAITLIST_OFFER_INVALID: 404,
  WAITLIST_OFFER_EXPIRED: 410,
  WAITLIST_OFFER_USED: 409,
  // Outgoing webhooks (ADR 0042): a subscription the admin API refuses (URL, event types;
  // a receiver off the public internet, ADR 0049), or one that does not exist.
  WEBHOOK_SUBSCRIPTION_INVALID: 422,
  WEBHOOK_TARGET_NOT_ALLOWED: 422,
  WEBHOOK_SUBSCRIPTION_NOT_FOUND: 404,
  // Ours: request-level failures every endpoint can answer.
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  // More requests than this process serves at its speed (ADR 0053): refused at once, with Retry-After.
  SERVER_BUSY: 503,
  INTERNAL_ERROR: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorIssue {
  /** Dotted path of the offending field, e.g. "body.passengers.0.age". */
  path: string;
  code: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: readonly ErrorIssue[];
  /** For a refusal that lifts with time (a throttle): seconds until a retry may succeed (Retry-After). */
  readonly retryAfterSeconds: number | null;

  constructor(
    code: ErrorCode,
    options: { message?: string; issues?: ErrorIssue[]; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? code, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.issues = options.issues ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The JSON body of every coded error answer. Internal details (stack, SQL) never appear here. */
export function errorBody(error: AppError, requestId?: string) {
  return {
    error: {
      code: error.code,
      ...(error.issues.length > 0 ? { issues: error.issues } : {}),
      ...(error.retryAfterSeconds !== null ? { retryAfter: error.retryAfterSeconds } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}
