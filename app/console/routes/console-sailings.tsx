// Console route: one day's sailings by hand. Thin: the gate, then app/console/operations/sailings.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { SailingsPage } from "../operations/sailings-page.tsx";
import { loadSailingsPage, submitSailingsPage } from "../operations/sailings.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-sailings";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "timetable");
  return loadSailingsPage(args, languageOfPath(new URL(args.request.url).pathname));
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "timetable");
  return submitSailingsPage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleSailings({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <SailingsPage page={loaderData} refusal={refusal} />;
}
