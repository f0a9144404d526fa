// Console route: texts (ADR 0038). Thin: the gate, then app/console/operations/texts.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { TextsPage } from "../operations/texts-page.tsx";
import { loadTextsPage, submitTextsPage } from "../operations/texts.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-texts";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "content");
  return loadTextsPage(args, languageOfPath(new URL(args.request.url).pathname));
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "content");
  return submitTextsPage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleTexts({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as { refusal?: Refusal; sent?: Record<string, string> } | undefined;
  return <TextsPage page={loaderData} refusal={answer?.refusal ?? null} sent={answer?.sent ?? null} />;
}
