// Holds on one hot sailing through HTTP: CLIENTS concurrent visitors each add a one-way seat on the
// same sailing (a new cart, the sailing row locked, seats re-checked, the hold written) and remove it
// again, over and over, so the sailing never fills. Holds per minute against the same loop calling
// GET /healthz twice per round, measured just before on the same server: the ratio is the cost of a
// serialized hold and its release against the cheapest pair of requests this server answers.
import { operatorDate, ratioOf } from "../figures.mjs";
import { CART_API_HEADERS as HEADERS, drive as driveClients, json } from "../http.mjs";

export const name = "holds";
export const title = "Holds per minute on one hot sailing";

const CLIENTS = 16;
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
    const day = await json(await fetch(`${server.origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=MXN&language=en`));
    const sailing = day.outbound.find((candidate) => candidate.selectable);
    if (!sailing) throw new Error(`no sailing to hold on ${date}`);
    const item = { type: "ferry", crossing: "cancun-isla-mujeres", trip: "one_way", date, outboundSailingId: sailing.id, passengers: { adult: 1 } };

    const holdAndRelease = async () => {
      const added = await json(await fetch(`${server.origin}/xapi/shopping-cart?Language=EN`, { method: "POST", headers: HEADERS, body: JSON.stringify({ action: "add", currency: "MXN", item }) }));
      const lineId = added.Cart.lines[0].id;
      await json(await fetch(`${server.origin}/xapi/shopping-cart?Language=EN&SessionId=${added.SessionId}`, { method: "POST", headers: HEADERS, body: JSON.stringify({ action: "remove", lineId }) }));
    };
    const twoPings = async () => {
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
    };
    await driveOf(1, twoPings);
    const baseline = await driveOf(ctx.seconds / 2, twoPings);
    await driveOf(1, holdAndRelease);
    const holds = await driveOf(ctx.seconds, holdAndRelease);
    const after = await json(await fetch(`${server.origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=MXN&language=en`));
    const left = after.outbound.find((candidate) => candidate.id === sailing.id)?.seatsLeft;
    if (left !== sailing.seatsLeft) throw new Error(`seats left moved from ${sailing.seatsLeft} to ${left}: a release was lost`);
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
      ],
      notes: [
        `Each round: POST /xapi/shopping-cart add (new cart, lock the sailing ${sailing.id} on ${date}, re-check, hold) then remove (release); ${CLIENTS} concurrent clients for ${ctx.seconds} s.`,
        `Seats left before and after: ${sailing.seatsLeft} and ${left} (every hold released).`,
      ],
    });
  }
  return outcomes;
}
