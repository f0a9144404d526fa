// Whole purchases through HTTP, as a browser without JavaScript makes them: a cart with one ferry seat,
// the payment-details form posted (the booking placed, a payment opened at the sandbox provider), the
// provider's card page posted with the success card (authorized), and the thank-you page (captured, a
// ticket issued, the e-mail job queued) — CLIENTS buyers at once, each on a sailing of their own day so
// the boat never fills. Purchases per minute against the same loop calling GET /healthz four times
// per round, measured just before on the same server.
import { operatorDate, ratioOf } from "../figures.mjs";
import { CART_API_HEADERS as HEADERS, drive as driveClients, json } from "../http.mjs";

export const name = "checkout";
export const title = "Purchases per minute, cart to thank-you page";

const CLIENTS = 8;
function expectRedirect(response, pattern, step) {
  const location = response.headers.get("location") ?? "";
  if (response.status < 300 || response.status > 303 || !pattern.test(location))
    throw new Error(`${step}: answered ${response.status} to ${location || "nowhere"}`);
  return location;
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
    // One sailing per client, on days of their own: buyers race the provider, not each other's seats.
    const sailings = [];
    for (let client = 0; client < CLIENTS; client += 1) {
      const date = operatorDate(20 + client);
      const day = await json(
        await fetch(
          `${server.origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=USD&language=en`,
        ),
      );
      const sailing = day.outbound.find((candidate) => candidate.selectable);
      if (!sailing) throw new Error(`no sailing to buy on ${date}`);
      sailings.push({ date, id: sailing.id });
    }
    let issued = 0;

    const purchase = async (client) => {
      const { date, id } = sailings[client];
      const item = {
        type: "ferry",
        crossing: "cancun-isla-mujeres",
        trip: "one_way",
        date,
        outboundSailingId: id,
        passengers: { adult: 1 },
      };
      const cart = await json(
        await fetch(`${server.origin}/xapi/shopping-cart?Language=EN`, {
          method: "POST",
          headers: HEADERS,
          body: JSON.stringify({ action: "add", currency: "USD", item }),
        }),
      );
      const form = new URLSearchParams({
        name: "Emily Carter",
        email: "emily@example.com",
        phone: "+1 312 555 0101",
        country: "US",
        method: "card",
        acceptTerms: "on",
      });
      const placed = await fetch(`${server.origin}/en/carrito/payment-details/`, {
        method: "POST",
        headers: { Cookie: `cart_session=${cart.SessionId}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });
      const cardPage = expectRedirect(placed, /\/sandbox-psp\/pay\/pi_/, "payment details");
      const access = (placed.headers.get("set-cookie") ?? "").match(/travesia_booking=[^;]+/)?.[0];
      const card = new URLSearchParams({
        number: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
        name: "Emily Carter",
      });
      const paid = await fetch(new URL(cardPage, server.origin), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: card,
        redirect: "manual",
      });
      const thankYou = expectRedirect(paid, /\/en\/carrito\/thank-you\/\?booking=/, "card page");
      const page = await fetch(new URL(thankYou, server.origin), {
        headers: { Cookie: `cart_session=${cart.SessionId}; ${access}` },
      });
      const html = await page.text();
      if (page.status !== 200 || !html.includes('data-testid="booking-reference"'))
        throw new Error(`thank-you answered ${page.status} without a booking reference`);
      issued += 1;
    };
    const fourPings = async () => {
      for (let ping = 0; ping < 4; ping += 1) await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
    };
    await driveOf(1, fourPings);
    const baseline = await driveOf(ctx.seconds / 2, fourPings);
    await driveOf(1, purchase);
    const before = issued;
    const purchases = await driveOf(ctx.seconds, purchase);
    outcomes.push({
      backend,
      figures: [
        {
          label: `purchases per minute, ${CLIENTS} buyers`,
          value: Math.round(purchases * 60),
          unit: "/min",
          baseline: { label: "4 × GET /healthz rounds per minute", value: Math.round(baseline * 60), unit: "/min" },
          ratio: ratioOf(purchases, baseline),
        },
      ],
      notes: [
        `Each round: POST /xapi/shopping-cart add, POST the payment-details form (booking placed, sandbox payment opened), POST the sandbox card page (authorized), GET the thank-you page (captured, ticketed, e-mail queued); ${CLIENTS} buyers for ${ctx.seconds} s.`,
        `${issued - before} purchases completed in the measured window, each checked for its booking reference.`,
      ],
    });
  }
  return outcomes;
}
