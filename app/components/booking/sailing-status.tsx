// What the timetable and the booking widget's sailing lists share: a sailing's state in words, and the
// field that tells the server a form was sent without scripts. Apart from the sailing lists, so that a
// page that shows the timetable does not load the lists' code before the visitor searches.
import type { Translate } from "../../i18n/translate.ts";
import type { SailingView } from "../../../lib/views/booking.ts";
import { NO_SCRIPT_PARAMETER } from "../../../lib/routing/live-query.ts";

/**
 * Part of a GET form only when scripts do not run: the server then renders seats and prices itself
 * (a live page leaves them to the browser, app/booking/live-sailings.ts).
 */
export function NoScriptField() {
  return (
    <noscript>
      <input type="hidden" name={NO_SCRIPT_PARAMETER} value="1" />
    </noscript>
  );
}

export function sailingStatusLabel(t: Translate, sailing: Pick<SailingView, "status" | "closureReason">): string {
  if (sailing.status === "closed")
    return sailing.closureReason ? t(`booking.status.closed.${sailing.closureReason}`) : t("booking.status.closed");
  return t(`booking.status.${sailing.status}`);
}
