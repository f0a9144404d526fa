// The newsletter page: the form at full width, and where the footer's form lands when it
// is posted without JavaScript — the answer (success, the fields to fix, duplicateKey, try later)
// shows here with what was typed.
import { languageOfPath } from "../../lib/language.ts";
import { NewsletterForm } from "../components/newsletter/newsletter-form.tsx";
import type { NewsletterResult } from "../components/newsletter/newsletter-check.ts";
import { CARD } from "../components/booking/styles.ts";
import { CONTAINER } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useTranslate } from "../i18n/use-translate.ts";
import { submitNewsletter } from "../newsletter/newsletter.server.ts";
import type { Route } from "./+types/newsletter";

export async function action({ request, context }: Route.ActionArgs) {
  return submitNewsletter(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [
    { title: `${t("page.newsletter")} · ${t("site.name")}` },
    { name: "description", content: t("newsletter.intro") },
  ];
};

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const t = useTranslate();
  return (
    <div className={`${CONTAINER} py-8 sm:py-12`}>
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold text-sea-950 sm:text-4xl">{t("newsletter.title")}</h1>
        <p className="mt-3 text-lg text-slate-700">{t("newsletter.intro")}</p>
        <div className={`${CARD} mt-8`}>
          <NewsletterForm
            idPrefix="page-newsletter"
            tone="light"
            origin="newsletter-page"
            initialResult={actionData as NewsletterResult | undefined}
          />
        </div>
      </div>
    </div>
  );
}
