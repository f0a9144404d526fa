// Builds everything a process needs, in order: config (fail fast; production refuses public secrets)
// → logger → database (migrated, seeded) → services. Used by the production entry, the dev server and the tests.
import { RateLimiter } from "../lib/rate-limit.ts";
import { systemClock, type Clock } from "../lib/clock.ts";
import { parseConfig, type Config } from "../lib/config.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { seed } from "../db/seed.ts";
import { materializeSaleWindow } from "../modules/inventory/index.ts";
import { createPaymentProvider } from "../modules/payments/index.ts";
import { createMailer } from "../modules/mail/index.ts";
import { createPersonalizationService } from "../modules/personalization/index.ts";
import { cachedSource } from "../lib/cached-source.ts";
import { SITE_CONFIG_BOUND_MS, findSiteConfig } from "../modules/site/index.ts";
import { createSearchService, sharedSearchTokenSecret } from "../modules/search/index.ts";
import { newSecret128 } from "../lib/ids.ts";
import type { AppServices } from "./edge/index.ts";
import { openDatabase, type DatabaseHandle } from "./db.ts";
import { loadSearchDocuments } from "./search-documents.ts";
import { HostedIdentityProvider } from "./idp/index.ts";

export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  services: AppServices;
}

export interface BootOptions {
  clock?: Clock;
  logger?: Logger;
  /** Skip migrations and seed: the database was loaded from a migrated, seeded snapshot. */
  prepared?: boolean;
  loadDataDir?: Blob;
  /** A database already open (the db tier lends one from its pool); closing the runtime's handle gives it back. */
  database?: DatabaseHandle;
}

/**
 * Connections of the in-process sandbox PSP's own pool. Each call our checkout makes to it is short (an
 * insert or two), and a request of ours waits on it, so a few connections that never queue behind our
 * pages keep it answering under a burst (ADR 0034: the 250-buyer load timed it out at 15 s when it shared the pool).
 */
const SANDBOX_PSP_POOL_SIZE = 6;

/** Migrations, the seed (when asked) and the sale window: what every start does before it serves. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seed: boolean; siteCode: string },
  now: Date,
  logger: Logger,
): Promise<void> {
  await database.migrate();
  if (options.seed) await seed(database.db, options.siteCode, now);
  // The rolling sale window of sailings, made from the timetable (idempotent; days that roll into
  // the window later are made on first request, and the operator can rerun it through the admin API).
  const window = await materializeSaleWindow(database.db, now);
  logger.info(
    { from: window.from, to: window.to, inserted: window.inserted, removed: window.removed },
    "sailings materialized",
  );
}

export async function boot(env: Record<string, string | undefined>, options: BootOptions = {}): Promise<Runtime> {
  const config = parseConfig(env);
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const started = performance.now();
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      loadDataDir: options.loadDataDir,
    }));
  const clock = options.clock ?? systemClock;
  if (!options.prepared)
    await prepareDatabase(database, { seed: config.SEED, siteCode: config.SITE_CODE }, clock.now(), logger);
  logger.info({ database: database.kind, ms: Math.round(performance.now() - started) }, "database ready");
  const mailer = createMailer(config, database.db);
  logger.info({ transport: mailer.transport }, "mailer ready");
  const search = await createSearchService({
    site: config.SITE_CODE,
    // Unset: one random secret kept in the database, so a token issued by one node is good on another.
    tokenSecret:
      config.SEARCH_TOKEN_SECRET ??
      (await sharedSearchTokenSecret(database.db, config.SITE_CODE, newSecret128(), clock.now())),
    loadDocuments: () => loadSearchDocuments(database.db),
    clock,
    logger,
  });
  logger.info(search.lastBuild, "search index built");
  // Keys come from configuration or are made once and kept in the database: after migrations.
  const identityProvider = await HostedIdentityProvider.create({ db: database.db, clock, config, logger });
  return {
    config,
    logger,
    database,
    services: {
      db: database.db,
      // A provider elsewhere (PAYMENT_PROVIDER_URL) leaves the in-process sandbox idle: two connections at most then.
      sandboxPspDb: database.ownPool(config.PAYMENT_PROVIDER_URL ? 2 : SANDBOX_PSP_POOL_SIZE),
      clock,
      config,
      logger,
      search,
      mailer,
      payments: createPaymentProvider(config),
      identityProvider,
      siteConfig: cachedSource(() => findSiteConfig(database.db, config.SITE_CODE), { boundMs: SITE_CONFIG_BOUND_MS }),
      personalization: createPersonalizationService(),
      rateLimiter: new RateLimiter(database.db),
    },
  };
}
