// Sends generated requests through the Hono app in-process and checks each answer: never a 5xx; every
// 4xx a JSON body with a code of lib/errors.ts whose status is the one answered; nothing committed to
// the database by a refused request, save the writes a refusal exists to make (ALLOWED_REFUSAL_WRITES).
import { createHash } from "node:crypto";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { ERROR_STATUS } from "../../lib/errors.ts";
import type { Runtime } from "../../server/boot.ts";
import { createApp } from "../../server/app.ts";
import { installChangeLog, type ChangeLog } from "./change-log.ts";
import { allRequests, type Credentials, type FuzzRequest } from "./openapi-requests.ts";

/**
 * Refusals that must write, and why; any other write by a refused request is a failure.
 * Keys are "table:OPERATION"; a refusal may make these writes only when it answers one of the codes.
 */
const FAILED_SIGN_IN = ["INCORRECT_LOGIN", "USER_NOT_CONFIRMED", "USER_INACTIVE"];
/** Refusals decided before a client is admitted as a monthly user: they must write nothing. */
const BEFORE_ADMISSION = [
  "CSRF_REJECTED",
  "PERSONALIZATION_INVALID_CREDENTIALS",
  "PERSONALIZATION_ORIGIN_NOT_ALLOWED",
  "PERSONALIZATION_QUOTA_EXCEEDED",
  "UNSUPPORTED_MEDIA_TYPE",
  "NOT_FOUND",
];

export const ALLOWED_REFUSAL_WRITES: Record<string, { allows: (code: string) => boolean; why: string }> = {
  "login_throttle:INSERT": {
    allows: (code) => FAILED_SIGN_IN.includes(code),
    why: "a failed sign-in is counted: that is the login throttle",
  },
  "login_throttle:UPDATE": {
    allows: (code) => FAILED_SIGN_IN.includes(code) || code === "RATE_LIMITED",
    why: "a failed sign-in is counted: that is the login throttle",
  },
  // Found by the fuzzer and judged deliberate (queries.ts admitMonthlyUser): quotas are of monthly
  // active users (423), so a client that calls with a valid key is active whatever it asks.
  "personalization_monthly_users:INSERT": {
    allows: (code) => !BEFORE_ADMISSION.includes(code),
    why: "a client calling /external with a valid key counts as one of the key's monthly active users",
  },
  // ADR 0038: a staff request refused for its input or a rule it breaks is audited with its
  // code; a caller who is nobody (no token, no session) leaves no entry.
  "audit_entries:INSERT": {
    allows: (code) => code !== "UNAUTHORIZED",
    why: "a refused staff request is audited with its code",
  },
};

export interface FuzzFailure {
  operation: string;
  reason: string;
  status: number;
  request: { method: string; url: string; headers: [string, string][]; body?: string };
  answer: string;
}

export interface FuzzSummary {
  seed: number;
  requests: number;
  /** Requests the Fetch API itself refuses to build (never reach a server); counted, not sent. */
  unsendable: number;
  seconds: number;
  operations: number;
  byStatus: Record<string, number>;
  /** Per operation: requests sent and how many were accepted (2xx/3xx), so a fuzz that never gets past validation shows. */
  byOperation: Record<string, { sent: number; accepted: number; ms: number; codes: Record<string, number> }>;
  failures: FuzzFailure[];
}

const FUZZ_API_KEY = "fuzz-personalization-key-0123456789";
const ADMIN_TOKEN = "fuzz-admin-token-0123456789abcdefghijklmnop";
const CART_KEY = "fuzz-cart-site-key-0123";

/** The environment the fuzzed runtime boots with: production (the CSP, __Host- cookies) with every credential known. */
export const FUZZ_ENV = { NODE_ENV: "production", ADMIN_API_TOKEN: ADMIN_TOKEN, CART_API_KEY: CART_KEY } as const;

export interface Fuzzer {
  run(count: number, seed: number): Promise<FuzzSummary>;
  changeLog: ChangeLog;
}

