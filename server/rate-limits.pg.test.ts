// Throttles and rate limits on a PostgreSQL server, where requests really overlap and several nodes
// share one database (ADR 0048): forty wrong passwords sent at once from one address are counted
// before any password is checked, so most are refused 429 and the right password after them waits;
// the manage-booking look-up by reference and e-mail likewise (its page through two built servers); and
// two app instances on one database, each with its own pool, share the counts. The in-process nodes'
// clock stands still, so a wait cannot run out mid-test.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "../flows/cart.ts";
import { fixedClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import type { BookingRow } from "../modules/bookings/index.ts";
import { findCrossings, type SailingView } from "../modules/inventory/index.ts";
import { registerAccount, users } from "../modules/identity/index.ts";
import { buyWithCard } from "../tests/factories/checkout.ts";
import { startBuiltServer, type BuiltServer } from "../tests/setup/built-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/pg.ts";
import { inProcessPaymentProvider, sailingsOfDay } from "../tests/setup/race-server.ts";
import { createApp } from "./app.ts";
import { boot, type Runtime } from "./boot.ts";

const PARALLEL = 40;
const PASSWORD = "brisa-de-la-laguna";
const CLIENT_HEADER = "X-Test-Client";
const clock = fixedClock(new Date());

let testDb: TestDatabase;
/** Two nodes: one database, a pool and an app each. */
let nodes: { runtime: Runtime; app: ReturnType<typeof createApp> }[];
let sailing: SailingView;

async function bootNode(): Promise<{ runtime: Runtime; app: ReturnType<typeof createApp> }> {
  const runtime = await boot(
    {
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: "24",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      CLIENT_IP_HEADER: CLIENT_HEADER,
      JOBS_ENABLED: "false",
    },
    { logger: createLogger("silent"), clock },
  );
  return { runtime, app: createApp(runtime.services, { ping: () => runtime.database.ping() }) };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  nodes = [await bootNode(), await bootNode()];
  const { provider } = inProcessPaymentProvider(nodes[0]!.runtime);
  nodes[0]!.runtime.services.payments = provider;
  const { sailings } = await sailingsOfDay(nodes[0]!.runtime, 5, clock.now());
  sailing = sailings[1]!;
}, 120_000);

afterAll(async () => {
  for (const node of nodes ?? []) await node.runtime.database.close();
  await testDb?.drop();
});

const db = () => nodes[0]!.runtime.database.db;
/** Request `index` goes to node 0 or 1 in turn, as a load balancer would send it. */
const nodeOf = (index: number) => nodes[index % nodes.length]!.app;

async function confirmedUser(email: string): Promise<void> {
  const { userId } = await registerAccount(
    db(),
    { email, password: PASSWORD, firstName: "Rosa", lastName: "May", countryIso3: "MEX", state: null, language: "es" },
    clock.now(),
  );
  await db().update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, userId));
}

async function login(index: number, address: string, email: string, password: string): Promise<Response> {
  return nodeOf(index).request("/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", [CLIENT_HEADER]: address },
    body: JSON.stringify({ Username: email, Password: password }),
  });
}

/** Two built servers (pages need the production build) on the same database, as two nodes. */
let pageNodes: BuiltServer[] = [];

function lookUp(index: number, address: string, reference: string, email: string): Promise<Response> {
  return fetch(`${pageNodes[index % pageNodes.length]!.origin}/en/carrito/my-booking/`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_HEADER]: address },
    body: new URLSearchParams({ intent: "find", reference, email }).toString(),
    redirect: "manual",
  });
}

