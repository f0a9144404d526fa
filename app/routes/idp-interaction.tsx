// The hosted identity provider's login and consent page (ADR 0031). Plain forms: works without
// JavaScript; the forms post to the provider under /idp/interaction/<uid>/.
import { languageOfPath } from "../../lib/language.ts";
import { loadInteractionPage, type InteractionError, type InteractionPageData } from "../account/idp-interaction.server.ts";
import type { InteractionView } from "../context.ts";
import { CARD, FIELD_LABEL, INPUT } from "../components/booking/styles.ts";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate, type MessageKey } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { pathOf } from "../routing/localized-paths.ts";
import type { Route } from "./+types/idp-interaction";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInteractionPage(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages);
  return [{ title: `${t("idp.login.title")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

const SCOPE_KEYS: Record<string, MessageKey> = {
  email: "idp.scope.email",
  profile: "idp.scope.profile",
  phone: "idp.scope.phone",
  admin: "idp.scope.admin",
};

export default function IdpInteractionPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const page = loaderData as InteractionPageData;
  return (
    <div className={`${CONTAINER} py-8 sm:py-12`}>
      <div className="mx-auto max-w-md">
        {page.kind === "expired" ? (
          <Expired />
        ) : page.view.prompt === "login" ? (
          <LoginStep view={page.view} error={page.error} action={page.action} />
        ) : (
          <ConsentStep view={page.view} action={page.action} />
        )}
        <p className="mt-6 text-center text-xs text-slate-500">{t("idp.securedBy")}</p>
      </div>
    </div>
  );
}

function Expired() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className={CARD} data-testid="idp-expired">
      <h1 className="text-2xl font-bold text-sea-950">{t("idp.expired.title")}</h1>
      <p className="mt-2 text-slate-700">{t("idp.expired.body")}</p>
      <a className={`${buttonClass("primary")} mt-4`} href={`${pathOf("auth", language)}?signin`}>
        {t("idp.expired.again")}
      </a>
    </section>
  );
}

function ErrorAlert({ code }: { code: InteractionError }) {
  const t = useTranslate();
  return (
    <div role="alert" data-testid="idp-error" data-code={code} className="mb-4 rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700">
      {t(`idp.error.${code}`)}
    </div>
  );
}

function LoginStep({ view, error, action }: { view: InteractionView; error: InteractionError | null; action: string }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className={CARD} aria-labelledby="idp-login-title">
      <h1 id="idp-login-title" className="text-2xl font-bold text-sea-950">
        {t("idp.login.title")}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{view.firstParty ? t("idp.login.intro") : t("idp.login.introFor", { client: view.clientName })}</p>
      <div className="mt-5">
        {error ? <ErrorAlert code={error} /> : null}
        {view.socialProviders.length > 0 ? (
          <div className="flex flex-col gap-2">
            {view.socialProviders.map((provider) => (
              <a key={provider.id} className={buttonClass("secondary")} href={`${action}/social/${encodeURIComponent(provider.id)}`} data-testid={`idp-social-${provider.id}`}>
                {t("idp.login.continueWith", { provider: provider.name })}
              </a>
            ))}
            <p className="my-2 text-center text-xs uppercase tracking-wide text-slate-500">{t("idp.login.or")}</p>
          </div>
        ) : null}
        <form method="post" action={`${action}/login`} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1">
            <span className={FIELD_LABEL}>{t("idp.login.email")}</span>
            <input className={INPUT} type="email" name="email" autoComplete="username" required maxLength={254} />
          </label>
          <label className="flex flex-col gap-1">
            <span className={FIELD_LABEL}>{t("idp.login.password")}</span>
            <input className={INPUT} type="password" name="password" autoComplete="current-password" required maxLength={1024} />
          </label>
          <button type="submit" className={buttonClass("primary")}>
            {t("idp.login.submit")}
          </button>
        </form>
        <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          <a className="font-semibold text-sea-800 underline" href={pathOf("forgot", language)}>
            {t("idp.login.forgot")}
          </a>
          <a className="font-semibold text-sea-800 underline" href={pathOf("register", language)}>
            {t("idp.login.register")}
          </a>
        </div>
        <form method="post" action={`${action}/abort`} className="mt-4">
          <button type="submit" className="text-sm text-slate-600 underline">
            {t("idp.cancel")}
          </button>
        </form>
      </div>
    </section>
  );
}

function ConsentStep({ view, action }: { view: InteractionView; action: string }) {
  const t = useTranslate();
  return (
    <section className={CARD} aria-labelledby="idp-consent-title">
      <h1 id="idp-consent-title" className="text-2xl font-bold text-sea-950">
        {t("idp.consent.title", { client: view.clientName })}
      </h1>
      <p className="mt-2 text-slate-700">{t("idp.consent.intro", { client: view.clientName })}</p>
      <ul className="mt-3 list-disc pl-5 text-slate-700" data-testid="idp-consent-scopes">
        {view.scopes.filter((scope) => SCOPE_KEYS[scope]).map((scope) => (
          <li key={scope}>{t(SCOPE_KEYS[scope]!)}</li>
        ))}
        <li>{t("idp.scope.openid")}</li>
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <form method="post" action={`${action}/confirm`}>
          <button type="submit" className={buttonClass("primary")}>
            {t("idp.consent.allow")}
          </button>
        </form>
        <form method="post" action={`${action}/abort`}>
          <button type="submit" className={buttonClass("secondary")}>
            {t("idp.consent.deny")}
          </button>
        </form>
      </div>
    </section>
  );
}
