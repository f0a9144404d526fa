// Console route: timetable (ADR 0038). Thin: the gate, then app/console/operations/timetable.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { TimetablePage } from "../operations/timetable-page.tsx";
import { loadTimetablePage, submitTimetablePage, type RuleFormValues } from "../operations/timetable.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-timetable";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "timetable");
  const language = languageOfPath(new URL(args.request.url).pathname);
  return loadTimetablePage(args, language);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "timetable");
  return submitTimetablePage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleTimetable({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as { refusal?: Refusal; values?: RuleFormValues } | undefined;
  return <TimetablePage page={loaderData} refusal={answer?.refusal ?? null} sent={answer?.values ?? null} />;
}
