// The realtime GTFS feeds (gtfs.org/realtime/reference), pure: from the closures in force and the
// moved sailings to two FeedMessages, trip updates and service alerts (one kind of entity per feed, as
// Google Transit asks). Changes are told against the trip the timetable planned, so a trip planner
// holding an older copy of the static feed learns of them within its polling interval (ADR 0060): a
// closed sailing is its planned trip CANCELED, a moved one is its planned trip with the new times.
import bindings from "gtfs-realtime-bindings";
import type { LocalizedText } from "../../lib/db.ts";
import { LANGUAGES, type Language } from "../../lib/language.ts";
import { localDateOf, localTimeOf, type ChangedSailing, type ClosureOfSailings } from "../inventory/index.ts";
import {
  GTFS_AGENCY_ID,
  GTFS_TIME_ZONE,
  gtfsTime,
  routeOf,
  tripIdOf,
  type GtfsCrossing,
  type GtfsPort,
} from "./gtfs.ts";

const { transit_realtime: rt } = bindings;
export type FeedMessage = bindings.transit_realtime.IFeedMessage;

export interface RealtimeInput {
  now: Date;
  ports: readonly GtfsPort[];
  crossings: readonly GtfsCrossing[];
  closures: readonly ClosureOfSailings[];
  moved: readonly ChangedSailing[];
  /** Where riders read more: the routes and schedules page, in each language. */
  infoUrl: LocalizedText;
}

export interface RealtimeFeeds {
  tripUpdates: FeedMessage;
  alerts: FeedMessage;
}

interface SailingFacts {
  tripId: string;
  routeId: string;
  directionId: number;
  startDate: string;
  startTime: string;
  from: GtfsPort;
  to: GtfsPort;
  departsAt: Date;
  arrivesAt: Date;
  plannedDepartsAt: Date;
  plannedArrivesAt: Date;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const compact = (date: string) => date.replaceAll("-", "");

/** A day as riders read it: "27 de noviembre", "November 27", "27 de novembro". */
function dayOf(instant: Date, language: Language): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "long", timeZone: GTFS_TIME_ZONE }).format(instant);
}

interface AlertFacts {
  from: string;
  to: string;
  day: string;
  time: string;
  newTime: string;
  /** The day it leaves now, when not the planned day. */
  newDay: string | null;
}

const COPY: Record<
  Language,
  {
    sailing: (f: AlertFacts) => string;
    crossingDay: (f: AlertFacts) => string;
    portDay: (f: AlertFacts) => string;
    weather: string;
    portAuthority: string;
    moved: (f: AlertFacts) => string;
    movedDay: (f: AlertFacts) => string;
    movedDetail: string;
  }
> = {
  es: {
    sailing: (f) => `Cancelada: la salida de las ${f.time} ${f.from} → ${f.to} del ${f.day}`,
    crossingDay: (f) => `Sin salidas ${f.from} → ${f.to} el ${f.day}`,
    portDay: (f) => `Sin salidas de ferry el ${f.day}`,
    weather: "Cerrado por el clima. Si tienes boletos, te escribimos por correo con tus opciones.",
    portAuthority:
      "Cerrado por orden de la capitanía de puerto. Si tienes boletos, te escribimos por correo con tus opciones.",
    moved: (f) =>
      `Cambio de horario: la salida de las ${f.time} ${f.from} → ${f.to} del ${f.day} sale a las ${f.newTime}`,
    movedDay: (f) =>
      `Cambio de horario: la salida de las ${f.time} ${f.from} → ${f.to} del ${f.day} sale el ${f.newDay} a las ${f.newTime}`,
    movedDetail: "Tus boletos de esa salida valen para la nueva hora.",
  },
  en: {
    sailing: (f) => `Cancelled: the ${f.time} sailing ${f.from} → ${f.to} on ${f.day}`,
    crossingDay: (f) => `No sailings ${f.from} → ${f.to} on ${f.day}`,
    portDay: (f) => `No ferry sailings on ${f.day}`,
    weather: "Closed because of the weather. If you hold tickets, we have e-mailed you your options.",
    portAuthority: "Closed by order of the port authority. If you hold tickets, we have e-mailed you your options.",
    moved: (f) => `Time change: the ${f.time} sailing ${f.from} → ${f.to} on ${f.day} leaves at ${f.newTime}`,
    movedDay: (f) =>
      `Time change: the ${f.time} sailing ${f.from} → ${f.to} on ${f.day} leaves on ${f.newDay} at ${f.newTime}`,
    movedDetail: "Your tickets for that sailing are valid at the new time.",
  },
  pt: {
    sailing: (f) => `Cancelada: a saída das ${f.time} ${f.from} → ${f.to} de ${f.day}`,
    crossingDay: (f) => `Sem saídas ${f.from} → ${f.to} em ${f.day}`,
    portDay: (f) => `Sem saídas de ferry em ${f.day}`,
    weather: "Fechado por causa do tempo. Se você tem passagens, enviamos suas opções por e-mail.",
    portAuthority: "Fechado por ordem da capitania dos portos. Se você tem passagens, enviamos suas opções por e-mail.",
    moved: (f) => `Mudança de horário: a saída das ${f.time} ${f.from} → ${f.to} de ${f.day} sai às ${f.newTime}`,
    movedDay: (f) =>
      `Mudança de horário: a saída das ${f.time} ${f.from} → ${f.to} de ${f.day} sai em ${f.newDay} às ${f.newTime}`,
    movedDetail: "Suas passagens dessa saída valem para o novo horário.",
  },
};

