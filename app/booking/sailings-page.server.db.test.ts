// The routes-and-schedules page's loaders as the router calls them on one request (the root's and the
// page's, side by side, ADR 0044): seats are live on every request, the search's legs and the day's
// timetable show one read of the same seats, and one page load reads each piece of reference data once.
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CROSSING_TO_CANCUN_CODE, CROSSING_TO_ISLA_CODE } from "../../db/seed-catalogue.ts";
import { addToCart } from "../../flows/cart.ts";
import { fixedClock } from "../../lib/clock.ts";
import type { Database } from "../../lib/db.ts";
import { createLogger } from "../../lib/logger.ts";
import { closeSales } from "../../modules/inventory/index.ts";
import { findSiteConfig, type SiteConfig } from "../../modules/site/index.ts";
import type { Runtime } from "../../server/boot.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import type { TimetableSailingView } from "../components/booking/timetable.tsx";
import type { SailingView } from "../../lib/views/booking.ts";
import { requestContext, servicesContext } from "../../server/edge/index.ts";
import { loadRootData } from "../root-data.server.ts";
import { loader } from "../routes/routes-schedules.tsx";

const NOW = new Date("2031-03-03T15:00:00Z");
const DAY = "2031-03-13";
const RETURN = "2031-03-15";
const SEARCH = `trip=round_trip&crossing=${CROSSING_TO_ISLA_CODE}&date=${DAY}&return=${RETURN}&adults=2&children=1&step=search`;
/** Sent without JavaScript: the server renders seats and the passengers' price itself. */
const PAGE = `http://site.test/en/routes-schedules/?${SEARCH}&nojs=1`;
const LIVE_PAGE = `http://site.test/en/routes-schedules/?${SEARCH}`;

let runtime: Runtime;
let site: SiteConfig;
/** Every statement the page's loaders sent, in order (SQL text only). */
const statements: string[] = [];
let counted: Database;

beforeAll(async () => {
  runtime = await bootSnapshot();
  runtime.services.clock = fixedClock(NOW);
  site = await findSiteConfig(runtime.database.db, "travesia");
  // The same database through a Drizzle logger that notes every statement sent to it.
  const client = (runtime.database.db as unknown as { $client: PGlite }).$client;
  counted = drizzle(client, { logger: { logQuery: (query) => void statements.push(query) } }) as unknown as Database;
  await loadPage(); // the first load of a date makes its sailings (materialized on demand)
});
afterAll(() => runtime.database.close());
beforeEach(() => {
  statements.length = 0;
});

type PageData = Awaited<ReturnType<typeof loader>>["data"];

/** One request: a new router context, the root and page loaders side by side, as React Router runs them. */
async function loadPage(url = PAGE): Promise<PageData> {
  const context = new RouterContextProvider();
  context.set(servicesContext, { ...runtime.services, db: counted });
  context.set(requestContext, {
    requestId: "test",
    logger: createLogger("silent"),
    nonce: "n",
    clientAddress: "127.0.0.1",
    country: null,
    site,
  });
  const request = new Request(url);
  const args = { request, context, params: {}, unstable_pattern: "" } as unknown as Parameters<typeof loader>[0];
  const [, page] = await Promise.all([loadRootData(request, context), loader(args)]);
  return (page as unknown as { data: PageData }).data;
}

const outboundOf = (page: PageData): SailingView[] => page.widget.result?.outbound?.sailings ?? [];
const timetableOf = (page: PageData, code: string): TimetableSailingView[] =>
  page.timetable.crossings.find((crossing) => crossing.code === code)?.sailings ?? [];

/** The table a statement reads: its last `from "…"` (the sailings' seat count is a subquery before it), else its first word. */
const tableOf = (statement: string) =>
  [...statement.matchAll(/\bfrom "(\w+)"/g)].at(-1)?.[1] ?? statement.split(" ")[0]!;

