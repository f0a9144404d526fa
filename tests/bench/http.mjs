// What the benches that drive the site over HTTP share: the public cart API's headers, a JSON answer
// that must be 200, and concurrent clients looping for a number of seconds.

/** The defaults of lib/config.ts: the bench server runs without configuration. */
export const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

/** The JSON body of a 200 answer; anything else throws with the start of the body. */
export async function json(response) {
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/**
 * Runs `round(client)` in `clients` concurrent loops for `seconds`; returns rounds per second.
 * @param {number} clients
 * @param {number} seconds
 * @param {(client: number) => Promise<void>} round
 */
export async function drive(clients, seconds, round) {
  let rounds = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        await round(client);
        rounds += 1;
      }
    }),
  );
  return rounds / ((performance.now() - started) / 1000);
}
