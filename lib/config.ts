// The environment is parsed once, at start; a bad value stops the process with a readable message.
import { BlockList, isIP } from "node:net";
import { z } from "zod";

/** An unset or empty variable is absent; a set one must be a URL. */
const optionalUrl = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.url().optional(),
);

// The public defaults of the secrets: development and tests run on them; production refuses to start
// on any of them (productionSecretProblems), since anyone who reads this file could sign with them.
export const DEVELOPMENT_TICKET_SIGNING_SECRET = "travesia-development-ticket-signing-secret";
export const DEVELOPMENT_PREVIEW_SECRET = "travesia-development-personalization-preview-secret";
export const DEVELOPMENT_SANDBOX_PSP_SECRET_KEY = "sk_sandbox_travesia_development_secret_key";
export const DEVELOPMENT_SANDBOX_PSP_WEBHOOK_SECRET = "whsec_sandbox_travesia_development_signing_secret";
export const DEVELOPMENT_GUEST_ACCESS_SECRET = "guest_access_travesia_development_secret_value";

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** PostgreSQL connection string. Absent: the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Which row of the `sites` table this process serves (languages, feature flags). */
  SITE_CODE: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/)
    .default("travesia"),
  /**
   * Public origin used for canonical and hreflang links, the sitemap, the identity provider's issuer
   * and the links in e-mails, e.g. https://www.travesia.mx. Required by the production server, which
   * never builds a link from a request's Host header. Unset in development: pages use the request's
   * origin; mail sent by jobs (no request) uses http://localhost:$PORT.
   */
  PUBLIC_ORIGIN: optionalUrl,
  /**
   * The reverse proxies (load balancer, TLS edge) in front of this server: comma-separated addresses
   * or CIDR blocks, e.g. 10.0.0.0/8. X-Forwarded-Host and X-Forwarded-Proto are believed only on a
   * connection from one of them. Unset: from nobody.
   */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(z.array(z.string().refine(isAddressOrBlock, "an IP address or a CIDR block")).max(64)),
  /** Seed demo data at start (idempotent). Off in production once an operator owns the data. */
  SEED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /**
   * Test-only routes that make a page fail on purpose (`/{lang}/__fault/?where=server|client`), so the
   * error screen can be tested against the production build. Off: they answer the normal 404.
   */
  ENABLE_FAULT_ROUTES: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /**
   * Bearer token of the admin API (exchange rates). Unset: that API refuses every call. At least 32
   * characters, so that it cannot be guessed.
   */
  ADMIN_API_TOKEN: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().min(32).optional(),
  ),
  /**
   * Bearer token a Prometheus scraper presents to read /metrics (at least 32 characters). Unset: /metrics
   * refuses every request, since its figures (routes, error rates, heap) help an attacker more than anyone.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().min(32).max(256).optional(),
  ),
  /**
   * Let outgoing webhooks go to loopback, private and link-local addresses (this machine, the internal
   * network, the cloud's metadata service). Off: such targets are refused when subscribed and when
   * delivered. On only in development and tests whose receiver runs on this machine.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** Edge geolocation headers that carry the visitor's country, tried in order. */
  GEO_COUNTRY_HEADERS: z
    .string()
    .default("CloudFront-Viewer-Country,CF-IPCountry")
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/)).max(8)),
  /**
   * Edge geolocation headers that carry the visitor's state or region (ISO 3166-2 subdivision without the
   * country, e.g. "ROO" for Quintana Roo), tried in order. The personalization service reads it.
   */
  GEO_STATE_HEADERS: z
    .string()
    .default("CloudFront-Viewer-Country-Region")
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/)).max(8)),
  /**
   * How long the personalization service may spend on one evaluation or content answer before it answers
   * 408 timeout. 0 makes every answer time out (tests of the timeout path).
   */
  PERSONALIZATION_TIMEOUT_MS: z.coerce.number().int().min(0).max(5_000).default(500),
  /**
   * Signs preview tokens (a preview token shows a slot's draft content). Every node needs the
   * same value; the default is a public development value, refused in production.
   */
  PERSONALIZATION_PREVIEW_SECRET: z.string().min(32).max(256).default(DEVELOPMENT_PREVIEW_SECRET),
  /**
   * How long a cart holds seats: 15 minutes by default. Tests shorten it to watch a hold expire.
   */
  CART_HOLD_SECONDS: z.coerce.number().int().min(5).max(3600).default(900),
  /**
   * The three headers every cart call carries: a fixed bearer site key, the project prefix
   * and the site code. The key is public (the browser sends it); it tells our front end's calls from
   * stray traffic, it is not a secret.
   */
  CART_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9._-]{16,128}$/)
    .default("travesia-web-public-cart-key"),
  CART_PROJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default("TRAVESIA"),
  /**
   * Holds a cart, and an address, may ask for in 10 minutes (ADR 0033); past them 429 RATE_LIMITED.
   * The address is CLIENT_IP_HEADER's: behind a proxy without it every visitor shares one address, so
   * set the header (or raise this). Benches and the e2e server, one address for everything, raise it.
   */
  HOLD_LIMIT_PER_CART: z.coerce.number().int().min(1).max(1_000_000).default(30),
  HOLD_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /**
   * Share (%) of a sailing's or activity day's capacity one address may hold at once, unpaid, and the
   * seats it never holds more of (ADR 0047; never below a cart's own ceiling). Like the limits above
   * they count per CLIENT_IP_HEADER's address; the e2e server, one address for every browser, lifts both.
   */
  HOLD_SEATS_PER_ADDRESS_PERCENT: z.coerce.number().int().min(1).max(100).default(20),
  HOLD_SEATS_PER_ADDRESS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /**
   * Signs the search service's short-lived tokens. Unset, in development and tests: a random secret
   * made by the first node and kept in the database, which every node reads (ADR 0053); production
   * refuses to start without one of its own (ADR 0048).
   */
  SEARCH_TOKEN_SECRET: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().min(32).optional(),
  ),
  /**
   * The header a trusted edge (CDN, load balancer) puts the visitor's address in, e.g.
   * CF-Connecting-IP. Unset: the socket's peer address. Rate limits count per this address.
   */
  CLIENT_IP_HEADER: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .optional(),
  ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Application worker processes behind the front (ADR 0052). Unset: one per core on PostgreSQL, one
   * on PGlite (an embedded database belongs to one process). 1 runs the worker inside the front's process.
   */
  WEB_CONCURRENCY: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** Memory the shared page cache may hold, in bytes (compressed and plain copies together); 0 turns it off. */
  PAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .default(64 * 1024 * 1024),
  /**
   * Admission control per process (ADR 0053, ADR 0085): visitors' requests served at once, and how many
   * more may wait; past them a newcomer gets a page that retries by itself (503, Retry-After) in
   * milliseconds. Buyers in the cart or the payment do not take visitors' places: all requests together
   * are admitted up to ADMISSION_BUYER_CONCURRENCY, buyers first. ADMISSION_CONCURRENCY=0: off. Two
   * visitors' requests per process by default: a render is work for the CPU, so more at once in one
   * process only makes each slower, and a second keeps the core busy while the first waits on the database.
   */
  ADMISSION_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(2),
  ADMISSION_BUYER_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(8),
  ADMISSION_QUEUE: z.coerce.number().int().min(0).max(10_000).default(8),
  /**
   * The longest a visitor is expected to wait for the answer (ADR 0078, ADR 0085, ADR 0087): the wait
   * for a place plus the time visitors' requests lately took, planned on that time's mean plus twice its
   * variation. Past it the visitor is refused at once although the queue has room. 0: the queue alone.
   */
  ADMISSION_WAIT_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /**
   * The sandbox payment provider's secret API key (bearer) and webhook signing secret. The defaults are
   * public development values, refused in production: whoever knows the webhook secret can mark a
   * booking paid. When the sandbox runs on another host, set the same values there and here (the
   * payments adapter sends the key and verifies with the secret).
   */
  SANDBOX_PSP_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9._-]{32,128}$/)
    .default(DEVELOPMENT_SANDBOX_PSP_SECRET_KEY),
  SANDBOX_PSP_WEBHOOK_SECRET: z.string().min(32).max(256).default(DEVELOPMENT_SANDBOX_PSP_WEBHOOK_SECRET),
  /** Base URL of the payment provider's API. Unset: this server's own origin (the in-process sandbox). */
  PAYMENT_PROVIDER_URL: optionalUrl,
  /**
   * Derives each booking's guest-access secret (the key in the buyer's links). The same value on every
   * node; changing it invalidates the links already sent. The default is for development only (refused
   * in production).
   */
  GUEST_ACCESS_SECRET: z.string().min(32).max(256).default(DEVELOPMENT_GUEST_ACCESS_SECRET),
  /**
   * Run the durable job queue's worker in this process (mail, ticket PDFs, hold-expiry sweeps). Off on a
   * node that should only answer requests; jobs wait in the database for a node that runs them.
   */
  JOBS_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /**
   * Where the in-process sandbox PSP POSTs its signed webhooks. Unset: this server's own receiver over
   * loopback, http://127.0.0.1:$PORT/api/payments/webhook.
   */
  SANDBOX_PSP_WEBHOOK_URL: optionalUrl,
  /** Run the sandbox PSP's webhook delivery loop beside the server (off where no sandbox is wanted). */
  SANDBOX_PSP_WEBHOOKS_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /**
   * SMTP server mail is sent through, e.g. smtp://user:pass@smtp.example:587 (smtps:// for implicit TLS).
   * Unset (the embedded default): mail is kept in the `mail_outbox` table, viewable at /dev/outbox in
   * development.
   */
  SMTP_URL: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.url({ protocol: /^smtps?$/ }).optional(),
  ),
  MAIL_FROM: z.string().min(3).max(256).default("Travesía <boletos@travesia.example>"),
  /**
   * Signs the codes in ticket QR codes, so boarding can tell a ticket we issued from a made-up one. At
   * least 32 characters; the default is a public development value, refused in production. Every
   * node (and the boarding scanners' verifier) needs the same value.
   */
  TICKET_SIGNING_SECRET: z.string().min(32).max(256).default(DEVELOPMENT_TICKET_SIGNING_SECRET),
  /**
   * Uplift, pay monthly. Empty key: the script is never
   * loaded. The script URL defaults to our own sandbox of it; the currencies are those Uplift sells in.
   */
  UPLIFT_API_KEY: z.string().trim().max(256).default(""),
  UPLIFT_SCRIPT_URL: z
    .string()
    .trim()
    .default("/sandbox-uplift/v1/up.js")
    .refine((value) => /^\/[^/\\]/.test(value) || /^https:\/\//.test(value), "a path on this site or an https URL"),
  UPLIFT_CURRENCIES: z
    .string()
    .default("USD,CAD")
    .transform((value) =>
      value
        .split(",")
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code.length > 0),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{3}$/)).max(20)),
  /**
   * The hosted identity provider's signing keys (ADR 0031): a JSON private JWKS, `{"keys":[…]}`; the
   * first key signs, the others still verify (rotation). Unset: a key pair is made once and kept in
   * the database so that restarts and other nodes agree (warned about in production).
   */
  OIDC_JWKS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().max(65_536).optional(),
  ),
  /** Keys of the identity provider's cookies, comma-separated, the first signs. Unset: kept in the database like the JWKS. */
  OIDC_COOKIE_KEYS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().max(4096).optional(),
  ),
  /** The site's own client secret at its identity provider (client `travesia-web`). Unset: kept in the database. */
  OIDC_SITE_CLIENT_SECRET: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().min(32).max(256).optional(),
  ),
  /**
   * Third-party clients of the identity provider, a JSON array of oidc-provider client metadata
   * (client_id, client_secret, redirect_uris, …). They are shown the consent page.
   */
  OIDC_CLIENTS: z.string().max(65_536).default("[]"),
  /**
   * Upstream social providers the identity provider federates to, a JSON array of
   * {id, name, issuer, clientId, clientSecret} (Google and Facebook in production).
   */
  SOCIAL_PROVIDERS: z.string().max(65_536).default("[]"),
});

