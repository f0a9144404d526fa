// One buyer's whole purchase over HTTP, as a browser without JavaScript makes it:
// the home page, the sailings API, a hold in the cart, the payment-details form (shown, then posted:
// the booking placed, a payment opened at the sandbox provider), the provider's card page (shown, then
// posted with the success card: authorized), the thank-you page (captured, tickets issued, their e-mail
// queued), and the tickets' e-mail arriving at a mailbox. Every step is timed; an answer of 500 or more
// is a server error, any other unexpected answer a failed journey. Shared by `npm run load` (250 buyers)
// and the server tier's sample (tests/load/load-sample.pg.test.ts).
import { startMailSink } from "../setup/mail-sink.mjs";

export const STEPS = [
  "home",
  "sailings",
  "hold",
  "payment-form",
  "place",
  "card-page",
  "pay",
  "thank-you",
  "tickets-mailed",
];

/** The defaults of lib/config.ts: the server under load runs without configuration. */
const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

/** The operator's calendar day `days` from today (America/Cancun), YYYY-MM-DD. */
export function operatorDate(days, now = new Date()) {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Cancun",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The value at percentile `p` (nearest rank) of `values`; null when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A mail server the app sends through (SMTP_URL) that notes when each recipient's tickets (a PDF) arrived. */
export async function startTicketMailbox() {
  const sink = await startMailSink();
  return {
    url: sink.url,
    /** Resolves with when the tickets mailed to `to` arrived (performance.now()); throws after `timeoutMs`. */
    async ticketsFor(to, timeoutMs) {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const tickets = sink.mailsTo(to).find((mail) => mail.hasPdf);
        if (tickets) return tickets.receivedAt;
        if (performance.now() > until)
          throw new JourneyFailure("tickets-mailed", `no tickets mailed to ${to} within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: sink.close,
  };
}

/** How long a buyer keeps the busy page open (it reloads itself) before giving up on a step. */
const BUSY_PATIENCE_MS = 10 * 60_000;
/** How many times a buyer presses again after a node died under their request. */
const NODE_LOSS_PATIENCE = 3;

/** A full server's refusal: the coded JSON error or the page that retries by itself. */
function isBusyRefusal(body) {
  return body.includes('"SERVER_BUSY"') || body.includes('http-equiv="refresh"');
}

export class JourneyFailure extends Error {
  constructor(step, message) {
    super(`${step}: ${message}`);
    this.step = step;
  }
}

/** Timings by step, server errors (5xx) and failed journeys of one run. */
export function createRecorder() {
  const timings = new Map(STEPS.map((step) => [step, []]));
  const serverErrors = [];
  const failures = [];
  return {
    timings,
    serverErrors,
    failures,
    /** Pages reloaded by buyers told to wait (the thank-you page while the payment is confirmed). */
    reloads: 0,
    /** Refusals of a server past its admission limit (ADR 0053): the step and how fast the refusal came. */
    busy: [],
    /** Steps sent again after the balancer said the node holding them died (502 from nginx). */
    retriedAfterNodeLoss: [],
    /**
     * One request of `step`, untimed; a 5xx is noted (and fails the journey). A refusal of a full server
     * (503 SERVER_BUSY with Retry-After) is what a browser waits out: the busy page reloads itself after
     * Retry-After, so the buyer asks again then, for up to BUSY_PATIENCE_MS.
     */
    async send(step, send) {
      let balancerErrors = 0;
      const firstTry = performance.now();
      for (;;) {
        let response;
        const started = performance.now();
        try {
          response = await send();
        } catch (error) {
          throw new JourneyFailure(step, `no answer (${error?.cause?.code ?? error?.message ?? error})`);
        }
        let body;
        try {
          body = await response.text();
        } catch (error) {
          // The connection broke mid-page: the node sending it died. The buyer reloads, as after a 502.
          if (balancerErrors < NODE_LOSS_PATIENCE) {
            balancerErrors += 1;
            this.retriedAfterNodeLoss.push(step);
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            continue;
          }
          throw new JourneyFailure(step, `answer cut short (${error?.cause?.code ?? error?.message ?? error})`);
        }
        const retryAfter = Number(response.headers.get("retry-after"));
        if (
          response.status === 503 &&
          retryAfter > 0 &&
          isBusyRefusal(body) &&
          performance.now() - firstTry < BUSY_PATIENCE_MS
        ) {
          this.busy.push({ step, ms: performance.now() - started });
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
          continue;
        }
        // The balancer's 502: the node that had the request died before answering. The buyer presses
        // the button again, a few times; the next node answers (a checkout post is safe to repeat).
        if (response.status === 502 && body.includes("<center>nginx") && balancerErrors < NODE_LOSS_PATIENCE) {
          balancerErrors += 1;
          this.retriedAfterNodeLoss.push(step);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          continue;
        }
        if (response.status >= 500) serverErrors.push({ step, status: response.status, body: body.slice(0, 200) });
        return { response, body };
      }
    },
    /** Times one request of `step`; a 5xx is noted, and fails the journey like any answer `accept` refuses. */
    async request(step, send, accept) {
      const started = performance.now();
      const { response, body } = await this.send(step, send);
      timings.get(step).push(performance.now() - started);
      if (!accept(response, body))
        throw new JourneyFailure(
          step,
          `answered ${response.status} ${response.headers.get("location") ?? body.slice(0, 160)}`,
        );
      return { response, body };
    },
    fail(error) {
      failures.push(error instanceof JourneyFailure ? error.message : String(error?.stack ?? error));
    },
    /** p50, p95 and the slowest, in ms, by step. */
    summary() {
      return STEPS.map((step) => {
        const values = timings.get(step);
        return {
          step,
          count: values.length,
          p50: percentile(values, 50),
          p95: percentile(values, 95),
          max: values.length ? Math.max(...values) : null,
        };
      });
    },
  };
}

/** How long a buyer keeps pressing "look again" on a thank-you page that says the payment is being confirmed. */
const THANK_YOU_PATIENCE_MS = 120_000;

const redirectTo = (pattern) => (response) =>
  response.status >= 300 && response.status <= 303 && pattern.test(response.headers.get("location") ?? "");

/**
 * Buyer number `index` buys one adult's one-way crossing on one of `days` days from three weeks ahead
 * (so buyers share boats but never fill one), and waits for the tickets' e-mail.
 */
export async function buyerJourney({ origin, index, days, recorder, mailbox, mailTimeoutMs }) {
  const email = `buyer-${index}@load.example`;
  const date = operatorDate(21 + (index % days));
  await recorder.request(
    "home",
    () => fetch(`${origin}/en/`),
    (response, body) => response.status === 200 && body.includes("</html>"),
  );
  const { body: day } = await recorder.request(
    "sailings",
    () => fetch(`${origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`),
    (response) => response.status === 200,
  );
  const selectable = JSON.parse(day).outbound.filter((sailing) => sailing.selectable);
  if (selectable.length === 0) throw new JourneyFailure("sailings", `no sailing to buy on ${date}`);
  const sailing = selectable[index % selectable.length];
  const item = {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date,
    outboundSailingId: sailing.id,
    passengers: { adult: 1 },
  };
  const { body: cartBody } = await recorder.request(
    "hold",
    () =>
      fetch(`${origin}/xapi/shopping-cart?Language=EN`, {
        method: "POST",
        headers: CART_API_HEADERS,
        body: JSON.stringify({ action: "add", currency: "USD", item }),
      }),
    (response) => response.status === 200,
  );
  const cartCookie = `cart_session=${JSON.parse(cartBody).SessionId}`;
  await recorder.request(
    "payment-form",
    () => fetch(`${origin}/en/carrito/payment-details/`, { headers: { Cookie: cartCookie } }),
    (response, body) => response.status === 200 && body.includes("<form"),
  );
  const form = new URLSearchParams({
    name: "Emily Carter",
    email,
    phone: "+1 312 555 0101",
    country: "US",
    method: "card",
    acceptTerms: "on",
  });
  const { response: placed } = await recorder.request(
    "place",
    () =>
      fetch(`${origin}/en/carrito/payment-details/`, {
        method: "POST",
        headers: { Cookie: cartCookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      }),
    redirectTo(/\/sandbox-psp\/pay\/pi_/),
  );
  const cardPage = new URL(placed.headers.get("location"), origin);
  const access = (placed.headers.get("set-cookie") ?? "").match(/travesia_booking=[^;]+/)?.[0];
  if (!access) throw new JourneyFailure("place", "no booking cookie");
  await recorder.request(
    "card-page",
    () => fetch(cardPage),
    (response, body) => response.status === 200 && body.includes("<form"),
  );
  const card = new URLSearchParams({ number: "4242424242424242", expiry: "12/34", cvc: "123", name: "Emily Carter" });
  const { response: paid } = await recorder.request(
    "pay",
    () =>
      fetch(cardPage, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: card,
        redirect: "manual",
      }),
    redirectTo(/\/en\/carrito\/thank-you\/\?booking=/),
  );
  // The thank-you page confirms the payment; when the provider is slow to answer it says "we are
  // confirming your payment" with a button to look again, which the buyer presses every 2 s (for up to
  // THANK_YOU_PATIENCE_MS). The step's time runs until the booking's reference shows.
  const thankYou = new URL(paid.headers.get("location"), origin);
  const started = performance.now();
  for (;;) {
    const { response, body } = await recorder.send("thank-you", () =>
      fetch(thankYou, { headers: { Cookie: `${cartCookie}; ${access}` } }),
    );
    if (response.status === 200 && body.includes('data-testid="booking-reference"')) break;
    const waiting = response.status === 200 && body.includes('data-status="pending_payment"');
    if (!waiting || performance.now() - started > THANK_YOU_PATIENCE_MS)
      throw new JourneyFailure("thank-you", `answered ${response.status} ${body.slice(0, 160)}`);
    recorder.reloads += 1;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const thanked = performance.now();
  recorder.timings.get("thank-you").push(thanked - started);
  const arrived = await mailbox.ticketsFor(email, mailTimeoutMs);
  recorder.timings.get("tickets-mailed").push(Math.max(0, arrived - thanked));
}

/** `buyers` journeys at once; resolves with the recorder (failures noted in it, never thrown). */
export async function runBuyers({ origin, buyers, days, mailbox, mailTimeoutMs = 120_000 }) {
  const recorder = createRecorder();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, (_, index) =>
      buyerJourney({ origin, index, days, recorder, mailbox, mailTimeoutMs }).catch((error) => recorder.fail(error)),
    ),
  );
  return { recorder, seconds: (performance.now() - started) / 1000 };
}

/** The run as a table: one row per step (count, p50, p95, slowest), then the server errors and failures. */
export function formatSummary(recorder, { buyers, seconds }) {
  const ms = (value) => (value === null ? "–" : `${Math.round(value)} ms`);
  const rows = [
    ["step", "count", "p50", "p95", "max"],
    ...recorder.summary().map((row) => [row.step, String(row.count), ms(row.p50), ms(row.p95), ms(row.max)]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "),
  );
  lines.splice(1, 0, widths.map((width) => "─".repeat(width)).join("  "));
  lines.push(
    "",
    `${buyers} buyers in ${seconds.toFixed(1)} s: ${recorder.serverErrors.length} server errors (5xx), ${recorder.failures.length} failed journeys, ${recorder.reloads} reloads of a thank-you page that said "confirming your payment", ${recorder.busy.length} busy refusals waited out`,
  );
  for (const error of recorder.serverErrors.slice(0, 10))
    lines.push(`  5xx ${error.step}: ${error.status} ${error.body}`);
  for (const failure of recorder.failures.slice(0, 10)) lines.push(`  failed ${failure}`);
  return lines.join("\n");
}
