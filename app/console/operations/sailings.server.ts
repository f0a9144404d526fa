// The console's sailings page: a day's sailings, each with its capacity (set by hand), its vessel and
// time (moved by hand), its seat blocks for charters and groups; and a sailing added outside the
// timetable. The decisions are in flows/sailing-admin.ts.
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Language } from "../../../lib/language.ts";
import {
  addSailingByHand,
  blockSailingSeats,
  changeSailingCapacity,
  moveSailing,
  releaseSailingSeats,
} from "../../../flows/sailing-admin.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import {
  findCrossings,
  findDaySailings,
  findSailingsByHand,
  findVessels,
  isLocalDate,
  localDateOf,
  type SeatBlock,
} from "../../../modules/inventory/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface ConsoleSailing {
  id: number;
  crossing: string;
  time: string;
  vesselId: number;
  vessel: string;
  capacity: number;
  capacityByHand: boolean;
  taken: number;
  status: string;
  ruleId: number | null;
  blocks: SeatBlock[];
}

export interface SailingsPageData {
  date: string;
  crossings: { id: number; name: string }[];
  vessels: { id: number; name: string; capacity: number }[];
  sailings: ConsoleSailing[];
  done: string | null;
}

const DONE = new Set(["capacity", "added", "moved", "blocked", "released"]);

export async function loadSailingsPage(args: Args, language: Language): Promise<SailingsPageData> {
  const services = args.context.get(servicesContext);
  const now = services.clock.now();
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("date") ?? "";
  const date = isLocalDate(asked) ? asked : localDateOf(now);
  const [crossings, vessels] = await Promise.all([findCrossings(services.db, language), findVessels(services.db)]);
  const day = await findDaySailings(
    services.db,
    crossings.map((crossing) => crossing.id),
    date,
    now,
  );
  const byHand = await findSailingsByHand(
    services.db,
    day.map((sailing) => sailing.id),
  );
  const nameOf = (id: number) => crossings.find((crossing) => crossing.id === id);
  return {
    date,
    crossings: crossings.map((crossing) => ({ id: crossing.id, name: `${crossing.from.name} → ${crossing.to.name}` })),
    vessels: vessels
      .filter((vessel) => vessel.active)
      .map((vessel) => ({ id: vessel.id, name: vessel.name, capacity: vessel.capacity })),
    sailings: day.map((sailing) => {
      const crossing = nameOf(sailing.crossingId);
      const extra = byHand.get(sailing.id);
      return {
        id: sailing.id,
        crossing: crossing ? `${crossing.from.name} → ${crossing.to.name}` : "",
        time: sailing.time,
        vesselId: sailing.vessel.id,
        vessel: sailing.vessel.name,
        capacity: sailing.capacity,
        capacityByHand: extra?.capacityByHand ?? false,
        taken: sailing.taken,
        status: sailing.status,
        ruleId: extra?.ruleId ?? null,
        blocks: extra?.blocks ?? [],
      };
    }),
    done: DONE.has(url.searchParams.get("done") ?? "") ? url.searchParams.get("done") : null,
  };
}

export async function submitSailingsPage(args: Args, actor: AuditActor) {
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const sailingId = integerField(form, "sailingId") ?? 0;
  const date = field(form, "date", 10);
  const back = (done: string) =>
    redirect(`${new URL(args.request.url).pathname}?date=${encodeURIComponent(date)}&done=${done}`, {
      headers: { "Cache-Control": "no-store" },
    });
  const target = intent === "add" ? "new" : String(sailingId);
  try {
    if (intent === "capacity") {
      await changeSailingCapacity(deps, sailingId, integerField(form, "capacity") ?? Number.NaN);
      return back("capacity");
    }
    if (intent === "add") {
      const capacity = field(form, "capacity", 6);
      const plan = {
        crossingId: integerField(form, "crossingId") ?? 0,
        date,
        time: field(form, "time", 5),
        vesselId: integerField(form, "vesselId") ?? 0,
      };
      await addSailingByHand(deps, {
        ...plan,
        capacity: capacity === "" ? null : (integerField(form, "capacity") ?? Number.NaN),
      });
      return back("added");
    }
    if (intent === "move") {
      await moveSailing(deps, sailingId, {
        date: field(form, "newDate", 10),
        time: field(form, "time", 5),
        vesselId: integerField(form, "vesselId") ?? 0,
      });
      return back("moved");
    }
    if (intent === "block") {
      await blockSailingSeats(deps, sailingId, integerField(form, "quantity") ?? Number.NaN, field(form, "label", 60));
      return back("blocked");
    }
    if (intent === "release") {
      await releaseSailingSeats(deps, sailingId, integerField(form, "blockId") ?? 0);
      return back("released");
    }
  } catch (error) {
    return refusalOf(error, intent, target);
  }
  const refusal: Refusal = {
    intent,
    target: null,
    code: "INVALID_REQUEST",
    issues: [{ path: "intent", code: "unknown" }],
  };
  return data({ refusal }, { status: 400 });
}
