// The processes the e2e tier runs against, started side by side by Playwright's global setup:
// the mail server, the app on a fresh database, the upstream social provider and a second app whose
// holds last seconds. Playwright's own `webServer` list starts its entries one after another, and the
// two apps each migrate and seed a database of their own: started together they are ready in about
// the time of one, on a tier that is bound by the machine's two cores from its first second.
//
// Ports: E2E_PORT (the app) and the five after it. The workers inherit the E2E_* variables set here.
import { type ChildProcess, spawn } from "node:child_process";
import { ensureBuild } from "./ensure-build.mjs";

export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BUILD_DIR = process.env.BUILD_DIR ?? ".tmp/build-test";
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// A second server whose holds last seconds, for the tests that watch a hold expire.
const SHORT_HOLD_SECONDS = 15;
const SHORT_HOLD_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
// The mail server the app sends through (a real SMTP server), and where tests read what it received.
const SMTP_PORT = PORT + 2;
const MAILBOX_ORIGIN = `http://127.0.0.1:${PORT + 3}`;
// The upstream social provider of the social sign-in test (a second oidc-provider standing in for
// Google, tests/setup/upstream-idp.mjs), and the one entry of SOCIAL_PROVIDERS that names it.
const UPSTREAM_IDP_PORT = PORT + 4;
// The admin API's token on the e2e server: tests grant staff roles with it (tests/e2e/staff.ts).
const ADMIN_API_TOKEN = "e2e-admin-api-token-0123456789abcdef";
const SOCIAL_PROVIDERS = JSON.stringify([
  {
    id: "upstream",
    name: "Upstream",
    issuer: `http://127.0.0.1:${UPSTREAM_IDP_PORT}`,
    clientId: "travesia-idp",
    clientSecret: "upstream-test-client-secret-0123456789abcdef",
  },
]);

/** What the tests read from the environment: set in the main process, inherited by the workers. */
export const E2E_ENV = {
  E2E_SHORT_HOLD_ORIGIN: SHORT_HOLD_ORIGIN,
  E2E_SHORT_HOLD_SECONDS: String(SHORT_HOLD_SECONDS),
  E2E_MAILBOX_ORIGIN: MAILBOX_ORIGIN,
  E2E_ADMIN_TOKEN: ADMIN_API_TOKEN,
};

interface ServerSpec {
  name: string;
  args: string[];
  /** Answers 2xx once the process serves. */
  readyUrl: string;
  env?: Record<string, string>;
  /** Whether the process's standard output is shown (its errors always are). */
  showOutput?: boolean;
}

function serverSpecs(): ServerSpec[] {
  const app = {
    BUILD_DIR,
    LOG_LEVEL: "warn",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  };
  return [
    {
      name: "mail server",
      args: ["tests/setup/e2e-smtp.mjs"],
      readyUrl: `${MAILBOX_ORIGIN}/healthz`,
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(PORT + 3) },
    },
    {
      name: "app",
      args: ["tests/setup/e2e-server.mjs"],
      readyUrl: `${BASE_URL}/healthz`,
      showOutput: true,
      // Links in mails point where the browser is, so following one keeps this host's cookies; and the
      // identity provider's issuer and redirect URIs are on the origin the browser uses. No Uplift key:
      // the default deployment offers paying monthly through Uplift's sandbox (ADR 0050).
      env: {
        ...app,
        PORT: String(PORT),
        ENABLE_FAULT_ROUTES: "true",
        PUBLIC_ORIGIN: BASE_URL,
        SOCIAL_PROVIDERS,
        ADMIN_API_TOKEN,
      },
    },
    {
      name: "upstream identity provider",
      args: ["tests/setup/upstream-idp.mjs", String(UPSTREAM_IDP_PORT), `${BASE_URL}/idp/social/upstream/callback`],
      readyUrl: `http://127.0.0.1:${UPSTREAM_IDP_PORT}/.well-known/openid-configuration`,
      showOutput: true,
    },
    {
      // Mail and links too: the waiting-list journey watches a hold expire and follows the offer's mail.
      name: "short-hold app",
      args: ["tests/setup/e2e-server.mjs"],
      readyUrl: `${SHORT_HOLD_ORIGIN}/healthz`,
      showOutput: true,
      env: {
        ...app,
        PORT: String(PORT + 1),
        CART_HOLD_SECONDS: String(SHORT_HOLD_SECONDS),
        PUBLIC_ORIGIN: SHORT_HOLD_ORIGIN,
      },
    },
  ];
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

const READY_WITHIN_MS = 240_000;

/** Resolves once `spec.readyUrl` answers; rejects when the process exits first or time runs out. */
async function waitUntilReady(spec: ServerSpec, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the ${spec.name} exited (${child.exitCode ?? child.signalCode}) before it served`);
    }
    if (await answers(spec.readyUrl)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${spec.name} did not answer ${spec.readyUrl} within ${READY_WITHIN_MS / 1000} s`);
}

/** SIGTERM, then SIGKILL after 15 s: each app drains and drops its database on SIGTERM. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Playwright's global setup: every server at once; the function it returns is the teardown. */
export default async function startE2eServers(): Promise<() => Promise<void>> {
  const specs = serverSpecs();
  // Built here, once: both apps would otherwise find the build stale and build it at the same time.
  ensureBuild(BUILD_DIR);
  for (const spec of specs) {
    if (await answers(spec.readyUrl)) {
      throw new Error(`${spec.readyUrl} already answers: another run holds E2E_PORT ${PORT}`);
    }
  }
  const children = specs.map((spec) =>
    spawn(process.execPath, spec.args, {
      env: { ...process.env, ...spec.env },
      stdio: ["ignore", spec.showOutput ? "inherit" : "ignore", "inherit"],
    }),
  );
  const stopAll = async () => {
    await Promise.all(children.map(stop));
  };
  try {
    await Promise.all(specs.map((spec, index) => waitUntilReady(spec, children[index] as ChildProcess)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
