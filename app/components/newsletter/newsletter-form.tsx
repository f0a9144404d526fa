// The newsletter form, in the footer and on the newsletter page. It posts to the
// newsletter page's action: through a fetcher when JavaScript runs (the page stays, the answer shows
// in place), as a plain form post otherwise (the newsletter page shows the answer). Each field's
// message appears under each field, linked with aria-describedby; the first field to fix gets focus.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { countryOptions } from "../../../lib/countries.ts";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../../lib/routing/localized-paths.ts";
import { buttonClass } from "../ui/styles.ts";
import {
  checkNewsletterForm,
  EMPTY_NEWSLETTER_VALUES,
  NEWSLETTER_FIELDS,
  newsletterValuesOf,
  type NewsletterFieldErrors,
  type NewsletterFormField,
  type NewsletterFormValues,
  type NewsletterResult,
} from "./newsletter-check.ts";

export type NewsletterFormTone = "dark" | "light";

interface NewsletterFormProps {
  /** Prefix of the fields' ids: the footer's and the page's forms can be on one page. */
  idPrefix: string;
  tone: NewsletterFormTone;
  /** The origin label stored with the subscription: which form it came from ("footer", "newsletter-page"). */
  origin: string;
  /** What the page's action answered to a form posted without JavaScript. */
  initialResult?: NewsletterResult | undefined;
}

const TONES = {
  dark: {
    label: "text-sm font-semibold text-white",
    input:
      "min-h-11 w-full rounded-lg border border-white/30 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-[invalid=true]:border-coral-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-coral-500",
    error: "mt-1 text-sm font-semibold text-coral-100",
    check: "text-sm text-sea-100",
    link: "rounded text-sm font-semibold text-sea-200 underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
    success: "rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200",
    failure: "rounded-xl bg-coral-50 p-4 font-semibold text-coral-700 ring-1 ring-coral-100",
    button: buttonClass("primary", "lg"),
  },
  light: {
    label: "text-sm font-semibold text-sea-950",
    input:
      "min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 aria-[invalid=true]:border-coral-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-coral-700",
    error: "mt-1 text-sm font-semibold text-coral-700",
    check: "text-sm text-slate-800",
    link: "rounded text-sm font-semibold text-sea-800 underline underline-offset-4 hover:text-sea-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700",
    success: "rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200",
    failure: "rounded-xl bg-coral-50 p-4 font-semibold text-coral-700 ring-1 ring-coral-100",
    button: buttonClass("primary", "lg"),
  },
} as const;

function valuesOf(result: NewsletterResult | undefined): NewsletterFormValues {
  return result && result.outcome !== "subscribed" ? result.values : EMPTY_NEWSLETTER_VALUES;
}

