// Holds on one hot sailing through HTTP: CLIENTS concurrent visitors each add a one-way seat on the
// same sailing (a new cart, the sailing row locked, seats re-checked, the hold written) and remove it
// again, over and over, so the sailing never fills. Holds per minute against the same loop calling
// GET /healthz twice per round, measured just before on the same server: the ratio is the cost of a
// serialized hold and its release against the cheapest pair of requests this server answers.
//
// On PostgreSQL, the same server also runs pgbench's TPC-B (scale 1: one branch row that every
// transaction updates, a hot row like the sailing) with as many clients, on a scratch database: booking
// transactions per second (each add and each remove is one transaction that locks the sailing) against
// pgbench's transactions per second. The ratio to pgbench is the figure: what HTTP, the cart's rules and
// the ORM cost on top of the database's own serialized-update throughput.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { operatorDate, ratioOf } from "../figures.mjs";
import { CART_API_HEADERS as HEADERS, drive as driveClients, json } from "../http.mjs";

export const name = "holds";
export const title = "Holds per minute on one hot sailing";

const CLIENTS = 16;
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";
const execFileAsync = promisify(execFile);

/**
 * pgbench TPC-B on a database of its own on the server of DATABASE_URL (else 127.0.0.1:5432), dropped
 * after; null when pgbench is not installed.
 * @param {number} clients
 * @param {number} seconds
 * @returns {Promise<{ tps: number; transactions: number } | null>}
 */
async function pgbenchTpcB(clients, seconds) {
  const adminUrl = new URL(process.env.DATABASE_URL ?? LOCAL_POSTGRES);
  const name = `pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const env = {
    ...process.env,
    PGHOST: adminUrl.hostname,
    PGPORT: adminUrl.port || "5432",
    PGUSER: decodeURIComponent(adminUrl.username || "postgres"),
    PGPASSWORD: decodeURIComponent(adminUrl.password),
  };
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await execFileAsync("pgbench", ["-i", "-s", "1", "-q", name], { env });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return null;
      throw error;
    }
    const { stdout } = await execFileAsync(
      "pgbench",
      ["-n", "-c", String(clients), "-j", "2", "-T", String(Math.max(1, Math.round(seconds))), name],
      { env },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Number(tps), transactions: Number(transactions ?? 0) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  const driveOf = (seconds, round) => driveClients(CLIENTS, seconds, round);
  const outcomes = [];
  for (const backend of /** @type {const} */ (["postgresql", "pglite"])) {
    const server = await ctx.server(backend);
    if (!server) {
      ctx.log(`  no PostgreSQL server answers: ${backend} skipped`);
      continue;
    }
    const date = operatorDate(9);
    const day = await json(
      await fetch(
        `${server.origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=MXN&language=en`,
      ),
    );
    const sailing = day.outbound.find((candidate) => candidate.selectable);
    if (!sailing) throw new Error(`no sailing to hold on ${date}`);
    const item = {
      type: "ferry",
      crossing: "cancun-isla-mujeres",
      trip: "one_way",
      date,
      outboundSailingId: sailing.id,
      passengers: { adult: 1 },
    };

    const holdAndRelease = async () => {
      const added = await json(
        await fetch(`${server.origin}/xapi/shopping-cart?Language=EN`, {
          method: "POST",
          headers: HEADERS,
          body: JSON.stringify({ action: "add", currency: "MXN", item }),
        }),
      );
      const lineId = added.Cart.lines[0].id;
      await json(
        await fetch(`${server.origin}/xapi/shopping-cart?Language=EN&SessionId=${added.SessionId}`, {
          method: "POST",
          headers: HEADERS,
          body: JSON.stringify({ action: "remove", lineId }),
        }),
      );
    };
    const twoPings = async () => {
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
    };
    await driveOf(1, twoPings);
    const baseline = await driveOf(ctx.seconds / 2, twoPings);
    await driveOf(1, holdAndRelease);
    const holds = await driveOf(ctx.seconds, holdAndRelease);
    const after = await json(
      await fetch(
        `${server.origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=MXN&language=en`,
      ),
    );
    const left = after.outbound.find((candidate) => candidate.id === sailing.id)?.seatsLeft;
    if (left !== sailing.seatsLeft)
      throw new Error(`seats left moved from ${sailing.seatsLeft} to ${left}: a release was lost`);
    // Each round is two booking transactions on the hot sailing: the hold and its release.
    const bookingTps = holds * 2;
    const tpcB = backend === "postgresql" ? await pgbenchTpcB(CLIENTS, ctx.seconds) : null;
    if (backend === "postgresql" && !tpcB)
      ctx.log("  pgbench is not installed (postgresql-client): the TPC-B ratio is skipped");
    outcomes.push({
      backend,
      figures: [
        {
          label: `holds per minute, ${CLIENTS} clients, one sailing`,
          value: Math.round(holds * 60),
          unit: "/min",
          baseline: { label: "2 × GET /healthz rounds per minute", value: Math.round(baseline * 60), unit: "/min" },
          ratio: ratioOf(holds, baseline),
        },
        ...(tpcB
          ? [
              {
                label: `booking transactions per second (hold + release), ${CLIENTS} clients`,
                value: Number(bookingTps.toFixed(1)),
                unit: "tx/s",
                baseline: {
                  label: `pgbench TPC-B, scale 1, ${CLIENTS} clients`,
                  value: Number(tpcB.tps.toFixed(1)),
                  unit: "tx/s",
                },
                ratio: ratioOf(bookingTps, tpcB.tps),
              },
            ]
          : []),
      ],
      notes: [
        ...(tpcB
          ? [
              `pgbench -c ${CLIENTS} -j 2 -T ${Math.max(1, Math.round(ctx.seconds))} on a scratch database of the same server: ${tpcB.transactions} transactions (UPDATE of the one branch row, as the hold locks the one sailing).`,
            ]
          : []),
        `Each round: POST /xapi/shopping-cart add (new cart, lock the sailing ${sailing.id} on ${date}, re-check, hold) then remove (release); ${CLIENTS} concurrent clients for ${ctx.seconds} s.`,
        `Seats left before and after: ${sailing.seatsLeft} and ${left} (every hold released).`,
      ],
    });
  }
  return outcomes;
}
