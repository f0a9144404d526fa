// The live part of routes & schedules, pure: which requests are live, what a live page leaves out, and
// how the live data is laid over the page in the browser.
import { describe, expect, it } from "vitest";
import type { TimetableView } from "../components/booking/timetable.tsx";
import type { FerryWidgetView, LegView } from "../../lib/views/booking.ts";
import { isLiveSearch } from "../../lib/routing/live-query.ts";
import { liveSailingsHref, withLiveData, withoutLiveData, type LiveSailings } from "./live-sailings.ts";

const sailing = (id: number, seatsLeft: number) => ({
  id,
  time: "09:00",
  arrivalTime: "09:25",
  vessel: "Caribe",
  seatsLeft,
  status: "available" as const,
  closureReason: null,
  selectable: true,
});
const leg: LegView = {
  from: "Cancún",
  to: "Isla",
  date: "Thursday",
  sailings: [sailing(1, 40), sailing(2, 3)],
  included: false,
};
const price = {
  currency: "MXN",
  lines: [{ type: "adult" as const, count: 2, total: "$508.00" }],
  subtotal: "$508.00",
  discount: null,
  total: "$508.00",
  presale: null,
};
const bands = [{ type: "adult" as const, range: "12+", price: "$254.00" }];
const widget = {
  query: { passengers: { adult: 2, child: 0, infant: 0 } },
  bands,
  result: { outbound: leg, inbound: null, price },
  error: null,
} as unknown as FerryWidgetView;
const timetable: TimetableView = {
  action: "/en/routes-schedules/",
  date: "2031-03-13",
  bounds: { min: "2031-03-03", max: "2031-09-03" },
  crossings: [
    {
      code: "a",
      from: "Cancún",
      to: "Isla",
      place: "Cancún",
      durationMinutes: 25,
      sailings: [
        { id: 1, time: "09:00", arrivalTime: "09:25", seatsLeft: 40, status: "available", closureReason: null },
      ],
    },
  ],
};

describe("live searches", () => {
  it("are a plain visit or a search, unless sent without JavaScript or at the summary step", () => {
    expect(isLiveSearch(new URLSearchParams(""))).toBe(true);
    expect(isLiveSearch(new URLSearchParams("date=2031-03-13&adults=3"))).toBe(true);
    expect(isLiveSearch(new URLSearchParams("date=2031-03-13&step=search&nojs=1"))).toBe(false);
    expect(isLiveSearch(new URLSearchParams("date=2031-03-13&step=continue&out=1"))).toBe(false);
    // Counts the widget cannot send are the server's to refuse, with the page's status.
    expect(isLiveSearch(new URLSearchParams("date=2031-03-13&adults=60&children=0"))).toBe(true);
    expect(isLiveSearch(new URLSearchParams("date=2031-03-13&adults=9999"))).toBe(false);
    expect(isLiveSearch(new URLSearchParams("date=2031-03-13&adults=-1"))).toBe(false);
  });

  it("read their data at one address per search and currency, whatever else the address carries", () => {
    const href = liveSailingsHref(
      new URLSearchParams("utm_source=x&trip=one_way&date=2031-03-13&adults=3&crossing=a"),
      "USD",
    );
    expect(href).toBe("/api/sailings/live?adults=3&crossing=a&date=2031-03-13&trip=one_way&currency=USD");
  });
});

describe("a live page", () => {
  it("carries placeholders only: no seat, no state, no price of the passengers", () => {
    const { widget: bare, timetable: table } = withoutLiveData(widget, timetable);
    expect(bare.result?.price).toBeNull();
    expect(bare.bands.map((band) => band.price)).toEqual(["…"]);
    expect(bare.result?.outbound?.pending).toBe(true);
    expect(bare.result?.outbound?.sailings.map((item) => [item.seatsLeft, item.status, item.selectable])).toEqual([
      [0, "available", true],
      [0, "available", true],
    ]);
    expect(table.pending).toBe(true);
    expect(table.crossings[0]?.sailings[0]?.seatsLeft).toBe(0);
  });

  it("shows the live seats, states and price once they came, by sailing", () => {
    const live: LiveSailings = {
      sailings: [
        { id: 1, seatsLeft: 39, status: "available", closureReason: null, selectable: true },
        { id: 2, seatsLeft: 0, status: "sold_out", closureReason: null, selectable: false },
      ],
      bands,
      price,
    };
    const { widget: shown, timetable: table } = withLiveData(withoutLiveData(widget, timetable), {
      kind: "ready",
      data: live,
    });
    expect(shown.result?.outbound?.pending).toBeUndefined();
    expect(shown.result?.outbound?.sailings.map((item) => [item.seatsLeft, item.status, item.selectable])).toEqual([
      [39, "available", true],
      [0, "sold_out", false],
    ]);
    expect(shown.result?.price).toEqual(price);
    expect(shown.bands).toEqual(bands);
    expect(table.pending).toBeUndefined();
    expect(table.crossings[0]?.sailings[0]?.seatsLeft).toBe(39);
  });

  it("shows a refused search as the widget's error, without legs", () => {
    const { widget: shown } = withLiveData(withoutLiveData(widget, timetable), {
      kind: "refused",
      code: "TOO_MANY_PASSENGERS",
    });
    expect(shown.result).toBeNull();
    expect(shown.error).toEqual({ code: "TOO_MANY_PASSENGERS" });
  });
});
