import { describe, expect, it } from "vitest";
import { buildRealtimeFeeds, decodeFeedMessage, encodeFeedMessage, type RealtimeInput } from "./realtime.ts";

const ports = [
  {
    id: 1,
    code: "cancun",
    name: { es: "Cancún", en: "Cancún", pt: "Cancún" },
    description: { es: "", en: "", pt: "" },
    latitude: 21.1,
    longitude: -86.8,
  },
  {
    id: 2,
    code: "isla",
    name: { es: "Isla Mujeres", en: "Isla Mujeres", pt: "Isla Mujeres" },
    description: { es: "", en: "", pt: "" },
    latitude: 21.2,
    longitude: -86.7,
  },
];
const crossings = [
  { id: 1, code: "cancun-isla", fromPortId: 1, toPortId: 2, durationMinutes: 25 },
  { id: 2, code: "isla-cancun", fromPortId: 2, toPortId: 1, durationMinutes: 25 },
];
// 09:00 in Cancún (UTC-5) on 2031-03-05.
const nine = new Date("2031-03-05T14:00:00Z");
const at = (minutes: number) => new Date(nine.getTime() + minutes * 60_000);
const sailing = (id: number, crossingId: number, departsAt: Date, plannedDepartsAt: Date | null = null) => ({
  id,
  crossingId,
  serviceDate: "2031-03-05",
  departsAt,
  plannedDepartsAt,
});
const base: RealtimeInput = {
  now: new Date("2031-03-04T12:00:00Z"),
  ports,
  crossings,
  closures: [],
  moved: [],
  infoUrl: {
    es: "https://t.example/es/rutas-horarios/",
    en: "https://t.example/en/routes-schedules/",
    pt: "https://t.example/pt/rotas-horarios/",
  },
};

describe("buildRealtimeFeeds", () => {
  it("moves a sailing earlier with a negative delay, and names the new day when it changes", () => {
    const earlier = buildRealtimeFeeds({ ...base, moved: [sailing(1, 1, at(-15), nine)] });
    const update = earlier.tripUpdates.entity![0]!.tripUpdate!;
    expect(update.trip).toMatchObject({
      tripId: "cancun-isla-0900",
      startDate: "20310305",
      startTime: "09:00:00",
      routeId: "cancun--isla",
      directionId: 0,
    });
    expect(update.stopTimeUpdate![0]!.departure).toEqual({ time: Math.floor(at(-15).getTime() / 1000), delay: -900 });
    const nextDay = buildRealtimeFeeds({ ...base, moved: [sailing(1, 2, at(24 * 60 + 30), nine)] });
    const header = nextDay.alerts.entity![0]!.alert!.headerText!.translation!;
    expect(header.find((text) => text.language === "en")?.text).toBe(
      "Time change: the 09:00 sailing Isla Mujeres → Cancún on March 5 leaves on March 6 at 09:30",
    );
    expect(header.find((text) => text.language === "es")?.text).toBe(
      "Cambio de horario: la salida de las 09:00 Isla Mujeres → Cancún del 5 de marzo sale el 6 de marzo a las 09:30",
    );
    expect(nextDay.tripUpdates.entity![0]!.tripUpdate!.trip!.directionId).toBe(1);
  });

  it("tells a closed sailing only as cancelled, a port's day to the whole agency, and drops what has arrived", () => {
    const closures = [
      {
        id: 7,
        reason: "port_authority" as const,
        scope: "port_day" as const,
        serviceDate: "2031-03-05",
        sailings: [sailing(1, 1, at(30), nine), sailing(2, 2, at(60))],
      },
    ];
    const feeds = buildRealtimeFeeds({ ...base, closures, moved: [sailing(1, 1, at(30), nine)] });
    expect(
      feeds.tripUpdates.entity!.map((entity) => [entity.id, entity.tripUpdate!.trip!.scheduleRelationship]),
    ).toEqual([
      ["sailing-1", 3],
      ["sailing-2", 3],
    ]);
    const alert = feeds.alerts.entity![0]!.alert!;
    expect(feeds.alerts.entity!.map((entity) => entity.id)).toEqual(["closure-7"]);
    expect(alert.informedEntity).toEqual([{ agencyId: "travesia" }]);
    expect(alert.descriptionText!.translation!.find((text) => text.language === "pt")?.text).toContain(
      "capitania dos portos",
    );
    expect(alert.activePeriod).toEqual([
      { start: Math.floor(nine.getTime() / 1000), end: Math.floor(at(85).getTime() / 1000) },
    ]);
    const later = buildRealtimeFeeds({ ...base, now: at(90), closures, moved: [] });
    expect(later.tripUpdates.entity).toEqual([]);
    expect(later.alerts.entity).toEqual([]);
  });

  it("encodes to protobuf that decodes to the same feed", () => {
    const feeds = buildRealtimeFeeds({ ...base, moved: [sailing(1, 1, at(20), nine)] });
    const decoded = decodeFeedMessage(encodeFeedMessage(feeds.tripUpdates));
    expect(decoded.header.gtfsRealtimeVersion).toBe("2.0");
    expect(decoded.entity[0]!.tripUpdate!.trip.tripId).toBe("cancun-isla-0900");
    expect(decoded.entity[0]!.tripUpdate!.stopTimeUpdate![1]!.arrival!.delay).toBe(1200);
  });
});
