// What the boarding pages (scanner, manifest, booth) load alike: the day asked for (today by
// default, in Cancún) and its sailings on every crossing, for the sailing pickers.
import { isLocalDate, localDateOf, findCrossings, findDaySailings, addDays } from "../../modules/inventory/index.ts";
import type { StaffPermission } from "../../modules/identity/index.ts";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { servicesContext, type AppServices } from "../../server/edge/index.ts";
import { requireStaffPage, type ConsoleArgs } from "./staff-page.server.ts";

export interface DaySailing {
  id: number;
  time: string;
  from: string;
  to: string;
  capacity: number;
  seatsLeft: number;
  departed: boolean;
  closed: boolean;
}

/** The pickers offer today and the next days (a list can be fetched the night before). */
export const BOARDING_DAYS_AHEAD = 7;

export function dayAsked(url: URL, now: Date): { date: string; today: string; last: string } {
  const today = localDateOf(now);
  const last = addDays(today, BOARDING_DAYS_AHEAD);
  const asked = url.searchParams.get("date") ?? "";
  const date = isLocalDate(asked) && asked >= addDays(today, -1) && asked <= last ? asked : today;
  return { date, today, last };
}

export async function sailingsOfDay(
  services: AppServices,
  language: Language,
  date: string,
  now: Date,
): Promise<DaySailing[]> {
  const crossings = await findCrossings(services.db, language);
  const sailings = await findDaySailings(
    services.db,
    crossings.map((crossing) => crossing.id),
    date,
    now,
  );
  return sailings
    .map((sailing) => {
      const crossing = crossings.find((candidate) => candidate.id === sailing.crossingId);
      return {
        id: sailing.id,
        time: sailing.time,
        from: crossing?.from.name ?? "",
        to: crossing?.to.name ?? "",
        capacity: sailing.capacity,
        seatsLeft: sailing.seatsLeft,
        departed: sailing.departsAt.getTime() <= now.getTime(),
        closed: sailing.closure !== null,
      };
    })
    .sort((a, b) => a.time.localeCompare(b.time) || a.from.localeCompare(b.from));
}

/** The sailing id of the query when it is one of the day's. */
export function sailingAsked(url: URL, sailings: readonly DaySailing[]): number | null {
  const id = Number(url.searchParams.get("sailing"));
  return sailings.some((sailing) => sailing.id === id) ? id : null;
}

/**
 * How a boarding page's loader starts: the staff gate, then the day asked for, its sailings and the
 * one chosen, which every such page shows in its picker.
 */
export async function loadSailingDay(args: ConsoleArgs, permission: StaffPermission) {
  await requireStaffPage(args, permission);
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const language = languageOfPath(url.pathname);
  const now = services.clock.now();
  const day = dayAsked(url, now);
  const sailings = await sailingsOfDay(services, language, day.date, now);
  return { services, now, page: { ...day, language, sailings, chosen: sailingAsked(url, sailings) } };
}
