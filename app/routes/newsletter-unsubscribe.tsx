// The mail's visible "unsubscribe" link: the page asks, and the button unsubscribes (a GET never does,
// so a mail scanner following links cannot unsubscribe anyone; RFC 8058's one-click POST is the
// header's job, at /api/newsletter/unsubscribe). Works without JavaScript.
import { Form } from "react-router";
import { NewsletterNotice } from "../components/newsletter/newsletter-notice.tsx";
import { buttonClass } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import {
  loadNewsletterUnsubscribe,
  submitNewsletterUnsubscribe,
  type UnsubscribeState,
} from "../newsletter/newsletter.server.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNewsletterUnsubscribe(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitNewsletterUnsubscribe(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.newsletterUnsubscribe")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const state = (actionData as UnsubscribeState | undefined) ?? loaderData;
  const home = { href: pathOf("home", language), label: t("newsletter.backHome") };
  const subscribe = { href: pathOf("newsletter", language), label: t("newsletter.subscribeAgain") };
  if (state.kind === "done") {
    return (
      <NewsletterNotice
        tone="success"
        title={t("newsletter.unsubscribe.doneTitle")}
        text={t("newsletter.unsubscribe.doneText")}
        testId="newsletter-unsubscribed"
        links={[{ ...home, primary: true }, subscribe]}
      />
    );
  }
  if (state.kind === "invalid") {
    return (
      <NewsletterNotice
        tone="problem"
        title={t("newsletter.invalid.title")}
        text={t("newsletter.invalid.text")}
        testId="newsletter-unsubscribe-invalid"
        links={[home]}
      />
    );
  }
  return (
    <NewsletterNotice
      tone="question"
      title={t("page.newsletterUnsubscribe")}
      text={t("newsletter.unsubscribe.question")}
      testId="newsletter-unsubscribe-ask"
      links={[home]}
    >
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={state.token} />
        <button type="submit" className={buttonClass("primary", "lg")}>
          {t("newsletter.unsubscribe.button")}
        </button>
      </Form>
    </NewsletterNotice>
  );
}
