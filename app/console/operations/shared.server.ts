// What the operations pages of the console share on the server: the deps of an audited change from a
// page's request (who, now, the request id), and a refusal as the page's action data (its code and
// issues, with the code's HTTP status, never a 500 for bad input).
import { data, type RouterContextProvider } from "react-router";
import { isAppError, type ErrorIssue } from "../../../lib/errors.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import type { StaffDeps } from "../../../flows/staff-change.ts";
import { fieldText, pageStatusOf, requestContext, servicesContext } from "../../../server/edge/index.ts";

type Args = { context: Readonly<RouterContextProvider> };

export function staffDepsOf(args: Args, actor: AuditActor): StaffDeps {
  const services = args.context.get(servicesContext);
  return { db: services.db, now: services.clock.now(), actor, requestId: args.context.get(requestContext).requestId };
}

export interface Refusal {
  intent: string;
  /** Which row the refusal is about (a sailing, a rule, a vessel), so the page shows it there. */
  target: string | null;
  code: string;
  issues: ErrorIssue[];
}

/** A coded refusal as action data with its status; anything else is rethrown (a real fault). */
export function refusalOf<T extends object = object>(error: unknown, intent: string, target: string | null, extra?: T) {
  if (!isAppError(error)) throw error;
  const refusal: Refusal = { intent, target, code: error.code, issues: [...error.issues] };
  return data(
    { refusal, ...(extra ?? ({} as T)) },
    { status: pageStatusOf(error), headers: { "Cache-Control": "no-store" } },
  );
}

export function field(form: FormData, name: string, max = 200): string {
  return fieldText(form, name, max);
}

export function integerField(form: FormData, name: string): number | null {
  const value = field(form, name, 12);
  return /^-?\d{1,10}$/.test(value) ? Number(value) : null;
}
