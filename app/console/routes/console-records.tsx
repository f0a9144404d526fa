// Console route: piers and crossings (ADR 0063). Thin: the gate, then app/console/operations/records.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { RecordsPage } from "../operations/records-page.tsx";
import { loadRecordsPage, submitRecordsPage } from "../operations/records.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-records";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "timetable");
  return loadRecordsPage(args, languageOfPath(new URL(args.request.url).pathname));
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "timetable");
  return submitRecordsPage(args, actor, languageOfPath(new URL(args.request.url).pathname));
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleRecords({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <RecordsPage page={loaderData} refusal={refusal} />;
}
