// The console's vessels page: a new vessel; each vessel's name, seats and whether it sails (retired only
// when no rule in force sails it); a capacity
// cut below the seats taken on a future sailing is refused, naming the sailings (flows/timetable-admin.ts).
import { data, redirect, type RouterContextProvider } from "react-router";
import { changeVessel, createVessel } from "../../../flows/timetable-admin.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import { findVessels, type Vessel } from "../../../modules/inventory/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface VesselsPageData {
  vessels: Vessel[];
  done: { vessel: string; sailings: number } | null;
  added: string | null;
}

export async function loadVesselsPage(args: Args): Promise<VesselsPageData> {
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const vessel = url.searchParams.get("saved");
  return {
    vessels: await findVessels(services.db),
    added: url.searchParams.get("added"),
    done: vessel ? { vessel, sailings: Number(url.searchParams.get("sailings") ?? 0) || 0 } : null,
  };
}

export async function submitVesselsPage(args: Args, actor: AuditActor) {
  const form = await args.request.formData().catch(() => new FormData());
  const id = integerField(form, "id");
  if (field(form, "intent", 20) === "add-vessel") {
    try {
      const vessel = await createVessel(staffDepsOf(args, actor), {
        code: field(form, "code", 40),
        name: field(form, "name", 80),
        capacity: integerField(form, "capacity") ?? Number.NaN,
      });
      return redirect(`${new URL(args.request.url).pathname}?added=${encodeURIComponent(vessel.name)}`, {
        headers: { "Cache-Control": "no-store" },
      });
    } catch (error) {
      return refusalOf(error, "add-vessel", "new");
    }
  }
  if (field(form, "intent", 20) !== "save-vessel") {
    const refusal: Refusal = {
      intent: "unknown",
      target: null,
      code: "INVALID_REQUEST",
      issues: [{ path: "intent", code: "unknown" }],
    };
    return data({ refusal }, { status: 400 });
  }
  try {
    const { vessel, sailingsUpdated } = await changeVessel(staffDepsOf(args, actor), id ?? 0, {
      name: field(form, "name", 80),
      capacity: integerField(form, "capacity") ?? Number.NaN,
      active: form.get("active") === "on",
    });
    return redirect(
      `${new URL(args.request.url).pathname}?saved=${encodeURIComponent(vessel.name)}&sailings=${sailingsUpdated}`,
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return refusalOf(error, "save-vessel", id === null ? null : String(id));
  }
}
