// Console route: changing a sold booking. Thin: the gate, then app/console/money/booking-care.server.ts.
import { BookingCarePage } from "../money/booking-care-page.tsx";
import { loadBookingCarePage, submitBookingCarePage } from "../money/booking-care.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-booking-care";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "bookings.manage");
  return loadBookingCarePage(args);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "bookings.manage");
  return submitBookingCarePage(args, actor);
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleBookingCare({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <BookingCarePage page={loaderData} refusal={refusal} />;
}
