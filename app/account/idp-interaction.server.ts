// The identity provider's login and consent page (ADR 0031): the provider sends the browser to
// /idp/interaction/<uid>, which redirects here; this page renders the form in the site's look and
// language, and the form posts back under /idp/interaction/<uid>/, where the interaction cookie is.
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Language } from "../../lib/language.ts";
import { shownRefusalStatusOf, servicesContext, type InteractionView } from "../../server/edge/index.ts";
import { LOGIN_ERROR_CODES } from "./login-form.tsx";

type Context = Readonly<RouterContextProvider>;

/** The coded errors the login page explains; anything else is the general message. */
export const INTERACTION_ERRORS = [
  // The login form's codes, shown by the form itself…
  ...LOGIN_ERROR_CODES,
  // …and the provider's own.
  "SIGN_IN_REFUSED",
  "SOCIAL_PROVIDER_UNKNOWN",
  "SOCIAL_SIGN_IN_FAILED",
] as const;
export type InteractionError = (typeof INTERACTION_ERRORS)[number] | "GENERAL_ERROR";

export type InteractionPageData =
  | {
      kind: "interaction";
      view: InteractionView;
      error: InteractionError | null;
      retryAfter: number | null;
      action: string;
    }
  | { kind: "expired" };

export async function loadInteractionPage(request: Request, context: Context, language: Language) {
  const idp = context.get(servicesContext).identityProvider;
  const params = new URL(request.url).searchParams;
  const uid = params.get("interaction") ?? "";
  const view = idp && uid ? await idp.interactionView(uid) : null;
  const headers = { "Cache-Control": "no-store" };
  if (!view) return data<InteractionPageData>({ kind: "expired" }, { status: 410, headers });
  const code = params.get("error");
  const error =
    code === null
      ? null
      : (INTERACTION_ERRORS as readonly string[]).includes(code)
        ? (code as InteractionError)
        : "GENERAL_ERROR";
  const status = error ? shownRefusalStatusOf(error) : 200;
  return data<InteractionPageData>(
    {
      kind: "interaction",
      view: { ...view, language },
      error,
      retryAfter: retryAfterOf(params.get("retryAfter")),
      action: `/idp/interaction/${encodeURIComponent(view.uid)}`,
    },
    { status, headers },
  );
}

function retryAfterOf(value: string | null): number | null {
  const seconds = Number(value);
  return value !== null && Number.isInteger(seconds) && seconds > 0 && seconds < 86_400 ? seconds : null;
}

/**
 * The login form posted without JavaScript arrives at the page: a 307 re-posts the same body to the
 * provider's login under /idp/interaction/<uid>/, the path its interaction cookie is sent to.
 */
export function forwardLoginPost(request: Request): Response {
  const uid = new URL(request.url).searchParams.get("interaction") ?? "";
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(uid)) return redirect(new URL(request.url).pathname, { status: 303 });
  return redirect(`/idp/interaction/${uid}/login`, { status: 307, headers: { "Cache-Control": "no-store" } });
}
