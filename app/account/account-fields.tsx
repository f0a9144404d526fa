// The pieces the account forms share: a labelled field with its coded error under it, the password
// with its policy in view, country and state (Mexico's states as a list), and the notices above a form.
import { useState, type ReactNode } from "react";
import { FIELD_LABEL, INPUT } from "../components/booking/styles.ts";
import { ErrorSummary } from "../components/ui/error-summary.tsx";
import type { MessageKey } from "../i18n/translate.ts";
import { useTranslate } from "../i18n/use-translate.ts";
import { accountErrorKey, type AccountField, type FormErrors } from "./account-errors.ts";
import { MEXICAN_STATES } from "./mexican-states.ts";

/** The column a one-form page reads in: the site's gutters, a form's width. */
export const NARROW = "mx-auto w-full max-w-2xl px-4 sm:px-6 lg:px-8";

export function FieldError({ id, code }: { id: string; code: string | undefined }) {
  const t = useTranslate();
  if (!code) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-coral-700" data-testid={id} data-code={code}>
      {t(accountErrorKey(code))}
    </p>
  );
}

interface TextFieldProps {
  name: AccountField;
  label: string;
  errors: FormErrors;
  defaultValue: string;
  type?: "text" | "email";
  autoComplete: string;
  maxLength: number;
  required?: boolean;
  hint?: string;
}

export function TextField({
  name,
  label,
  errors,
  defaultValue,
  type = "text",
  autoComplete,
  maxLength,
  required = true,
  hint,
}: TextFieldProps) {
  const id = `account-${name}`;
  const code = errors.fields[name];
  const described = [hint ? `${id}-hint` : null, code ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={code ? true : undefined}
        aria-describedby={described}
        className={`${INPUT} mt-1`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} code={code} />
    </div>
  );
}

/** A new password: its rule shown before it is typed, and a way to see what was typed. */
/** The password rule, from the loader (the identity module is server code). */
export interface PasswordPolicy {
  min: number;
  max: number;
}

export function NewPasswordField({
  errors,
  label,
  policy,
}: {
  errors: FormErrors;
  label: string;
  policy: PasswordPolicy;
}) {
  const t = useTranslate();
  const [visible, setVisible] = useState(false);
  const code = errors.fields.password;
  return (
    <div>
      <label htmlFor="account-password" className={FIELD_LABEL}>
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="account-password"
          name="password"
          type={visible ? "text" : "password"}
          required
          autoComplete="new-password"
          minLength={policy.min}
          maxLength={policy.max}
          aria-invalid={code ? true : undefined}
          aria-describedby={`account-password-hint${code ? " account-password-error" : ""}`}
          className={INPUT}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls="account-password"
          className="min-h-11 shrink-0 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-sea-900 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700"
        >
          {visible ? t("account.password.hide") : t("account.password.show")}
        </button>
      </div>
      <p id="account-password-hint" className="mt-1 text-xs text-slate-600" data-testid="password-policy">
        {t("account.password.policy", { min: policy.min, max: policy.max })}
      </p>
      <FieldError id="account-password-error" code={code} />
    </div>
  );
}

/** Country, then state: a list of Mexico's states when the country is Mexico, free text otherwise. */
export function CountryStateFields({
  countries,
  country,
  state,
  errors,
}: {
  countries: readonly { code: string; name: string }[];
  country: string;
  state: string;
  errors: FormErrors;
}) {
  const t = useTranslate();
  const [chosen, setChosen] = useState(country);
  const countryCode = errors.fields.country;
  const stateCode = errors.fields.state;
  const stateIsMexican = MEXICAN_STATES.some((entry) => entry.code === state);
  return (
    <>
      <div>
        <label htmlFor="account-country" className={FIELD_LABEL}>
          {t("account.field.country")}
        </label>
        <select
          id="account-country"
          name="country"
          autoComplete="country"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-invalid={countryCode ? true : undefined}
          aria-describedby={countryCode ? "account-country-error" : undefined}
          className={`${INPUT} mt-1`}
        >
          <option value="">{t("account.field.countryChoose")}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <FieldError id="account-country-error" code={countryCode} />
      </div>
      <div>
        <label htmlFor="account-state" className={FIELD_LABEL}>
          {t("account.field.state")}
        </label>
        {chosen === "MX" ? (
          <select
            id="account-state"
            name="state"
            autoComplete="address-level1"
            defaultValue={stateIsMexican ? state : ""}
            aria-invalid={stateCode ? true : undefined}
            aria-describedby={stateCode ? "account-state-error" : undefined}
            className={`${INPUT} mt-1`}
          >
            <option value="">{t("account.field.stateChoose")}</option>
            {MEXICAN_STATES.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id="account-state"
            name="state"
            autoComplete="address-level1"
            maxLength={100}
            defaultValue={stateIsMexican ? "" : state}
            aria-invalid={stateCode ? true : undefined}
            aria-describedby={stateCode ? "account-state-error" : undefined}
            className={`${INPUT} mt-1`}
          />
        )}
        <FieldError id="account-state-error" code={stateCode} />
      </div>
    </>
  );
}

/** What each field is called in the error summary: its label's words. */
const FIELD_LABELS: Record<AccountField, MessageKey> = {
  email: "account.field.email",
  password: "account.field.password",
  firstName: "account.field.firstName",
  lastName: "account.field.lastName",
  country: "account.field.country",
  state: "account.field.state",
  privacy: "page.privacyNotice",
};

/**
 * The summary above a refused account form: the refusal about no one field as its title, and a link
 * to each field in error (each field's input is `account-<field>`). Focused when a submit comes back.
 */
export function GeneralError({
  code,
  errors,
  testId = "account-error",
}: {
  code: string | null;
  errors?: FormErrors;
  testId?: string;
}) {
  const t = useTranslate();
  const fields = Object.entries(errors?.fields ?? {}) as [AccountField, string][];
  if (!code && fields.length === 0) return null;
  const items = fields.map(([field, fieldCode]) => ({
    fieldId: `account-${field}`,
    text: `${t(FIELD_LABELS[field])}: ${t(accountErrorKey(fieldCode))}`,
  }));
  return (
    <ErrorSummary
      title={code ? t(accountErrorKey(code)) : undefined}
      items={items}
      focusKey={errors ?? code}
      testId={testId}
      code={code ?? undefined}
    />
  );
}

export function Notice({ testId, title, children }: { testId: string; title: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="rounded-2xl border border-sea-700 bg-sea-50 p-4 text-sea-950 sm:p-5"
    >
      <p className="text-lg font-bold">{title}</p>
      {children ? <div className="mt-2 space-y-3 text-sm text-slate-800">{children}</div> : null}
    </div>
  );
}
