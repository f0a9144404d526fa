// Console route: prices (ADR 0038). Thin: the gate, then app/console/operations/prices.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { PricesPage } from "../operations/prices-page.tsx";
import { loadPricesPage, submitPricesPage } from "../operations/prices.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-prices";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "pricing");
  const language = languageOfPath(new URL(args.request.url).pathname);
  return loadPricesPage(args, language);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "pricing");
  return submitPricesPage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsolePrices({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <PricesPage page={loaderData} refusal={refusal} />;
}
