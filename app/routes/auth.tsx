// The auth page: the sign-in form. With JavaScript it makes
// the sign-in API's calls — POST /login, POST /user-session/ — then goes where GET /redirect/ says (else the
// account); without, it posts to this page's action, which signs in the same way.
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { languageOfPath } from "../../lib/language.ts";
import { LoginForm, loginErrorCodeOf, type LoginFailure } from "../account/login-form.tsx";
import { loadAuthPage, signInWithoutScript, type AuthActionData } from "../account/auth-page.server.ts";
import { handleAuthReturn } from "../account/auth-return.server.ts";
import { CONTAINER } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/auth";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The identity provider's code flow first: a sign-in start (?signin, ?social=) or its return (?code&state).
  const answer = await handleAuthReturn(request, context);
  if (answer) return answer;
  return loadAuthPage(request, context, languageOfPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInWithoutScript(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [
    { title: `${t("page.auth")} · ${t("site.name")}` },
    { name: "description", content: t("login.intro") },
    { name: "robots", content: "noindex" },
  ];
};

async function failureOf(answer: Response): Promise<LoginFailure> {
  const body = (await answer.json().catch(() => null)) as { error?: { code?: string; retryAfter?: number } } | null;
  return { code: loginErrorCodeOf(body?.error?.code), retryAfter: body?.error?.retryAfter ?? null };
}

function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const failed = actionData as AuthActionData | undefined;

  async function signIn({
    email,
    password,
    remember,
  }: {
    email: string;
    password: string;
    remember: boolean;
  }): Promise<LoginFailure | null> {
    const login = await postJson("/login", { Username: email, Password: password });
    if (!login.ok) return failureOf(login);
    const { sessionId } = (await login.json()) as { sessionId: string };
    const session = await postJson("/user-session/", { sessionId, remember });
    if (!session.ok) return failureOf(session);
    const kept = (await fetch("/redirect/", { headers: { Accept: "application/json" } })
      .then((answer) => answer.json())
      .catch(() => null)) as { route?: string | null } | null;
    window.location.assign(kept?.route ?? loaderData.accountPath);
    return null;
  }

  return (
    <div className={`${CONTAINER} flex flex-col items-center py-10 sm:py-14`}>
      <div className="mb-6 w-full max-w-md">
        <h1 className="text-3xl font-bold text-sea-950">{t("login.title")}</h1>
        <p className="mt-2 text-slate-700">{t("login.intro")}</p>
      </div>
      <LoginForm
        submit={signIn}
        initialFailure={failed?.failure ?? loaderData.codeFlowFailure}
        initialEmail={failed?.email ?? ""}
        socialProviders={loaderData.socialProviders}
        registerHref={pathOf("register", language)}
        forgotHref={pathOf("forgot", language)}
      />
    </div>
  );
}
