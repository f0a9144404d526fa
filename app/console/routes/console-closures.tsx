// Console route: closures (ADR 0038). Thin: the gate, then app/console/operations/closures.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { ClosuresPage } from "../operations/closures-page.tsx";
import { loadClosuresPage, submitClosuresPage } from "../operations/closures.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-closures";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "closures");
  const language = languageOfPath(new URL(args.request.url).pathname);
  return loadClosuresPage(args, language);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "closures");
  const language = languageOfPath(new URL(args.request.url).pathname);
  return submitClosuresPage(args, actor, language);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleClosures({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <ClosuresPage page={loaderData} refusal={refusal} />;
}
