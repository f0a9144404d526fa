// The newsletter mail job's deps from the process's services: the token secret, the public origin of
// the mail's links and the pages' paths from the app's slug table.
import type { AppServices } from "./edge/index.ts";
import { pathOf } from "../lib/routing/localized-paths.ts";
import type { NewsletterMailDeps } from "../flows/newsletter.ts";
import { publicOriginOf } from "../lib/config.ts";

export function newsletterMailDeps(services: Pick<AppServices, "db" | "config" | "mailer">): NewsletterMailDeps {
  return {
    db: services.db,
    mailer: services.mailer,
    tokenSecret: services.config.GUEST_ACCESS_SECRET,
    siteOrigin: publicOriginOf(services.config),
    confirmPagePathOf: (language) => pathOf("newsletterConfirmation", language),
    unsubscribePagePathOf: (language) => pathOf("newsletterUnsubscribe", language),
  };
}