export async function createFuzzer(runtime: Runtime): Promise<Fuzzer> {
  const app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  const db = runtime.database.db;
  const document = (await (await app.request("/api/openapi.json")).json()) as Parameters<typeof allRequests>[0];
  await db.execute(
    sql`insert into personalization_api_keys (key_hash, site_code, name, allowed_origins, monthly_active_user_quota)
        values (${createHash("sha256").update(FUZZ_API_KEY).digest("hex")}, ${runtime.services.config.SITE_CODE}, 'fuzz', array['http://localhost'], 3)`,
  );
  const token = (await (
    await app.request("http://localhost/google-enterprise/token", {
      method: "POST",
      headers: { "X-Host-Path": "localhost/es/" },
    })
  ).json()) as { data: { access_token: string } };
  const config0 = runtime.services.config;
  // Real resources, so that requests naming them get past "not found": two payment intents (card and
  // PayPal) and a cart with a line. Their ids are offered to every parameter of the same name.
  const intentIds: string[] = [];
  for (const method of ["card", "paypal"]) {
    const created = await app.request("http://localhost/sandbox-psp/v1/payment-intents", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config0.SANDBOX_PSP_SECRET_KEY}`,
        "Idempotency-Key": `fuzz-setup-${method}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        amountMinor: 125_000,
        currency: "MXN",
        merchantReference: `FUZZ-${method}`,
        returnUrl: "https://www.travesia.mx/es/carrito/gracias/",
        method,
      }),
    });
    const intent = (await created.json()) as { id?: string };
    if (!intent.id) throw new Error(`the fuzzer could not create a ${method} payment intent: ${created.status}`);
    intentIds.push(intent.id);
  }
  const { products } = (await (await app.request("http://localhost/api/products?language=en")).json()) as {
    products: { id: number; kind: string }[];
  };
  const park = products.find((product) => product.kind === "park_admission");
  const cartAnswer = await app.request("http://localhost/xapi/shopping-cart?Language=EN", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${CART_KEY}`,
      "X-Project-Prefix": config0.CART_PROJECT_PREFIX,
      "X-Site-Code": config0.SITE_CODE,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      action: "add",
      item: { type: "coupon", productId: park?.id ?? 0, category: "tourist", passengers: { adult: 1 } },
    }),
  });
  const cart = (await cartAnswer.json()) as {
    SessionId?: string | null;
    Cart?: { id: string; lines: { id: string }[] };
  };
  if (!cart.SessionId || !cart.Cart)
    throw new Error(`the fuzzer could not open a cart: ${cartAnswer.status} ${JSON.stringify(cart).slice(0, 300)}`);
  const changeLog = await installChangeLog(db);
  const config = runtime.services.config;
  let idempotencyKeys = 0;
  const credentials: Credentials = {
    bearerTokens: [ADMIN_TOKEN, CART_KEY, token.data.access_token, config.SANDBOX_PSP_SECRET_KEY],
    apiKeys: [FUZZ_API_KEY],
    knownValues: {
      "x-project-prefix": [config.CART_PROJECT_PREFIX],
      "x-site-code": [config.SITE_CODE],
      "idempotency-key": ["fuzz-key-fixed"],
      "x-host-path": ["localhost/es/", "localhost/en/search/"],
      "x-forwarded-for": ["203.0.113.7", "198.51.100.1, 10.0.0.1"],
      id: intentIds,
      sessionid: [cart.SessionId],
      idcart: [cart.Cart.id],
      lineid: cart.Cart.lines.map((line) => line.id),
      code: ["MXN", "USD", "EUR"],
      currency: ["MXN", "USD"],
    },
    forOperation(template) {
      const bearer = (token: string): [string, string] => ["Authorization", `Bearer ${token}`];
      if (template.startsWith("/xapi/"))
        return [bearer(CART_KEY), ["X-Project-Prefix", config.CART_PROJECT_PREFIX], ["X-Site-Code", config.SITE_CODE]];
      if (template.startsWith("/api/admin/") || template.startsWith("/api/exchange-rates"))
        return [bearer(ADMIN_TOKEN)];
      if (template.startsWith("/sandbox-psp/v1/"))
        return [bearer(config.SANDBOX_PSP_SECRET_KEY), ["Idempotency-Key", `fuzz-key-${++idempotencyKeys}`]];
      if (template.startsWith("/google-enterprise/") || template === "/reporting")
        return [bearer(token.data.access_token), ["X-Host-Path", "localhost/es/"]];
      if (template.startsWith("/external/"))
        return [
          ["X-Api-Key", FUZZ_API_KEY],
          ["X-Client-Id", "fuzz-client-0001"],
        ];
      return [];
    },
  };
  const { operations, requests, perOperation } = allRequests(document, credentials);

  async function send(request: FuzzRequest): Promise<Response | null> {
    let built: Request;
    try {
      built = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
    } catch {
      return null;
    }
    return app.request(built);
  }

  return {
    changeLog,
    async run(count, seed) {
      const started = performance.now();
      const summary: FuzzSummary = {
        seed,
        requests: 0,
        unsendable: 0,
        seconds: 0,
        operations: operations.length,
        byStatus: {},
        byOperation: {},
        failures: [],
      };
      // One request of every operation first (a random draw over seventy operations leaves some out),
      // then the rest drawn over all of them.
      const firsts = perOperation.map(
        (arbitrary, index) => fc.sample(arbitrary, { seed: seed + index, numRuns: 1 })[0]!,
      );
      const sample = [...firsts, ...fc.sample(requests, { seed, numRuns: Math.max(0, count - firsts.length) })];
      for (const request of sample) {
        const mark = await changeLog.mark();
        const sent = performance.now();
        const response = await send(request);
        if (response === null) {
          summary.unsendable++;
          continue;
        }
        summary.requests++;
        const answer = await response.text();
        const elapsed = performance.now() - sent;
        const status = response.status;
        summary.byStatus[status] = (summary.byStatus[status] ?? 0) + 1;
        const tally = (summary.byOperation[request.operation] ??= { sent: 0, accepted: 0, ms: 0, codes: {} });
        tally.sent++;
        tally.ms += elapsed;
        if (status < 400) tally.accepted++;
        const fail = (reason: string) =>
          summary.failures.push({
            operation: request.operation,
            reason,
            status,
            request: {
              method: request.method,
              url: request.url.slice(0, 600),
              headers: request.headers.map(([name, value]) => [name, value.slice(0, 200)]),
              ...(request.body === undefined ? {} : { body: request.body.slice(0, 600) }),
            },
            answer: answer.slice(0, 600),
          });
        if (status >= 500) {
          fail("5xx");
          continue;
        }
        if (status < 400) continue;
        if (request.htmlRefusals.includes(status) && response.headers.get("Content-Type")?.startsWith("text/html")) {
          tally.codes[`(html ${status})`] = (tally.codes[`(html ${status})`] ?? 0) + 1;
          const changes = await changeLog.since(mark);
          if (Object.keys(changes).length > 0)
            fail(`refused (html ${status}) yet changed ${Object.keys(changes).join(", ")}`);
          continue;
        }
        const code = codeOf(answer);
        tally.codes[code ?? "(none)"] = (tally.codes[code ?? "(none)"] ?? 0) + 1;
        if (code === null) fail("4xx without a JSON error code");
        else if (!Object.hasOwn(ERROR_STATUS, code)) fail(`4xx with the unknown code ${code}`);
        else if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status)
          fail(`4xx ${code} answered with ${status}, not ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}`);
        const changes = await changeLog.since(mark);
        const unexpected = Object.keys(changes).filter((change) => !ALLOWED_REFUSAL_WRITES[change]?.allows(code ?? ""));
        if (unexpected.length > 0)
          fail(
            `refused (${code}) yet changed ${unexpected.map((change) => `${change}×${changes[change]}`).join(", ")}`,
          );
      }
      summary.seconds = (performance.now() - started) / 1000;
      return summary;
    },
  };
}

/** The code of a refusal: `{ error: { code } }`, or the cart API's envelope (`{ CartError: { code } }`). */
function codeOf(answer: string): string | null {
  try {
    const body = JSON.parse(answer) as { error?: { code?: unknown }; CartError?: { code?: unknown } };
    const code = body.error?.code ?? body.CartError?.code;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

/** Failures grouped by operation and reason, for a readable assertion message and the printed summary. */
export function groupFailures(failures: FuzzFailure[]): Record<string, { count: number; example: FuzzFailure }> {
  const groups: Record<string, { count: number; example: FuzzFailure }> = {};
  for (const failure of failures) {
    const key = `${failure.operation} — ${failure.reason.replace(/×\d+/g, "")}`;
    (groups[key] ??= { count: 0, example: failure }).count++;
  }
  return groups;
}
