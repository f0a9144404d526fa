// Signing in over HTTP as the auth page does it: POST /login (argon2id verification, the throttle read,
// a single-use ticket written) then POST /user-session/ (the ticket redeemed, a session written, the
// cookies set). The account is made the way a person makes one: the register page's form, then the
// link of the confirmation mail (the bench servers send through ctx.mailbox). Figures: the latency of
// one visitor signing in again and again (p50/p99), and sign-ins per second with CLIENTS at once against
// the same loop calling GET /healthz twice per round, measured just before on the same server.
import { percentile, ratioOf } from "../figures.mjs";
import { drive as driveClients, json } from "../http.mjs";

export const name = "login";
export const title = "Sign-in latency and throughput (POST /login + /user-session/)";

const CLIENTS = 4;
const PASSWORD = "bench-brisa-del-caribe-2026";

async function createAccount(origin, mailbox, email) {
  const form = new URLSearchParams({
    email,
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Viajera",
    country: "MX",
    state: "MX-ROO",
    privacy: "yes",
  });
  const registered = await fetch(`${origin}/es/registro/`, { method: "POST", body: form, redirect: "manual" });
  if (registered.status >= 400) throw new Error(`registering ${email} answered ${registered.status}`);
  const link = new URL(await mailbox.linkMailedTo(email));
  const confirmed = await fetch(`${origin}${link.pathname}${link.search}`, { redirect: "manual" });
  if (confirmed.status >= 400) throw new Error(`confirming ${email} answered ${confirmed.status}`);
}

async function signIn(origin, email) {
  const { sessionId } = await json(
    await fetch(`${origin}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Username: email, Password: PASSWORD }),
    }),
  );
  const info = await json(
    await fetch(`${origin}/user-session/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sessionId, remember: false }),
    }),
  );
  if (info.status !== "auth") throw new Error(`signed in as ${email} but user info says ${info.status}`);
}

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const outcomes = [];
  for (const backend of /** @type {const} */ (["postgresql", "pglite"])) {
    const server = await ctx.server(backend);
    if (!server) {
      ctx.log(`  no PostgreSQL server answers: ${backend} skipped`);
      continue;
    }
    const emails = Array.from(
      { length: CLIENTS },
      (_, client) => `bench-${backend}-${process.pid}-${client}@example.com`,
    );
    for (const email of emails) await createAccount(server.origin, ctx.mailbox, email);

    // One visitor at a time: what a person waits for.
    const latencies = [];
    const until = performance.now() + (ctx.seconds / 2) * 1000;
    await signIn(server.origin, emails[0]);
    while (performance.now() < until) {
      const started = performance.now();
      await signIn(server.origin, emails[0]);
      latencies.push(performance.now() - started);
    }

    // CLIENTS at once, each with their own account, against two health checks a round.
    const twoPings = async () => {
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
    };
    await driveClients(CLIENTS, 1, twoPings);
    const baseline = await driveClients(CLIENTS, ctx.seconds / 2, twoPings);
    const signIns = await driveClients(CLIENTS, ctx.seconds, (client) => signIn(server.origin, emails[client]));
    outcomes.push({
      backend,
      figures: [
        {
          label: "sign-in latency p50, one visitor (POST /login + /user-session/)",
          value: Number(percentile(latencies, 50).toFixed(1)),
          unit: "ms",
        },
        { label: "sign-in latency p99, one visitor", value: Number(percentile(latencies, 99).toFixed(1)), unit: "ms" },
        {
          label: `sign-ins per second, ${CLIENTS} clients`,
          value: Number(signIns.toFixed(1)),
          unit: "/s",
          baseline: { label: "2 × GET /healthz rounds per second", value: Number(baseline.toFixed(1)), unit: "/s" },
          ratio: ratioOf(signIns, baseline),
        },
      ],
      notes: [
        `${latencies.length} sequential sign-ins of one account; then ${CLIENTS} accounts signing in concurrently for ${ctx.seconds} s.`,
        "Each sign-in verifies an argon2id hash (46 MiB, 2 passes, 1 lane: ADR 0027) on libuv's pool of 4 threads, so throughput is bound by the 2 cores, not the database.",
      ],
    });
  }
  return outcomes;
}
