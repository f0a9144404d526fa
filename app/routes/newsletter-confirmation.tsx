// Where the confirmation mail's link lands (double opt-in): the loader spends the token and comes
// back here with the result only, so the token does not stay in the address bar or the history.
import { NewsletterNotice } from "../components/newsletter/newsletter-notice.tsx";
import { createTranslate, type MessageKey } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { loadNewsletterConfirmation, type ConfirmationResult } from "../newsletter/newsletter.server.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/newsletter-confirmation";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNewsletterConfirmation(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.newsletterConfirmation")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

const COPY: Record<ConfirmationResult, { title: MessageKey; text: MessageKey }> = {
  confirmed: { title: "newsletter.confirmed.title", text: "newsletter.confirmed.text" },
  "already-confirmed": { title: "newsletter.alreadyConfirmed.title", text: "newsletter.alreadyConfirmed.text" },
  expired: { title: "newsletter.expired.title", text: "newsletter.expired.text" },
  invalid: { title: "newsletter.invalid.title", text: "newsletter.invalid.text" },
};

export default function NewsletterConfirmationPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const { result } = loaderData;
  const good = result === "confirmed" || result === "already-confirmed";
  const home = { href: pathOf("home", language), label: t("newsletter.backHome"), primary: good };
  return (
    <NewsletterNotice
      tone={good ? "success" : "problem"}
      title={t(COPY[result].title)}
      text={t(COPY[result].text)}
      testId={`newsletter-confirmation-${result}`}
      links={
        good
          ? [home]
          : [{ href: pathOf("newsletter", language), label: t("newsletter.subscribeAgain"), primary: true }, home]
      }
    />
  );
}