export type Config = z.infer<typeof ConfigSchema>;

/** The origin links outside a request (e-mails) point at: PUBLIC_ORIGIN, or this development server. */
export function publicOriginOf(config: Pick<Config, "PUBLIC_ORIGIN" | "PORT">): string {
  return config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : `http://localhost:${config.PORT}`;
}

/**
 * The origin a page's own links (canonical, hreflang, sitemap, payment returns) are built on. A
 * request's URL takes its host from the Host header, which anyone can set: production uses the
 * configured origin only, development the request's when none is configured.
 */
export function siteOriginOf(config: Pick<Config, "PUBLIC_ORIGIN" | "PORT" | "NODE_ENV">, requestUrl: string): string {
  if (config.PUBLIC_ORIGIN || config.NODE_ENV === "production") return publicOriginOf(config);
  return new URL(requestUrl).origin;
}

/** What the production server refuses to start without (PUBLIC_ORIGIN: links never come from Host). */
export function missingProductionSettings(config: Pick<Config, "PUBLIC_ORIGIN" | "NODE_ENV">): string[] {
  return config.NODE_ENV === "production" && !config.PUBLIC_ORIGIN ? ["PUBLIC_ORIGIN"] : [];
}

function isAddressOrBlock(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** Whether a connection's peer is one of TRUSTED_PROXIES (so its forwarded headers may be believed). */
export function trustedProxiesOf(entries: readonly string[]): (peer: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (peer) => {
    if (!peer || entries.length === 0) return false;
    // A v4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = peer.startsWith("::ffff:") && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Shorter than this, a secret could be guessed. */
export const SECRET_MIN_LENGTH = 32;

/**
 * The secrets production needs of its own: each signs or authenticates something a stranger must not
 * be able to make (boarding QRs, payment webhooks, guest links, previews, search tokens). A null
 * development value: unset means a random secret per process, which several nodes cannot share.
 * Not here: ADMIN_API_TOKEN (unset turns the admin API off) and the OIDC_* keys (unset: made at random
 * once and kept in the database, ADR 0031), since neither falls back to a value anyone can read.
 */
export const PRODUCTION_SECRETS: readonly { name: keyof Config; developmentValue: string | null }[] = [
  { name: "TICKET_SIGNING_SECRET", developmentValue: DEVELOPMENT_TICKET_SIGNING_SECRET },
  { name: "SANDBOX_PSP_SECRET_KEY", developmentValue: DEVELOPMENT_SANDBOX_PSP_SECRET_KEY },
  { name: "SANDBOX_PSP_WEBHOOK_SECRET", developmentValue: DEVELOPMENT_SANDBOX_PSP_WEBHOOK_SECRET },
  { name: "GUEST_ACCESS_SECRET", developmentValue: DEVELOPMENT_GUEST_ACCESS_SECRET },
  { name: "PERSONALIZATION_PREVIEW_SECRET", developmentValue: DEVELOPMENT_PREVIEW_SECRET },
  { name: "SEARCH_TOKEN_SECRET", developmentValue: null },
];

/** Each production secret that is unset, too short or a public development value, as `name: why`. */
export function productionSecretProblems(env: Record<string, string | undefined>): { name: string; problem: string }[] {
  return PRODUCTION_SECRETS.flatMap(({ name, developmentValue }) => {
    const value = env[name]?.trim() ?? "";
    if (value === "")
      return [
        {
          name,
          problem: `unset: production needs a secret of its own (at least ${SECRET_MIN_LENGTH} characters, the same on every node)`,
        },
      ];
    if (value === developmentValue)
      return [{ name, problem: "is the public development value: set a secret of your own" }];
    if (value.length < SECRET_MIN_LENGTH) return [{ name, problem: `shorter than ${SECRET_MIN_LENGTH} characters` }];
    return [];
  });
}

/** NODE_ENV as the schema reads it: unset is production. */
function isProduction(env: Record<string, string | undefined>): boolean {
  return (env.NODE_ENV ?? "production") === "production";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  const secrets = isProduction(env) ? productionSecretProblems(env) : [];
  if (result.success && secrets.length === 0) return result.data;
  // One line per variable: a secret's own problem says more than the schema's length rule.
  const named = new Set(secrets.map(({ name }) => name));
  const schemaIssues = result.success ? [] : result.error.issues.filter((issue) => !named.has(String(issue.path[0])));
  const lines = [
    ...schemaIssues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`),
    ...secrets.map(({ name, problem }) => `  ${name}: ${problem}`),
  ];
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
