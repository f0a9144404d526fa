// Console route: the waiting list. Thin: the gate, then app/console/money/waitlist.server.ts.
import { WaitlistPage } from "../money/waitlist-page.tsx";
import { loadWaitlistPage, submitWaitlistPage } from "../money/waitlist.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-waitlist";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "bookings.read");
  return loadWaitlistPage(args);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "bookings.manage");
  return submitWaitlistPage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <WaitlistPage page={loaderData} refusal={refusal} />;
}
