// The sign-in form: e-mail format and password presence are checked
// before anything is sent; every refusal is shown by its code in the visitor's language. The same form
// serves the site's auth page (POST /login, then /user-session/) and the identity provider's login
// interaction: the caller says how credentials are submitted. Without JavaScript the form posts to the
// page's own action, which signs in the same way.
import { useId, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { CARD, FIELD_LABEL, INPUT } from "../components/booking/styles.ts";
import { buttonClass } from "../components/ui/styles.ts";
import type { MessageKey, Translate } from "../i18n/translate.ts";
import { useTranslate } from "../i18n/use-translate.ts";
import { isEmailShaped } from "./email-shape.ts";

export const LOGIN_ERROR_CODES = [
  "INVALID_EMAIL",
  "PASSWORD_REQUIRED",
  "INCORRECT_LOGIN",
  "USER_INACTIVE",
  "USER_NOT_CONFIRMED",
  "USER_ALREADY_EXISTS",
  "RATE_LIMITED",
  "CSRF_REJECTED",
  "GENERAL_ERROR",
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

/** Any code outside the login catalogue is GENERAL_ERROR ("Hubo un error al iniciar sesión"). */
export function loginErrorCodeOf(code: string | null | undefined): LoginErrorCode {
  return LOGIN_ERROR_CODES.find((known) => known === code) ?? "GENERAL_ERROR";
}

export function loginErrorText(t: Translate, code: LoginErrorCode, retryAfter: number | null): string {
  if (code === "RATE_LIMITED") return t("login.error.RATE_LIMITED", { seconds: retryAfter ?? 60 });
  return t(`login.error.${code}` satisfies MessageKey);
}

export interface LoginFailure {
  code: LoginErrorCode;
  retryAfter: number | null;
}

export interface SocialProviderLink {
  id: string;
  name: string;
  href: string;
}

interface LoginFormProps {
  /** Signs in; answers null on success (the caller navigates) or the refusal. */
  submit: (credentials: { email: string; password: string; remember: boolean }) => Promise<LoginFailure | null>;
  /** The refusal the server answered to a form posted without JavaScript. */
  initialFailure?: LoginFailure | null;
  initialEmail?: string;
  socialProviders: readonly SocialProviderLink[];
  registerHref: string;
  forgotHref: string;
  /** Whether to offer "remember me" (the identity provider's own login does not). */
  offerRemember?: boolean;
}

export function LoginForm({
  submit,
  initialFailure = null,
  initialEmail = "",
  socialProviders,
  registerHref,
  forgotHref,
  offerRemember = true,
}: LoginFormProps) {
  const t = useTranslate();
  const id = useId();
  const [fieldErrors, setFieldErrors] = useState<{ email: LoginErrorCode | null; password: LoginErrorCode | null }>({
    email: null,
    password: null,
  });
  const [failure, setFailure] = useState<LoginFailure | null>(initialFailure);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const errors = {
      email: isEmailShaped(email) ? null : ("INVALID_EMAIL" as const),
      password: password.length > 0 ? null : ("PASSWORD_REQUIRED" as const),
    };
    setFieldErrors(errors);
    setFailure(null);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setBusy(true);
    try {
      const refusal = await submit({ email, password, remember: form.get("remember") === "on" });
      if (refusal) {
        if (refusal.code === "INVALID_EMAIL") setFieldErrors({ email: refusal.code, password: null });
        else if (refusal.code === "PASSWORD_REQUIRED") setFieldErrors({ email: null, password: refusal.code });
        else setFailure(refusal);
        setBusy(false);
      }
    } catch {
      setFailure({ code: "GENERAL_ERROR", retryAfter: null });
      setBusy(false);
    }
  }

  return (
    <div className={`${CARD} w-full max-w-md space-y-5`}>
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        data-testid="login-form"
        aria-describedby={failure ? `${id}-failure` : undefined}
      >
        {failure ? (
          <div
            id={`${id}-failure`}
            role="alert"
            data-testid="login-error"
            data-code={failure.code}
            className="rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700"
          >
            {loginErrorText(t, failure.code, failure.retryAfter)}
          </div>
        ) : null}
        <div>
          <label htmlFor={`${id}-email`} className={FIELD_LABEL}>
            {t("login.email")}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            maxLength={254}
            defaultValue={initialEmail}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? `${id}-email-error` : undefined}
            className={`${INPUT} mt-1`}
          />
          {fieldErrors.email ? (
            <p id={`${id}-email-error`} data-testid="email-error" className="mt-1 text-sm text-coral-700">
              {loginErrorText(t, fieldErrors.email, null)}
            </p>
          ) : null}
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={`${id}-password`} className={FIELD_LABEL}>
              {t("login.password")}
            </label>
            <a
              href={forgotHref}
              className="text-sm font-medium text-sea-800 underline underline-offset-2 hover:text-sea-950"
            >
              {t("login.forgot")}
            </a>
          </div>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={1024}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
            className={`${INPUT} mt-1`}
          />
          {fieldErrors.password ? (
            <p id={`${id}-password-error`} data-testid="password-error" className="mt-1 text-sm text-coral-700">
              {loginErrorText(t, fieldErrors.password, null)}
            </p>
          ) : null}
        </div>
        {offerRemember ? (
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="remember" className="size-6 shrink-0 accent-sea-700" />
            {t("login.remember")}
          </label>
        ) : null}
        <button type="submit" disabled={busy} className={`${buttonClass("primary", "lg")} w-full`}>
          {busy ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
      <SocialSignIn socialProviders={socialProviders} />
      <p className="text-center text-sm text-slate-700">
        {t("login.noAccount")}{" "}
        <a href={registerHref} className="font-semibold text-sea-800 underline underline-offset-2 hover:text-sea-950">
          {t("login.register")}
        </a>
      </p>
    </div>
  );
}

/** The upstream providers one may sign in with instead. */
function SocialSignIn({ socialProviders }: { socialProviders: readonly SocialProviderLink[] }) {
  const t = useTranslate();
  return (
    <>
      {socialProviders.length > 0 ? (
        <div className="space-y-3">
          <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            {t("login.or")}
          </p>
          {socialProviders.map((provider) => (
            <a
              key={provider.id}
              href={provider.href}
              data-testid={`social-${provider.id}`}
              className={`${buttonClass("secondary", "lg")} w-full`}
            >
              {t("login.social", { provider: provider.name })}
            </a>
          ))}
        </div>
      ) : null}
    </>
  );
}
