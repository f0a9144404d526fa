// The console's closures page: a day's sailings of every crossing with seats taken and
// state, a form to close one sailing or the whole day (one crossing or the port), the closures in
// force and lately lifted, each with its reopen button; a park's or tour's day closed the same way; every
// holder of a closed sailing moved to another sailing in one action (flows/closed-sailing-move.ts).
// Closing and reopening mail the holders (flows/sailing-closures.ts).
import { randomBytes } from "node:crypto";
import { data, redirect, type RouterContextProvider } from "react-router";
import { AppError } from "../../../lib/errors.ts";
import type { Language } from "../../../lib/language.ts";
import { moveHoldersOfClosedSailing } from "../../../flows/closed-sailing-move.ts";
import { closeSailings, reopenSailings } from "../../../flows/sailing-closures.ts";
import {
  addDays,
  findActivities,
  findCrossings,
  findDaySailings,
  findRecentClosures,
  isLocalDate,
  localDateOf,
  localTimeOf,
  type ClosureFilter,
  type ClosureReason,
  type SailingStatus,
} from "../../../modules/inventory/index.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface DaySailing {
  id: number;
  crossing: string;
  time: string;
  vessel: string;
  capacity: number;
  taken: number;
  status: SailingStatus;
  closureId: number | null;
  /** A closed sailing with holders: the sailings of its crossing (this day and the next) they could all move to. */
  moveTo: { id: number; date: string; time: string; left: number }[];
}

export interface ClosureRow {
  id: number;
  what:
    | { kind: "sailing"; date: string | null; time: string | null; crossing: string | null }
    | { kind: "day"; date: string; crossing: string | null }
    | { kind: "activity"; date: string; activity: string };
  reason: ClosureReason;
  note: string | null;
  createdAt: string;
  liftedAt: string | null;
}

export interface ClosuresPageData {
  date: string;
  today: string;
  crossings: { code: string; name: string }[];
  activities: { code: string; name: string }[];
  sailings: DaySailing[];
  closures: ClosureRow[];
  done:
    | { kind: "closed"; notified: number }
    | { kind: "reopened"; notified: number | null }
    | { kind: "moved"; bookings: number }
    | null;
  /** This form's token: the move form sent twice moves (and mails) once. */
  formKey: string;
  /** The list's filter and page (CLOSURES_PER_PAGE a page); `more` when an older page exists. */
  list: { state: ClosureFilter; page: number; more: boolean };
}

export const CLOSURES_PER_PAGE = 20;

function filterOf(value: string | null): ClosureFilter {
  return value === "open" || value === "lifted" ? value : "all";
}

export async function loadClosuresPage(args: Args, language: Language): Promise<ClosuresPageData> {
  const services = args.context.get(servicesContext);
  const now = services.clock.now();
  const url = new URL(args.request.url);
  const today = localDateOf(now);
  const asked = url.searchParams.get("date") ?? "";
  const date = isLocalDate(asked) ? asked : today;
  const state = filterOf(url.searchParams.get("state"));
  const listPage = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 1000);
  const [crossings, activities] = await Promise.all([
    findCrossings(services.db, language),
    findActivities(services.db, language),
  ]);
  const nameOf = (id: number | null) => {
    const crossing = crossings.find((item) => item.id === id);
    return crossing ? `${crossing.from.name} → ${crossing.to.name}` : null;
  };
  const crossingIds = crossings.map((crossing) => crossing.id);
  const [day, nextDay, recent] = await Promise.all([
    findDaySailings(services.db, crossingIds, date, now),
    findDaySailings(services.db, crossingIds, addDays(date, 1), now),
    findRecentClosures(services.db, addDays(today, -7), CLOSURES_PER_PAGE + 1, {
      state,
      offset: (listPage - 1) * CLOSURES_PER_PAGE,
    }),
  ]);
  const doneParam = url.searchParams.get("done");
  const count = (name: string) => {
    const value = Number.parseInt(url.searchParams.get(name) ?? "", 10);
    return Number.isFinite(value) && value >= 0 ? value : 0;
  };
  const open = [...day, ...nextDay].filter(
    (sailing) => sailing.status !== "closed" && sailing.status !== "departed" && sailing.seatsLeft > 0,
  );
  const activityName = (id: number | null) => activities.find((activity) => activity.id === id)?.name ?? "";
  return {
    date,
    today,
    crossings: crossings.map((crossing) => ({
      code: crossing.code,
      name: `${crossing.from.name} → ${crossing.to.name}`,
    })),
    activities: activities.map((activity) => ({ code: activity.code, name: activity.name })),
    sailings: day.map((sailing) => ({
      id: sailing.id,
      crossing: nameOf(sailing.crossingId) ?? "",
      time: sailing.time,
      vessel: sailing.vessel.name,
      capacity: sailing.capacity,
      taken: sailing.taken,
      status: sailing.status,
      closureId: sailing.closure?.id ?? null,
      moveTo:
        sailing.status === "closed" && sailing.taken > 0
          ? open
              .filter((other) => other.crossingId === sailing.crossingId && other.id !== sailing.id)
              .map((other) => ({ id: other.id, date: other.serviceDate, time: other.time, left: other.seatsLeft }))
          : [],
    })),
    list: { state, page: listPage, more: recent.length > CLOSURES_PER_PAGE },
    closures: recent.slice(0, CLOSURES_PER_PAGE).map((closure) => ({
      id: closure.id,
      what:
        closure.activityId !== null
          ? { kind: "activity" as const, date: closure.serviceDate ?? "", activity: activityName(closure.activityId) }
          : closure.sailingId !== null
            ? {
                kind: "sailing" as const,
                date: closure.sailingDate,
                time: closure.sailingDepartsAt ? localTimeOf(closure.sailingDepartsAt) : null,
                crossing: null,
              }
            : { kind: "day" as const, date: closure.serviceDate ?? "", crossing: nameOf(closure.crossingId) },
      reason: closure.reason,
      note: closure.note,
      createdAt: closure.createdAt.toISOString(),
      liftedAt: closure.liftedAt?.toISOString() ?? null,
    })),
    done:
      doneParam === "closed"
        ? { kind: "closed", notified: count("notified") }
        : doneParam === "reopened"
          ? { kind: "reopened", notified: url.searchParams.has("notified") ? count("notified") : null }
          : doneParam === "moved"
            ? { kind: "moved", bookings: count("bookings") }
            : null,
    formKey: randomBytes(12).toString("base64url"),
  };
}