function translated(text: (language: Language) => string): bindings.transit_realtime.ITranslatedString {
  return { translation: LANGUAGES.map((language) => ({ text: text(language), language })) };
}

function header(now: Date): bindings.transit_realtime.IFeedHeader {
  return {
    gtfsRealtimeVersion: "2.0",
    incrementality: rt.FeedHeader.Incrementality.FULL_DATASET,
    timestamp: seconds(now),
  };
}

/**
 * The two feeds at `now`. A sailing drops out once it has arrived (at its planned and its actual time),
 * and a closure once every sailing it stops has; a sailing both moved and closed is told as closed.
 */
export function buildRealtimeFeeds(input: RealtimeInput): RealtimeFeeds {
  const ports = new Map(input.ports.map((port) => [port.id, port]));
  const crossings = new Map(input.crossings.map((crossing) => [crossing.id, crossing]));
  const factsOf = (sailing: ChangedSailing): SailingFacts | null => {
    const crossing = crossings.get(sailing.crossingId);
    if (!crossing) return null;
    const from = ports.get(crossing.fromPortId)!;
    const to = ports.get(crossing.toPortId)!;
    const route = routeOf(crossing, ports);
    const planned = sailing.plannedDepartsAt ?? sailing.departsAt;
    const later = (at: Date) => new Date(at.getTime() + crossing.durationMinutes * 60_000);
    const time = localTimeOf(planned, GTFS_TIME_ZONE);
    return {
      tripId: tripIdOf(crossing.code, time),
      routeId: route.id,
      directionId: route.first.id === from.id ? 0 : 1,
      startDate: compact(localDateOf(planned, GTFS_TIME_ZONE)),
      startTime: gtfsTime(time),
      from,
      to,
      departsAt: sailing.departsAt,
      arrivesAt: later(sailing.departsAt),
      plannedDepartsAt: planned,
      plannedArrivesAt: later(planned),
    };
  };
  const current = (facts: SailingFacts | null): facts is SailingFacts =>
    facts !== null && Math.max(facts.arrivesAt.getTime(), facts.plannedArrivesAt.getTime()) > input.now.getTime();

  const tripUpdates: bindings.transit_realtime.IFeedEntity[] = [];
  const alerts: bindings.transit_realtime.IFeedEntity[] = [];
  const closed = new Set<number>();
  for (const closure of input.closures) {
    const affected = closure.sailings
      .map((sailing) => ({ sailing, facts: factsOf(sailing) }))
      .filter((item): item is { sailing: ChangedSailing; facts: SailingFacts } => current(item.facts));
    if (affected.length === 0) continue;
    for (const { sailing, facts } of affected) {
      if (closed.has(sailing.id)) continue;
      closed.add(sailing.id);
      tripUpdates.push({
        id: `sailing-${sailing.id}`,
        tripUpdate: {
          trip: tripOf(facts, rt.TripDescriptor.ScheduleRelationship.CANCELED),
          timestamp: seconds(input.now),
        },
      });
    }
    alerts.push(closureAlert(closure, affected, input.infoUrl));
  }

  for (const sailing of input.moved) {
    const facts = factsOf(sailing);
    if (!current(facts) || closed.has(sailing.id)) continue;
    const delay = seconds(facts.departsAt) - seconds(facts.plannedDepartsAt);
    tripUpdates.push({
      id: `sailing-${sailing.id}`,
      tripUpdate: {
        trip: tripOf(facts, rt.TripDescriptor.ScheduleRelationship.SCHEDULED),
        stopTimeUpdate: [
          { stopSequence: 1, stopId: facts.from.code, departure: { time: seconds(facts.departsAt), delay } },
          { stopSequence: 2, stopId: facts.to.code, arrival: { time: seconds(facts.arrivesAt), delay } },
        ],
        delay,
        timestamp: seconds(input.now),
      },
    });
    alerts.push({
      id: `moved-${sailing.id}`,
      alert: {
        activePeriod: [
          {
            start: seconds(new Date(Math.min(facts.departsAt.getTime(), facts.plannedDepartsAt.getTime()))),
            end: seconds(new Date(Math.max(facts.arrivesAt.getTime(), facts.plannedArrivesAt.getTime()))),
          },
        ],
        informedEntity: [
          {
            routeId: facts.routeId,
            trip: { tripId: facts.tripId, startDate: facts.startDate, startTime: facts.startTime },
          },
        ],
        cause: rt.Alert.Cause.OTHER_CAUSE,
        effect: rt.Alert.Effect.MODIFIED_SERVICE,
        headerText: translated((language) => {
          const text = textFacts(facts, language);
          return text.newDay === null ? COPY[language].moved(text) : COPY[language].movedDay(text);
        }),
        descriptionText: translated((language) => COPY[language].movedDetail),
        url: translated((language) => input.infoUrl[language]),
      },
    });
  }
  return {
    tripUpdates: { header: header(input.now), entity: tripUpdates },
    alerts: { header: header(input.now), entity: alerts },
  };
}