export function NewsletterForm({ idPrefix, tone, origin, initialResult }: NewsletterFormProps) {
  const t = useTranslate();
  const language = useLanguage();
  const location = useLocation();
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${idPrefix}` });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<NewsletterFieldErrors | null>(null);
  // The country list (250 names) is built when the field is first focused, not in the page.
  const [countries, setCountries] = useState<readonly { code: string; name: string }[]>([]);
  const listCountries = () => {
    if (countries.length === 0) setCountries(countryOptions(language));
  };
  const styles = TONES[tone];
  const result = fetcher.data ?? initialResult;
  const errors: NewsletterFieldErrors = clientErrors ?? (result?.outcome === "invalid" ? result.errors : {});
  const values = valuesOf(initialResult);
  const busy = fetcher.state !== "idle";
  const id = (field: string) => `${idPrefix}-${field}`;

  function focusFirstError(found: NewsletterFieldErrors) {
    const first = NEWSLETTER_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${id(first)}`)?.focus();
  }

  // Focused before this form's code had arrived (ui/hydrate-on-demand.tsx): list the countries now.
  useEffect(() => {
    if (document.activeElement?.id === `${idPrefix}-country`) setCountries(countryOptions(language));
  }, [idPrefix, language]);

  // The server's refusal of a field (checked again there) puts the focus where the client's would,
  // once per answer (the effect runs again only when a new answer arrives).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.outcome === "invalid") focusFirstError(fetcher.data.errors);
  }, [fetcher.data, fetcher.state]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = checkNewsletterForm(newsletterValuesOf(new FormData(event.currentTarget)));
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      focusFirstError(found);
      return;
    }
    setClientErrors(null);
  }

  if (result?.outcome === "subscribed") {
    return (
      <div role="status" className={styles.success} data-testid={`${idPrefix}-result`} data-outcome="subscribed">
        <p className="font-bold">{t("newsletter.successTitle")}</p>
        <p className="mt-1 text-sm">{t("newsletter.success", { email: result.email })}</p>
      </div>
    );
  }

  const describedBy = (field: NewsletterFormField, extra?: string) =>
    [errors[field] ? id(`${field}-error`) : null, extra].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: NewsletterFormField) =>
    errors[field] ? (
      <p id={id(`${field}-error`)} className={styles.error}>
        {t(errors[field])}
      </p>
    ) : null;
  const textField = (field: "name" | "lastname" | "email", autoComplete: string, type = "text") => (
    <div>
      <label htmlFor={id(field)} className={styles.label}>
        {t(`newsletter.${field}`)}
      </label>
      <input
        id={id(field)}
        name={field}
        type={type}
        autoComplete={autoComplete}
        maxLength={field === "email" ? 254 : 80}
        defaultValue={values[field]}
        aria-required="true"
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        className={`${styles.input} mt-1`}
      />
      {fieldError(field)}
    </div>
  );
  const consent = (field: "acceptance" | "permission") => (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id(field)}
          name={field}
          type="checkbox"
          defaultChecked={values[field]}
          aria-required="true"
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field)}
          className="size-6 shrink-0 accent-coral-600"
        />
        <label htmlFor={id(field)} className={styles.check}>
          {t(`newsletter.${field}`)}
        </label>
      </div>
      {fieldError(field)}
    </div>
  );
  const failure =
    result?.outcome === "duplicate"
      ? "newsletter.error.duplicate"
      : result?.outcome === "failed"
        ? "newsletter.error.tryLater"
        : null;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={pathOf("newsletter", language)}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      className="space-y-4"
      data-testid={`${idPrefix}-form`}
    >
      <input type="hidden" name="origin" value={origin} />
      <input type="hidden" name="errorRedirectUrl" value={location.pathname} />
      {failure ? (
        <p role="alert" className={styles.failure} data-testid={`${idPrefix}-result`} data-outcome={result?.outcome}>
          {t(failure)}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField("name", "given-name")}
        {textField("lastname", "family-name")}
        {textField("email", "email", "email")}
        <CountryField
          id={id}
          styles={styles}
          values={values}
          listCountries={listCountries}
          errors={errors}
          describedBy={describedBy}
          countries={countries}
          fieldError={fieldError}
        />
      </div>
      {consent("acceptance")}
      {consent("permission")}
      <SubmitRow styles={styles} busy={busy} />
    </fetcher.Form>
  );
}

/** The country: typed, with the names suggested once the field is first used. */
function CountryField({
  id,
  styles,
  values,
  listCountries,
  errors,
  describedBy,
  countries,
  fieldError,
}: {
  id: (field: string) => string;
  styles: (typeof TONES)[keyof typeof TONES];
  values: NewsletterFormValues;
  listCountries: () => void;
  errors: NewsletterFieldErrors;
  describedBy: (field: NewsletterFormField, extra?: string) => string | undefined;
  countries: readonly { code: string; name: string }[];
  fieldError: (field: NewsletterFormField) => ReactNode;
}) {
  const t = useTranslate();
  return (
    <>
      <div>
        <label htmlFor={id("country")} className={styles.label}>
          {t("newsletter.country")}
        </label>
        {/* A text field with suggestions rather than a 250-option select: the page stays small, and
            without JavaScript a typed name or code is enough (the server reads either). */}
        <input
          id={id("country")}
          name="country"
          type="text"
          list={id("countries")}
          autoComplete="country-name"
          maxLength={80}
          defaultValue={values.country}
          placeholder={t("newsletter.countryPlaceholder")}
          onFocus={listCountries}
          onPointerDown={listCountries}
          aria-required="true"
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={describedBy("country")}
          className={`${styles.input} mt-1`}
        />
        <datalist id={id("countries")}>
          {countries.map((country) => (
            <option key={country.code} value={country.name} />
          ))}
        </datalist>
        {fieldError("country")}
      </div>
    </>
  );
}

/** The submit button, and the privacy notice beside it. */
function SubmitRow({ styles, busy }: { styles: (typeof TONES)[keyof typeof TONES]; busy: boolean }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t("newsletter.sending") : t("newsletter.submit")}
        </button>
        {isPageLive("privacyNotice") ? (
          <Link to={pathOf("privacyNotice", language)} className={styles.link}>
            {t("newsletter.privacyLink")}
          </Link>
        ) : null}
      </div>
    </>
  );
}
