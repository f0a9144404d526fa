// Console route: vessels (ADR 0038). Thin: the gate, then app/console/operations/vessels.server.ts decides.
import { VesselsPage } from "../operations/vessels-page.tsx";
import { loadVesselsPage, submitVesselsPage } from "../operations/vessels.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-vessels";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "timetable");
  return loadVesselsPage(args);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "timetable");
  return submitVesselsPage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleVessels({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <VesselsPage page={loaderData} refusal={refusal} />;
}
