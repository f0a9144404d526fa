// Create an account: e-mail, password with its rule in view, name, country and state, and
// the privacy notice accepted; then "check your mail". Every refusal shows at its field, in the
// visitor's language. Works without JavaScript (a form and its action).
import { Form, Link, useNavigation } from "react-router";
import { languageOfPath } from "../../lib/language.ts";
import {
  CountryStateFields,
  GeneralError,
  NewPasswordField,
  Notice,
  TextField,
  FieldError,
  NARROW,
} from "../account/account-fields.tsx";
import {
  loadRegister,
  submitRegister,
  type RegisterActionData,
  type RegisterData,
  PRIVATE_NO_STORE,
} from "../account/account.server.ts";
import { noErrors } from "../account/account-errors.ts";
import { CARD } from "../components/booking/styles.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/register";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRegister(request, context, languageOfPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitRegister(request, context, languageOfPath(new URL(request.url).pathname));
}

/** Personal answers (a form's values, a token, a session): no cache may keep the document. */
export const headers: Route.HeadersFunction = () => PRIVATE_NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.register")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const page = loaderData as RegisterData;
  const result = actionData as RegisterActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const signIn = isPageLive("auth") ? pathOf("auth", language) : null;

  if (result?.kind === "sent") {
    return (
      <div className={`${NARROW} py-8 sm:py-12`}>
        <h1 className="text-3xl font-bold text-sea-950">{t("page.register")}</h1>
        <div className="mt-6">
          <Notice testId="register-sent" title={t("account.register.sentTitle")}>
            <p>{t("account.register.sentText", { email: result.email })}</p>
            <p>
              {t("account.register.sentNoMail")}{" "}
              <Link to={pathOf("confirmEmail", language)} className="font-semibold text-sea-900 underline">
                {t("account.confirm.askNew")}
              </Link>
            </p>
          </Notice>
        </div>
      </div>
    );
  }

  const values = result?.kind === "refused" ? result.values : page.values;
  const errors = result?.kind === "refused" ? result.errors : noErrors();
  return (
    <div className={`${NARROW} py-8 sm:py-12`}>
      <h1 className="text-3xl font-bold text-sea-950">{t("page.register")}</h1>
      <p className="mt-2 text-slate-700">{t("account.register.intro")}</p>
      <Form method="post" noValidate className={`${CARD} mt-6 space-y-5`} data-testid="register-form">
        <GeneralError code={errors.general} errors={errors} />
        <TextField
          name="email"
          type="email"
          label={t("account.field.email")}
          autoComplete="email"
          maxLength={254}
          errors={errors}
          defaultValue={values.email}
        />
        <NewPasswordField errors={errors} label={t("account.field.password")} policy={page.policy} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="firstName"
            label={t("account.field.firstName")}
            autoComplete="given-name"
            maxLength={100}
            errors={errors}
            defaultValue={values.firstName}
          />
          <TextField
            name="lastName"
            label={t("account.field.lastName")}
            autoComplete="family-name"
            maxLength={100}
            errors={errors}
            defaultValue={values.lastName}
          />
          <CountryStateFields
            countries={page.countries}
            country={values.country}
            state={values.state}
            errors={errors}
          />
        </div>
        <div>
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              id="account-privacy"
              type="checkbox"
              name="privacy"
              value="yes"
              required
              defaultChecked={values.privacy}
              className="size-6 shrink-0 accent-sea-700"
              aria-invalid={errors.fields.privacy ? true : undefined}
              aria-describedby={errors.fields.privacy ? "account-privacy-error" : undefined}
            />
            <span>
              {t("account.register.privacy")}{" "}
              <Link
                to={pathOf("privacyNotice", language)}
                target="_blank"
                className="font-semibold text-sea-900 underline"
              >
                {t("page.privacyNotice")}
              </Link>
            </span>
          </label>
          <FieldError id="account-privacy-error" code={errors.fields.privacy} />
        </div>
        <button
          type="submit"
          className={`${buttonClass("primary", "lg")} w-full sm:w-auto`}
          disabled={busy}
          data-testid="register-submit"
        >
          {t("account.register.submit")}
        </button>
        {signIn ? (
          <p className="text-sm text-slate-700">
            {t("account.register.haveAccount")}{" "}
            <Link to={signIn} className="font-semibold text-sea-900 underline">
              {t("account.signIn")}
            </Link>
          </p>
        ) : null}
      </Form>
    </div>
  );
}