describe("the routes and schedules page", () => {
  it("shows a hold taken a moment ago, on the search's leg and in the timetable alike", async () => {
    const before = await loadPage();
    const sailing = outboundOf(before).find((item) => item.selectable)!;
    const row = timetableOf(before, CROSSING_TO_ISLA_CODE).find((item) => item.id === sailing.id);
    expect(row?.seatsLeft).toBe(sailing.seatsLeft);
    // A timetable row carries what the table shows and nothing more (it is serialized into the page).
    expect(Object.keys(row ?? {}).sort()).toEqual([
      "arrivalTime",
      "closureReason",
      "id",
      "seatsLeft",
      "status",
      "time",
    ]);
    await addToCart(
      runtime.database.db,
      {
        sessionId: null,
        currency: "MXN",
        item: {
          type: "ferry",
          crossing: CROSSING_TO_ISLA_CODE,
          trip: "one_way",
          date: DAY,
          returnDate: null,
          outboundSailingId: sailing.id,
          inboundSailingId: null,
          category: "tourist",
          passengers: { adult: 3, child: 0, infant: 0 },
        },
      },
      { siteCode: "travesia", language: "en", now: NOW, holdSeconds: 900 },
    );
    const after = await loadPage();
    expect(outboundOf(after).find((item) => item.id === sailing.id)?.seatsLeft).toBe(sailing.seatsLeft - 3);
    expect(timetableOf(after, CROSSING_TO_ISLA_CODE).find((item) => item.id === sailing.id)?.seatsLeft).toBe(
      sailing.seatsLeft - 3,
    );
  });

  it("reads afresh on each request: a closure made between two requests shows on the second only", async () => {
    const before = await loadPage();
    expect(timetableOf(before, CROSSING_TO_CANCUN_CODE).every((item) => item.closureReason === null)).toBe(true);
    await closeSales(runtime.database.db, { crossingId: null, date: RETURN }, "weather");
    const after = await loadPage();
    const inbound = after.widget.result?.inbound?.sailings ?? [];
    expect(inbound.length).toBeGreaterThan(0);
    expect(
      inbound.every((item) => item.status === "closed" && item.closureReason === "weather" && !item.selectable),
    ).toBe(true);
    // The outbound day has no closure: the memo is of a date, not of "the sailings" of the request.
    expect(outboundOf(after).some((item) => item.status === "available")).toBe(true);
  });

  it("leaves seats and the passengers' price out of a live search, the same page for every count", async () => {
    const live = await loadPage(LIVE_PAGE);
    expect(live.live).toBe(true);
    expect(live.widget.result?.price).toBeNull();
    expect(live.widget.bands.map((band) => band.price)).toEqual(["…", "…", "…"]);
    expect(live.widget.result?.outbound?.pending).toBe(true);
    expect(live.timetable.pending).toBe(true);
    // Placeholders only: nothing in the page depends on a seat taken or on the passengers asked for.
    expect(new Set(outboundOf(live).map((item) => `${item.seatsLeft}/${item.status}/${item.selectable}`))).toEqual(
      new Set(["0/available/true"]),
    );
    expect(
      timetableOf(live, CROSSING_TO_ISLA_CODE).every((item) => item.seatsLeft === 0 && item.status === "available"),
    ).toBe(true);
    const other = await loadPage(LIVE_PAGE.replace("adults=2&children=1", "adults=5"));
    expect(JSON.stringify(other)).toBe(JSON.stringify(live));
    // The summary step (its add-to-cart form carries the counts) is rendered whole.
    const summary = await loadPage(`${LIVE_PAGE.replace("step=search", "step=continue")}`);
    expect(summary.live).toBe(false);
    expect(summary.widget.query.passengers).toEqual({ adult: 2, child: 1, infant: 0 });
  });

  it("reads each piece of reference data once per page load", async () => {
    await loadPage();
    const reads = new Map<string, number>();
    for (const statement of statements) reads.set(tableOf(statement), (reads.get(tableOf(statement)) ?? 0) + 1);
    // One read each of what operators edit; the search's two dates and the timetable's (the
    // outbound's) make two reads of live sailings, their seats and closures in one statement each.
    expect(Object.fromEntries(reads)).toMatchObject({
      crossings: 1,
      ports: 1,
      presale_tiers: 1,
      fares: 1,
      product_passenger_types: 1,
      vessels: 1,
      sailings: 2,
    });
    expect(reads.get("closures") ?? 0).toBe(0);
    expect(reads.get("product_complements") ?? 0).toBe(0);
    // A regression check on the whole, not a timing: 29 statements before ADR 0044, 13 after.
    expect(statements.length).toBeLessThanOrEqual(13);
  });
});
