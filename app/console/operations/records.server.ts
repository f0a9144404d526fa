// The console's piers-and-crossings page: every pier and crossing, retired ones included, a form to
// add each and one to change each (retiring is unticking "in service"; flows/records-admin.ts refuses
// it while something in force still needs the record).
import { data, redirect, type RouterContextProvider } from "react-router";
import { changeCrossing, changePort, createCrossing, createPort } from "../../../flows/records-admin.ts";
import type { LocalizedText } from "../../../lib/db.ts";
import type { Language } from "../../../lib/language.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import {
  findCrossingRecords,
  findPortRecords,
  type CrossingRecord,
  type PortRecord,
} from "../../../modules/inventory/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface RecordsPageData {
  /** Each pier with its name in the operator's language. */
  ports: (PortRecord & { label: string })[];
  crossings: (CrossingRecord & { name: string })[];
  done: { kind: "portAdded" | "portSaved" | "crossingAdded" | "crossingSaved"; name: string } | null;
}

const DONE = ["portAdded", "portSaved", "crossingAdded", "crossingSaved"] as const;

export async function loadRecordsPage(args: Args, language: Language): Promise<RecordsPageData> {
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const [ports, crossings] = await Promise.all([findPortRecords(services.db), findCrossingRecords(services.db)]);
  const portName = (id: number) => ports.find((port) => port.id === id)?.name[language] ?? String(id);
  const kind = DONE.find((candidate) => candidate === url.searchParams.get("done")) ?? null;
  return {
    ports: ports.map((port) => ({ ...port, label: port.name[language] })),
    crossings: crossings.map((crossing) => ({
      ...crossing,
      name: `${portName(crossing.fromPortId)} → ${portName(crossing.toPortId)}`,
    })),
    done: kind ? { kind, name: (url.searchParams.get("name") ?? "").slice(0, 120) } : null,
  };
}

const localized = (form: FormData, name: string, max: number): LocalizedText => ({
  es: field(form, `${name}.es`, max),
  en: field(form, `${name}.en`, max),
  pt: field(form, `${name}.pt`, max),
});

/** A coordinate as typed: blank is none; anything else not a number is NaN (refused by the flow). */
function coordinate(form: FormData, name: string): number | null {
  const text = field(form, name, 20).replace(",", ".");
  if (text === "") return null;
  return /^-?\d{1,3}(\.\d{1,6})?$/.test(text) ? Number(text) : Number.NaN;
}

function portFields(form: FormData) {
  return {
    name: localized(form, "name", 81),
    place: localized(form, "place", 161),
    latitude: coordinate(form, "latitude"),
    longitude: coordinate(form, "longitude"),
  };
}

export async function submitRecordsPage(args: Args, actor: AuditActor, language: Language) {
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const page = new URL(args.request.url).pathname;
  const back = (done: (typeof DONE)[number], name: string) =>
    redirect(`${page}?done=${done}&name=${encodeURIComponent(name)}`, { headers: { "Cache-Control": "no-store" } });
  const id = integerField(form, "id");
  try {
    if (intent === "add-port") {
      const port = await createPort(deps, { code: field(form, "code", 41), ...portFields(form) });
      return back("portAdded", port.name[language]);
    }
    if (intent === "save-port") {
      const port = await changePort(deps, id ?? 0, { ...portFields(form), active: form.get("active") === "on" });
      return back("portSaved", port.name[language]);
    }
    if (intent === "add-crossing") {
      const crossing = await createCrossing(deps, {
        code: field(form, "code", 41),
        fromPortId: integerField(form, "fromPortId") ?? 0,
        toPortId: integerField(form, "toPortId") ?? 0,
        durationMinutes: integerField(form, "durationMinutes") ?? Number.NaN,
        sortOrder: integerField(form, "sortOrder") ?? 0,
      });
      return back("crossingAdded", crossing.code);
    }
    if (intent === "save-crossing") {
      const crossing = await changeCrossing(deps, id ?? 0, {
        durationMinutes: integerField(form, "durationMinutes") ?? Number.NaN,
        sortOrder: integerField(form, "sortOrder") ?? Number.NaN,
        active: form.get("active") === "on",
      });
      return back("crossingSaved", crossing.code);
    }
  } catch (error) {
    const target = intent.startsWith("add-")
      ? `new-${intent.slice(4)}`
      : id === null
        ? null
        : `${intent.slice(5)}-${id}`;
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
