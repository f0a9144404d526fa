// The deps of the booking document (tickets PDF, e-mail) from the process's services: the secrets,
// the public origin of the links, and the manage-booking page's path from the app's slug table.
import type { AppServices } from "./edge/index.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import type { BookingDocumentDeps } from "../flows/booking-document.ts";
import { publicOriginOf } from "../lib/config.ts";

export function bookingDocumentDeps(services: Pick<AppServices, "db" | "config">, now: Date): BookingDocumentDeps {
  return {
    db: services.db,
    now,
    ticketSigningSecret: services.config.TICKET_SIGNING_SECRET,
    guestAccessSecret: services.config.GUEST_ACCESS_SECRET,
    siteOrigin: publicOriginOf(services.config),
    manageBookingPathOf: (language) => pathOf("manageBooking", language),
  };
}
