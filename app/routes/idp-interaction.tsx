// The hosted identity provider's login and consent page (ADR 0031). Plain forms: works without
// JavaScript; the forms post to the provider under /idp/interaction/<uid>/.
import { languageOfPath } from "../../lib/language.ts";
import {
  forwardLoginPost,
  loadInteractionPage,
  type InteractionError,
  type InteractionPageData,
} from "../account/idp-interaction.server.ts";
import {
  LoginForm,
  loginErrorCodeOf,
  LOGIN_ERROR_CODES,
  type LoginErrorCode,
  type LoginFailure,
} from "../account/login-form.tsx";
import type { InteractionView } from "../../server/edge/index.ts";
import { CARD } from "../components/booking/styles.ts";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate, type MessageKey } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/idp-interaction";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInteractionPage(request, context, languageOfPath(new URL(request.url).pathname));
}

/** The login form without JavaScript posts here: re-posted (307) to the provider, where the interaction cookie is. */
export async function action({ request }: Route.ActionArgs) {
  return forwardLoginPost(request);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("login.title")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

function isLoginErrorCode(code: string): code is LoginErrorCode {
  return (LOGIN_ERROR_CODES as readonly string[]).includes(code);
}

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
      <div className="mx-auto flex max-w-md flex-col items-center">
        {page.kind === "expired" ? (
          <Expired />
        ) : page.view.prompt === "login" ? (
          <LoginStep view={page.view} error={page.error} retryAfter={page.retryAfter} action={page.action} />
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
    <section className={`${CARD} w-full`} data-testid="idp-expired">
      <h1 className="text-2xl font-bold text-sea-950">{t("idp.expired.title")}</h1>
      <p className="mt-2 text-slate-700">{t("idp.expired.body")}</p>
      <a className={`${buttonClass("primary")} mt-4`} href={`${pathOf("auth", language)}?signin`}>
        {t("idp.expired.again")}
      </a>
    </section>
  );
}

/** The provider's own refusals (a social sign-in that failed); the login form shows the login codes. */
function ErrorAlert({ code }: { code: InteractionError }) {
  const t = useTranslate();
  const key: MessageKey =
    code === "SIGN_IN_REFUSED" || code === "SOCIAL_PROVIDER_UNKNOWN" || code === "SOCIAL_SIGN_IN_FAILED"
      ? `idp.error.${code}`
      : "login.error.GENERAL_ERROR";
  return (
    <div
      role="alert"
      data-testid="idp-error"
      data-code={code}
      className="mb-4 w-full max-w-md rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700"
    >
      {t(key)}
    </div>
  );
}

function LoginStep({
  view,
  error,
  retryAfter,
  action,
}: {
  view: InteractionView;
  error: InteractionError | null;
  retryAfter: number | null;
  action: string;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const initialFailure: LoginFailure | null = error && isLoginErrorCode(error) ? { code: error, retryAfter } : null;

  // With JavaScript: the provider's login answers JSON, and the browser goes on where it says.
  async function signIn({ email, password }: { email: string; password: string }): Promise<LoginFailure | null> {
    const answer = await fetch(`${action}/login`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
    });
    const body = (await answer.json().catch(() => null)) as {
      location?: string;
      error?: { code?: string; retryAfter?: number };
    } | null;
    if (answer.ok && body?.location) {
      window.location.assign(body.location);
      return null;
    }
    if (answer.status === 410) {
      window.location.reload();
      return null;
    }
    return { code: loginErrorCodeOf(body?.error?.code), retryAfter: body?.error?.retryAfter ?? null };
  }

  return (
    <section aria-labelledby="idp-login-title" className="flex flex-col items-center">
      <div className="mb-6 w-full max-w-md">
        <h1 id="idp-login-title" className="text-3xl font-bold text-sea-950">
          {t("login.title")}
        </h1>
        <p className="mt-2 text-slate-700">
          {view.firstParty ? t("login.intro") : t("idp.login.introFor", { client: view.clientName })}
        </p>
      </div>
      {error && !initialFailure ? <ErrorAlert code={error} /> : null}
      <LoginForm
        submit={signIn}
        initialFailure={initialFailure}
        socialProviders={view.socialProviders.map((provider) => ({
          ...provider,
          href: `${action}/social/${encodeURIComponent(provider.id)}`,
        }))}
        registerHref={pathOf("register", language)}
        forgotHref={pathOf("forgot", language)}
        offerRemember={false}
      />
      <form method="post" action={`${action}/abort`} className="mt-4">
        <button type="submit" className="min-h-11 text-sm text-slate-700 underline">
          {t("idp.cancel")}
        </button>
      </form>
    </section>
  );
}

function ConsentStep({ view, action }: { view: InteractionView; action: string }) {
  const t = useTranslate();
  return (
    <section className={`${CARD} w-full`} aria-labelledby="idp-consent-title">
      <h1 id="idp-consent-title" className="text-2xl font-bold text-sea-950">
        {t("idp.consent.title", { client: view.clientName })}
      </h1>
      <p className="mt-2 text-slate-700">{t("idp.consent.intro", { client: view.clientName })}</p>
      <ul className="mt-3 list-disc pl-5 text-slate-700" data-testid="idp-consent-scopes">
        {view.scopes
          .filter((scope) => SCOPE_KEYS[scope])
          .map((scope) => (
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
