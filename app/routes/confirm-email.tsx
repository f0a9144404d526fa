// Confirm the e-mail: the mail's link (?token=) confirms the address and offers to sign in;
// a link that is forged, used or too old says which, and a form asks for a new one (answered the same
// whether or not the address awaits confirmation).
import { Form, Link, useNavigation } from "react-router";
import { GeneralError, Notice, TextField, NARROW } from "../account/account-fields.tsx";
import {
  loadConfirmEmail,
  submitResendConfirmation,
  type ConfirmActionData,
  type ConfirmData,
  PRIVATE_NO_STORE,
} from "../account/account.server.ts";
import { accountErrorKey, noErrors } from "../account/account-errors.ts";
import { CARD } from "../components/booking/styles.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/confirm-email";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadConfirmEmail(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitResendConfirmation(request, context);
}

/** Personal answers (a form's values, a token, a session): no cache may keep the document. */
export const headers: Route.HeadersFunction = () => PRIVATE_NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.confirmEmail")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const page = loaderData as ConfirmData;
  const result = actionData as ConfirmActionData | undefined;
  return (
    <div className={`${NARROW} space-y-6 py-8 sm:py-12`}>
      <h1 className="text-3xl font-bold text-sea-950">{t("page.confirmEmail")}</h1>
      {page.kind === "confirmed" ? (
        <Notice
          testId="email-confirmed"
          title={page.firstName ? t("account.confirm.doneNamed", { name: page.firstName }) : t("account.confirm.done")}
        >
          <p>{t("account.confirm.doneText", { email: page.email })}</p>
          {isPageLive("auth") ? (
            <p>
              <Link to={pathOf("auth", language)} className={buttonClass("primary")} data-testid="confirmed-sign-in">
                {t("account.signIn")}
              </Link>
            </p>
          ) : null}
        </Notice>
      ) : (
        <>
          {page.kind === "refused" ? (
            <div
              role="alert"
              data-testid="confirm-refused"
              data-code={page.code}
              className="rounded-2xl border border-coral-600 bg-coral-50 p-4 text-coral-700 sm:p-5"
            >
              <p className="text-lg font-bold">{t("account.confirm.refusedTitle")}</p>
              <p className="mt-1 text-sm">{t(accountErrorKey(page.code))}</p>
            </div>
          ) : null}
          <ResendForm result={result} />
        </>
      )}
    </div>
  );
}

function ResendForm({ result }: { result: ConfirmActionData | undefined }) {
  const t = useTranslate();
  const busy = useNavigation().state !== "idle";
  if (result?.kind === "resent") {
    return (
      <Notice testId="confirm-resent" title={t("account.confirm.resentTitle")}>
        <p>{t("account.confirm.resentText", { email: result.email })}</p>
      </Notice>
    );
  }
  const errors = result?.kind === "refused" ? result.errors : noErrors();
  return (
    <Form method="post" noValidate className={`${CARD} space-y-4`} data-testid="resend-form">
      <h2 className="text-xl font-bold text-sea-950">{t("account.confirm.askNewTitle")}</h2>
      <p className="text-sm text-slate-700">{t("account.confirm.askNewHint")}</p>
      <GeneralError code={errors.general} errors={errors} />
      <TextField
        name="email"
        type="email"
        label={t("account.field.email")}
        autoComplete="email"
        maxLength={254}
        errors={errors}
        defaultValue={result?.email ?? ""}
      />
      <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="resend-submit">
        {t("account.confirm.send")}
      </button>
    </Form>
  );
}