function reasonOf(value: string): ClosureReason {
  return value === "port_authority" ? "port_authority" : "weather";
}

export async function submitClosuresPage(args: Args, actor: AuditActor, language: Language) {
  const services = args.context.get(servicesContext);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const page = new URL(args.request.url).pathname;
  const date = field(form, "date", 10);
  const back = (query: string) =>
    redirect(`${page}?date=${encodeURIComponent(date)}&${query}`, { headers: { "Cache-Control": "no-store" } });
  if (intent === "close-sailing") {
    const sailingId = integerField(form, "sailingId");
    try {
      const outcome = await closeSailings(
        deps,
        { sailingId: sailingId ?? 0 },
        reasonOf(field(form, "reason")),
        field(form, "note", 500) || null,
      );
      return back(`done=closed&notified=${outcome.notified}`);
    } catch (error) {
      return refusalOf(error, intent, sailingId === null ? null : String(sailingId));
    }
  }
  if (intent === "close-day") {
    const crossingCode = field(form, "crossing", 64);
    try {
      const crossing =
        crossingCode === "" || crossingCode === "all"
          ? null
          : (await findCrossings(services.db, language)).find((item) => item.code === crossingCode);
      if (crossing === undefined)
        throw new AppError("UNKNOWN_CROSSING", { issues: [{ path: "crossing", code: "unknown_crossing" }] });
      const outcome = await closeSailings(
        deps,
        { crossingId: crossing?.id ?? null, date },
        reasonOf(field(form, "reason")),
        field(form, "note", 500) || null,
      );
      return back(`done=closed&notified=${outcome.notified}`);
    } catch (error) {
      return refusalOf(error, intent, "day");
    }
  }
  if (intent === "close-activity") {
    const activityCode = field(form, "activity", 64);
    try {
      const activity = (await findActivities(services.db, language)).find((item) => item.code === activityCode);
      if (activity === undefined)
        throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "activity", code: "unknown_activity" }] });
      const outcome = await closeSailings(
        deps,
        { activityId: activity.id, date },
        reasonOf(field(form, "reason")),
        field(form, "note", 500) || null,
      );
      return back(`done=closed&notified=${outcome.notified}`);
    } catch (error) {
      return refusalOf(error, intent, "activity");
    }
  }
  if (intent === "move-holders") {
    const fromSailingId = integerField(form, "sailingId");
    try {
      const toSailingId = integerField(form, "toSailingId");
      if (toSailingId === null)
        throw new AppError("SCHEDULE_REQUIRED", { issues: [{ path: "toSailingId", code: "required" }] });
      const outcome = await moveHoldersOfClosedSailing(deps, {
        fromSailingId: fromSailingId ?? 0,
        toSailingId,
        key: field(form, "key", 64),
      });
      return back(`done=moved&bookings=${outcome.bookings.length}`);
    } catch (error) {
      return refusalOf(error, intent, fromSailingId === null ? null : String(fromSailingId));
    }
  }
  if (intent === "reopen") {
    const closureId = integerField(form, "closureId");
    try {
      const reopened = await reopenSailings(deps, closureId ?? 0);
      return back(`done=reopened&notified=${reopened.notified}`);
    } catch (error) {
      return refusalOf(error, intent, closureId === null ? null : String(closureId));
    }
  }
  return data(
    { refusal: { intent, target: null, code: "INVALID_REQUEST", issues: [{ path: "intent", code: "unknown" }] } },
    { status: 400 },
  );
}
