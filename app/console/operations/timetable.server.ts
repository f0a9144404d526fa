// The console's timetable page: the rules (active and ended) of every crossing, a form to
// add or edit one (checked for clashes: flows/timetable-admin.ts), ending a rule on a day, and making
// the sale window's sailings again.
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Language } from "../../../lib/language.ts";
import {
  deleteTimetableRuleOf,
  endTimetableRule,
  reactivateTimetableRule,
  regenerateSailings,
  saveTimetableRule,
} from "../../../flows/timetable-admin.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import {
  findCrossingRecords,
  findPortRecords,
  findTimetableRules,
  findVessels,
  localDateOf,
  type StoredTimetableRule,
} from "../../../modules/inventory/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The rule form's values as typed (strings), so a refused form comes back as it was sent. */
export interface RuleFormValues {
  id: string;
  crossingId: string;
  vesselId: string;
  weekdays: string[];
  firstDeparture: string;
  lastDeparture: string;
  intervalMinutes: string;
  priority: string;
  seasonStart: string;
  seasonEnd: string;
  validFrom: string;
  validUntil: string;
  note: string;
}

export interface TimetablePageData {
  today: string;
  rules: StoredTimetableRule[];
  /** Every crossing, out of service ones too: a new crossing gets its rules before it is put in service. */
  crossings: { id: number; name: string; active: boolean }[];
  vessels: { id: number; name: string; capacity: number; active: boolean }[];
  /** The rule being edited (?edit=id), or a blank form. */
  form: RuleFormValues;
  done:
    | { kind: "saved" | "ended" | "deleted" | "reactivated"; ruleId: string }
    | { kind: "regenerated"; inserted: number; removed: number }
    | null;
}

const BLANK: RuleFormValues = {
  id: "",
  crossingId: "",
  vesselId: "",
  weekdays: ["1", "2", "3", "4", "5", "6", "7"],
  firstDeparture: "09:00",
  lastDeparture: "17:00",
  intervalMinutes: "60",
  priority: "0",
  seasonStart: "",
  seasonEnd: "",
  validFrom: "",
  validUntil: "",
  note: "",
};

function valuesOf(rule: StoredTimetableRule): RuleFormValues {
  return {
    id: String(rule.id),
    crossingId: String(rule.crossingId),
    vesselId: String(rule.vesselId),
    weekdays: rule.weekdays.map(String),
    firstDeparture: rule.firstDeparture,
    lastDeparture: rule.lastDeparture,
    intervalMinutes: String(rule.intervalMinutes),
    priority: String(rule.priority),
    seasonStart: rule.seasonStart ?? "",
    seasonEnd: rule.seasonEnd ?? "",
    validFrom: rule.validFrom ?? "",
    validUntil: rule.validUntil ?? "",
    note: rule.note ?? "",
  };
}

export async function loadTimetablePage(args: Args, language: Language): Promise<TimetablePageData> {
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const [rules, crossings, ports, vessels] = await Promise.all([
    findTimetableRules(services.db),
    findCrossingRecords(services.db),
    findPortRecords(services.db),
    findVessels(services.db),
  ]);
  const portName = (id: number) => ports.find((port) => port.id === id)?.name[language] ?? String(id);
  const editing = rules.find((rule) => String(rule.id) === url.searchParams.get("edit"));
  const done = url.searchParams.get("done");
  const ruleId = url.searchParams.get("rule") ?? "";
  return {
    today: localDateOf(services.clock.now()),
    rules,
    crossings: crossings.map((crossing) => ({
      id: crossing.id,
      name: `${portName(crossing.fromPortId)} → ${portName(crossing.toPortId)}`,
      active: crossing.active,
    })),
    vessels: vessels.map((vessel) => ({
      id: vessel.id,
      name: vessel.name,
      capacity: vessel.capacity,
      active: vessel.active,
    })),
    form: editing ? valuesOf(editing) : BLANK,
    done:
      done === "saved" || done === "ended" || done === "deleted" || done === "reactivated"
        ? { kind: done, ruleId }
        : done === "regenerated"
          ? {
              kind: "regenerated",
              inserted: Number(url.searchParams.get("inserted") ?? 0) || 0,
              removed: Number(url.searchParams.get("removed") ?? 0) || 0,
            }
          : null,
  };
}

function formValues(form: FormData): RuleFormValues {
  return {
    id: field(form, "id", 12),
    crossingId: field(form, "crossingId", 12),
    vesselId: field(form, "vesselId", 12),
    weekdays: form
      .getAll("weekdays")
      .filter((value): value is string => typeof value === "string")
      .slice(0, 7),
    firstDeparture: field(form, "firstDeparture", 8),
    lastDeparture: field(form, "lastDeparture", 8),
    intervalMinutes: field(form, "intervalMinutes", 6),
    priority: field(form, "priority", 6),
    seasonStart: field(form, "seasonStart", 5),
    seasonEnd: field(form, "seasonEnd", 5),
    validFrom: field(form, "validFrom", 10),
    validUntil: field(form, "validUntil", 10),
    note: field(form, "note", 200),
  };
}

export async function submitTimetablePage(args: Args, actor: AuditActor) {
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const page = new URL(args.request.url).pathname;
  const noStore = { headers: { "Cache-Control": "no-store" } };
  if (intent === "save") {
    const values = formValues(form);
    const id = /^\d{1,9}$/.test(values.id) ? Number(values.id) : null;
    try {
      const { rule } = await saveTimetableRule(deps, id, values);
      return redirect(`${page}?done=saved&rule=${rule.id}`, noStore);
    } catch (error) {
      return refusalOf(error, intent, values.id || "new", { values });
    }
  }
  if (intent === "end") {
    const id = integerField(form, "id");
    try {
      await endTimetableRule(deps, id ?? 0, field(form, "lastDay", 10));
      return redirect(`${page}?done=ended&rule=${id}`, noStore);
    } catch (error) {
      return refusalOf(error, intent, id === null ? null : String(id));
    }
  }
  if (intent === "delete" || intent === "reactivate") {
    const id = integerField(form, "id");
    try {
      await (intent === "delete" ? deleteTimetableRuleOf(deps, id ?? 0) : reactivateTimetableRule(deps, id ?? 0));
      return redirect(`${page}?done=${intent === "delete" ? "deleted" : "reactivated"}&rule=${id}`, noStore);
    } catch (error) {
      return refusalOf(error, intent, id === null ? null : String(id));
    }
  }
  if (intent === "regenerate") {
    try {
      const result = await regenerateSailings(deps);
      return redirect(`${page}?done=regenerated&inserted=${result.inserted}&removed=${result.removed}`, noStore);
    } catch (error) {
      return refusalOf(error, intent, null);
    }
  }
  const refusal: Refusal = {
    intent,
    target: null,
    code: "INVALID_REQUEST",
    issues: [{ path: "intent", code: "unknown" }],
  };
  return data({ refusal }, { status: 400 });
}