async function ticketedBooking(): Promise<BookingRow> {
  const [crossing] = await findCrossings(db(), "en");
  const { sessionId } = await addToCart(
    db(),
    {
      sessionId: null,
      currency: "MXN",
      item: {
        type: "ferry",
        crossing: crossing!.code,
        trip: "one_way",
        date: sailing.serviceDate,
        returnDate: null,
        outboundSailingId: sailing.id,
        inboundSailingId: null,
        category: "tourist",
        passengers: { adult: 1, child: 0, infant: 0 },
      },
    },
    { siteCode: "travesia", language: "en", now: clock.now(), holdSeconds: 900 },
  );
  const services = nodes[0]!.runtime.services;
  return buyWithCard(
    {
      db: db(),
      provider: services.payments,
      now: clock.now(),
      guestAccessSecret: services.config.GUEST_ACCESS_SECRET,
      holdSeconds: 900,
    },
    services.payments,
    sessionId,
  );
}

const statuses = (responses: Response[]) => responses.map((response) => response.status);
const count = (values: number[], status: number) => values.filter((value) => value === status).length;

describe("sign-in tries sent at once", () => {
  it(`${PARALLEL} wrong passwords from one address across two nodes: most refused 429, and the right password then waits`, async () => {
    const email = "cuarenta-intentos@example.com";
    await confirmedUser(email);
    const answers = statuses(
      await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) => login(index, "203.0.113.40", email, `equivocada-${index}`)),
      ),
    );
    // Five free tries and the sixth (which starts the back-off) are checked; every later one waits.
    expect(count(answers, 401)).toBe(6);
    expect(count(answers, 429)).toBe(PARALLEL - 6);
    const right = await login(PARALLEL, "203.0.113.40", email, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // Once the wait is over, the right password signs in: a back-off, never a lockout.
    clock.advance(1_001);
    expect((await login(PARALLEL + 1, "203.0.113.40", email, PASSWORD)).status).toBe(200);
  }, 120_000);

  it("counts an address's tries on many accounts on both nodes as one: thirty free, then 429", async () => {
    const answers = statuses(
      await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          login(index, "198.51.100.7", `nadie-${index}@example.com`, "x-x-x-x-x"),
        ),
      ),
    );
    expect(count(answers, 401)).toBe(31);
    expect(count(answers, 429)).toBe(PARALLEL - 31);
  }, 120_000);
});

describe("manage-booking look-ups sent at once", () => {
  beforeAll(async () => {
    const env = {
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: "12",
      CLIENT_IP_HEADER: CLIENT_HEADER,
      JOBS_ENABLED: "false",
      SEED: "false",
      LOG_LEVEL: "warn",
    };
    pageNodes = await Promise.all([startBuiltServer(env, 60_000), startBuiltServer(env, 60_000)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pageNodes.map((node) => node.stop()));
  });

  it(`${PARALLEL} guesses of a reference's e-mail across two nodes: ten looked up, the rest 429, and the right e-mail then waits`, async () => {
    const booking = await ticketedBooking();
    const answers = statuses(
      await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          lookUp(index, `192.0.2.${index}`, booking.reference, `guess-${index}@example.com`),
        ),
      ),
    );
    expect(count(answers, 404)).toBe(10);
    expect(count(answers, 429)).toBe(PARALLEL - 10);
    const right = await lookUp(PARALLEL, "192.0.2.200", booking.reference, "ana@example.com");
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    expect(await right.text()).toContain("Too many look-ups from here");
    // Another reference from the same addresses is not held back by this one's count.
    const other = await ticketedBooking();
    const found = await lookUp(PARALLEL + 1, "192.0.2.201", other.reference, "ana@example.com");
    expect([302, 303]).toContain(found.status);
    expect(found.headers.get("Set-Cookie")).toMatch(/^travesia_booking=/);
  }, 180_000);

  it("holds one address to thirty look-ups of any references across both nodes", async () => {
    const answers = statuses(
      await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          lookUp(index, "192.0.2.250", `ZZZZ${String(index).padStart(2, "0")}`, "x@example.com"),
        ),
      ),
    );
    expect(count(answers, 429)).toBe(PARALLEL - 30);
    expect(count(answers, 404)).toBe(30);
  }, 120_000);
});
