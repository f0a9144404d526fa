// The secrets every test harness gives a process it runs with NODE_ENV=production (the built server of
// the e2e, server, bench and load suites; in-process runtimes booted as production). Production refuses
// to start on the public development defaults (lib/config.ts), and these harnesses exist to run the
// production configuration as an operator would, so they configure secrets rather than fall back to
// NODE_ENV=test. Test-only values: known to the tests that sign or call with them, used nowhere else.
export const TEST_PRODUCTION_SECRETS = Object.freeze({
  TICKET_SIGNING_SECRET: "test-suite-ticket-signing-secret-not-for-production",
  SANDBOX_PSP_SECRET_KEY: "sk_test_suite_sandbox_secret_key_not_for_production",
  SANDBOX_PSP_WEBHOOK_SECRET: "whsec_test_suite_webhook_secret_not_for_production",
  GUEST_ACCESS_SECRET: "test-suite-guest-access-secret-not-for-production",
  PERSONALIZATION_PREVIEW_SECRET: "test-suite-personalization-preview-secret-not-for-production",
  SEARCH_TOKEN_SECRET: "test-suite-search-token-secret-not-for-production",
});

/** `env` with the test secrets under it when it runs as production (its own values win). */
export function withTestSecrets(env) {
  return (env.NODE_ENV ?? "production") === "production" ? { ...TEST_PRODUCTION_SECRETS, ...env } : env;
}
