// The console's waiting-list page: one day's sailings with a line, and the operator's "offer now".
import { data, redirect, type RouterContextProvider } from "react-router";
import { findConsoleWaitlist, offerSeatsNow, type ConsoleWaitlistSailing } from "../../../flows/console-waitlist.ts";
import { languageOfPath } from "../../../lib/language.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { dayAsked } from "../boarding.server.ts";
import { field, integerField, refusalOf, staffDepsOf } from "../operations/shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface WaitlistPageData {
  date: string;
  sailings: ConsoleWaitlistSailing[];
  offered: number | null;
}

export async function loadWaitlistPage(args: Args): Promise<WaitlistPageData> {
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const now = services.clock.now();
  const { date } = dayAsked(url, now);
  const offered = url.searchParams.get("offered");
  return {
    date,
    sailings: await findConsoleWaitlist(services.db, { date, language: languageOfPath(url.pathname), now }),
    offered: offered !== null && /^\d{1,4}$/.test(offered) ? Number(offered) : null,
  };
}

export async function submitWaitlistPage(args: Args, actor: AuditActor) {
  const services = args.context.get(servicesContext);
  const form = await args.request.formData().catch(() => new FormData());
  const sailingId = integerField(form, "sailing");
  if (field(form, "intent", 20) !== "offer-now") {
    return data(
      {
        refusal: {
          intent: "unknown",
          target: null,
          code: "INVALID_REQUEST",
          issues: [{ path: "intent", code: "unknown" }],
        },
      },
      { status: 400 },
    );
  }
  try {
    const run = await offerSeatsNow(
      { ...staffDepsOf(args, actor), tokenSecret: services.config.GUEST_ACCESS_SECRET },
      sailingId ?? 0,
    );
    const url = new URL(args.request.url);
    url.searchParams.set("offered", String(run.offered.length));
    return redirect(`${url.pathname}?${url.searchParams.toString()}`, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return refusalOf(error, "offer-now", sailingId === null ? null : String(sailingId));
  }
}
