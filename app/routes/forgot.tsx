// Forgot the password. Without a token: the e-mail, and always the same answer ("if an
// account exists, we sent a link"), so the page tells no one which addresses have accounts. With the
// mail's ?token=: the new password (its rule in view), then a sign-in link; a used or old link says
// so and offers to ask for another.
import { Form, Link, useNavigation } from "react-router";
import { GeneralError, NewPasswordField, Notice, TextField, NARROW } from "../account/account-fields.tsx";
import {
  loadForgot,
  submitForgot,
  type ForgotActionData,
  type ForgotData,
  PRIVATE_NO_STORE,
} from "../account/account.server.ts";
import { noErrors } from "../account/account-errors.ts";
import { CARD } from "../components/booking/styles.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/forgot";

export async function loader({ request }: Route.LoaderArgs) {
  return loadForgot(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitForgot(request, context);
}

/** Personal answers (a form's values, a token, a session): no cache may keep the document. */
export const headers: Route.HeadersFunction = () => PRIVATE_NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.forgot")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

export default function ForgotPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const page = loaderData as ForgotData;
  const result = actionData as ForgotActionData | undefined;
  return (
    <div className={`${NARROW} space-y-6 py-8 sm:py-12`}>
      <h1 className="text-3xl font-bold text-sea-950">
        {page.kind === "reset" ? t("account.reset.title") : t("page.forgot")}
      </h1>
      {page.kind === "reset" ? (
        <ResetForm token={page.token} policy={page.policy} result={result} />
      ) : (
        <RequestForm result={result} />
      )}
    </div>
  );
}

function SignInLink() {
  const t = useTranslate();
  const language = useLanguage();
  if (!isPageLive("auth")) return null;
  return (
    <p>
      <Link to={pathOf("auth", language)} className={buttonClass("primary")} data-testid="reset-sign-in">
        {t("account.signIn")}
      </Link>
    </p>
  );
}

function RequestForm({ result }: { result: ForgotActionData | undefined }) {
  const t = useTranslate();
  const busy = useNavigation().state !== "idle";
  if (result?.kind === "requested") {
    return (
      <Notice testId="reset-requested" title={t("account.forgot.sentTitle")}>
        <p>{t("account.forgot.sentText", { email: result.email })}</p>
      </Notice>
    );
  }
  const errors = result?.kind === "request-refused" ? result.errors : noErrors();
  return (
    <Form method="post" noValidate className={`${CARD} space-y-4`} data-testid="forgot-form">
      <input type="hidden" name="intent" value="request" />
      <p className="text-sm text-slate-700">{t("account.forgot.intro")}</p>
      <GeneralError code={errors.general} errors={errors} />
      <TextField
        name="email"
        type="email"
        label={t("account.field.email")}
        autoComplete="email"
        maxLength={254}
        errors={errors}
        defaultValue={result?.kind === "request-refused" ? result.email : ""}
      />
      <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="forgot-submit">
        {t("account.forgot.submit")}
      </button>
    </Form>
  );
}

function ResetForm({
  token,
  policy,
  result,
}: {
  token: string;
  policy: { min: number; max: number };
  result: ForgotActionData | undefined;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const busy = useNavigation().state !== "idle";
  if (result?.kind === "reset-done") {
    return (
      <Notice testId="reset-done" title={t("account.reset.doneTitle")}>
        <p>{t("account.reset.doneText")}</p>
        <SignInLink />
      </Notice>
    );
  }
  const errors = result?.kind === "reset-refused" ? result.errors : noErrors();
  const linkUnusable = errors.general === "ACCOUNT_TOKEN_INVALID" || errors.general === "ACCOUNT_TOKEN_EXPIRED";
  return (
    <Form method="post" noValidate className={`${CARD} space-y-4`} data-testid="reset-form">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <p className="text-sm text-slate-700">{t("account.reset.intro")}</p>
      {errors.general === "ACCOUNT_TOKEN_INVALID" ? (
        // Said apart from the confirm page's words: here there is no e-mail to have confirmed.
        <div
          role="alert"
          data-testid="reset-error"
          data-code={errors.general}
          className="rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700"
        >
          {t("account.reset.linkInvalid")}
        </div>
      ) : (
        <GeneralError code={errors.general} errors={errors} testId="reset-error" />
      )}
      {linkUnusable ? (
        <p className="text-sm">
          <Link
            to={pathOf("forgot", language)}
            reloadDocument
            className="font-semibold text-sea-900 underline"
            data-testid="reset-ask-new"
          >
            {t("account.reset.askNew")}
          </Link>
        </p>
      ) : null}
      <NewPasswordField errors={errors} label={t("account.field.newPassword")} policy={policy} />
      <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="reset-submit">
        {t("account.reset.submit")}
      </button>
    </Form>
  );
}