/** The trip a sailing is, as GTFS realtime names it. */
function tripOf(
  facts: SailingFacts,
  relationship: bindings.transit_realtime.TripDescriptor.ScheduleRelationship,
): bindings.transit_realtime.ITripDescriptor {
  return {
    tripId: facts.tripId,
    routeId: facts.routeId,
    directionId: facts.directionId,
    startDate: facts.startDate,
    startTime: facts.startTime,
    scheduleRelationship: relationship,
  };
}

function textFacts(facts: SailingFacts, language: Language): AlertFacts {
  return {
    from: facts.from.name[language],
    to: facts.to.name[language],
    day: dayOf(facts.plannedDepartsAt, language),
    time: localTimeOf(facts.plannedDepartsAt, GTFS_TIME_ZONE),
    newTime: localTimeOf(facts.departsAt, GTFS_TIME_ZONE),
    newDay:
      localDateOf(facts.departsAt, GTFS_TIME_ZONE) === localDateOf(facts.plannedDepartsAt, GTFS_TIME_ZONE)
        ? null
        : dayOf(facts.departsAt, language),
  };
}

/** What a closure tells: no service for the sailings it stops, while they would have sailed, and why. */
function closureAlert(
  closure: RealtimeInput["closures"][number],
  affected: readonly { sailing: ChangedSailing; facts: SailingFacts }[],
  infoUrl: RealtimeInput["infoUrl"],
): bindings.transit_realtime.IFeedEntity {
  const first = affected[0]!.facts;
  const headline = (language: Language) => {
    const facts = textFacts(first, language);
    if (closure.scope === "sailing") return COPY[language].sailing(facts);
    return closure.scope === "crossing_day" ? COPY[language].crossingDay(facts) : COPY[language].portDay(facts);
  };
  return {
    id: `closure-${closure.id}`,
    alert: {
      activePeriod: [
        {
          start: seconds(new Date(Math.min(...affected.map(({ facts }) => facts.plannedDepartsAt.getTime())))),
          end: seconds(
            new Date(
              Math.max(
                ...affected.map(({ facts }) => Math.max(facts.arrivesAt.getTime(), facts.plannedArrivesAt.getTime())),
              ),
            ),
          ),
        },
      ],
      informedEntity:
        closure.scope === "port_day"
          ? [{ agencyId: GTFS_AGENCY_ID }]
          : affected.map(({ facts }) => ({
              routeId: facts.routeId,
              trip: { tripId: facts.tripId, startDate: facts.startDate, startTime: facts.startTime },
            })),
      cause: closure.reason === "weather" ? rt.Alert.Cause.WEATHER : rt.Alert.Cause.OTHER_CAUSE,
      effect: rt.Alert.Effect.NO_SERVICE,
      headerText: translated(headline),
      descriptionText: translated((language) =>
        closure.reason === "weather" ? COPY[language].weather : COPY[language].portAuthority,
      ),
      url: translated((language) => infoUrl[language]),
    },
  };
}

/** The protobuf bytes of a feed, as served. */
export function encodeFeedMessage(message: FeedMessage): Uint8Array {
  return rt.FeedMessage.encode(rt.FeedMessage.fromObject(message)).finish();
}

/** A served feed read back (for tests and tools). */
export function decodeFeedMessage(bytes: Uint8Array): bindings.transit_realtime.FeedMessage {
  return rt.FeedMessage.decode(bytes);
}
