// The waiting list of a sold-out sailing (ADR 0037): the join form (e-mail, passengers, fare, the
// language of the mail), the place in line once joined, and an offer from the mail with its one button
// that puts the kept seats in the cart. Every refusal is shown in the visitor's language.
import { Form, Link, useNavigation } from "react-router";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { CARD, CHECK, CHOICE, FIELD_LABEL, FIELDSET_LEGEND, INPUT } from "../components/booking/styles.ts";
import { formatCancunTime } from "../components/booking/format.ts";
import { ErrorSummary } from "../components/ui/error-summary.tsx";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate, type Translate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import type { MessageKey } from "../../lib/i18n/messages/en.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import {
  loadWaitlistPage,
  submitWaitlistForm,
  type WaitlistActionData,
  type WaitlistPageData,
  type WaitlistSailingView,
} from "../waitlist/waitlist.server.ts";
import type { Route } from "./+types/waitlist";

export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadWaitlistPage(request, context, languageOfPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitWaitlistForm(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  // One visitor's sailing or offer: never indexed.
  return [{ title: `${t("page.waitlist")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

const JOIN_ERRORS = [
  "WAITLIST_DUPLICATE",
  "WAITLIST_SEATS_AVAILABLE",
  "UNKNOWN_SAILING",
  "SAILING_CLOSED",
  "SAILING_DEPARTED",
  "RATE_LIMITED",
] as const;
const CLAIM_ERRORS = [
  "WAITLIST_OFFER_INVALID",
  "WAITLIST_OFFER_EXPIRED",
  "WAITLIST_OFFER_USED",
  "SAME_PRODUCT_IN_CART",
  "LIMIT_PASSED",
  "TOO_MANY_SEATS_HELD",
] as const;

/** The message of a refused join: the field's own text for a bad form, else the code's, else the generic one. */
export function joinErrorKey(code: string, fields: readonly string[]): MessageKey {
  if (code === "WAITLIST_INVALID") {
    if (fields.includes("email:required")) return "waitlist.error.emailRequired";
    if (fields.some((field) => field.startsWith("email:"))) return "waitlist.error.emailInvalid";
    if (fields.some((field) => field.startsWith("passengers"))) return "waitlist.error.passengers";
    return "waitlist.error.any";
  }
  const known = JOIN_ERRORS.find((item) => item === code);
  return known ? `waitlist.error.${known}` : "waitlist.error.any";
}

export function claimErrorKey(code: string): MessageKey {
  const known = CLAIM_ERRORS.find((item) => item === code);
  return known ? `waitlist.error.${known}` : "waitlist.error.any";
}

function SailingSummary({ sailing }: { sailing: WaitlistSailingView }) {
  const t = useTranslate();
  return (
    <p className="mt-3 rounded-xl bg-sea-50 p-4 text-base font-semibold text-sea-950" data-testid="waitlist-sailing">
      {t("waitlist.sailing", { from: sailing.from, to: sailing.to, date: sailing.date, time: sailing.time })}
    </p>
  );
}

function BackToFerry() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <p className="mt-6">
      <Link to={pathOf("ferry", language)} className="font-semibold text-sea-800 underline">
        {t("waitlist.backToFerry")}
      </Link>
    </p>
  );
}

const LANGUAGE_NAMES: Record<Language, string> = { es: "Español", en: "English", pt: "Português" };

function JoinForm({
  page,
  answer,
}: {
  page: Extract<WaitlistPageData, { kind: "join" }>;
  answer: WaitlistActionData | undefined;
}) {
  const t = useTranslate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failed = answer?.kind === "join-error" ? answer : null;
  const values = failed?.values ?? page.values;
  const errorKey = failed ? joinErrorKey(failed.code, failed.fields) : null;
  const emailInvalid = failed?.fields.some((field) => field.startsWith("email:")) ?? false;
  const passengersInvalid = failed?.fields.some((field) => field.startsWith("passengers")) ?? false;
  if (answer?.kind === "joined") {
    return (
      <div
        role="status"
        className="mt-6 rounded-xl border border-emerald-600 bg-emerald-50 p-4"
        data-testid="waitlist-joined"
      >
        <p className="text-lg font-bold text-emerald-900">{t("waitlist.joinedTitle")}</p>
        <p className="mt-1 text-slate-800">
          {t("waitlist.joined", { place: answer.place, email: answer.email, count: answer.seats })}
        </p>
      </div>
    );
  }
  return (
    // noValidate: the server checks every field and answers in the visitor's language, with or without JavaScript.
    <Form method="post" noValidate className="mt-6 space-y-5" aria-busy={busy || undefined} data-testid="waitlist-form">
      <input type="hidden" name="intent" value="join" />
      <input type="hidden" name="sailing" value={page.sailing.id} />
      <div className="flex flex-col gap-1">
        <label htmlFor="waitlist-email" className={FIELD_LABEL}>
          {t("waitlist.email")}
        </label>
        <input
          id="waitlist-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          aria-invalid={emailInvalid || undefined}
          aria-describedby={errorKey ? "waitlist-error" : undefined}
          className={INPUT}
        />
      </div>
      <fieldset className="min-w-0">
        <legend className={FIELDSET_LEGEND}>{t("booking.passengers")}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:gap-3">
          {(["adults", "children", "infants"] as const).map((name) => (
            <div key={name} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`waitlist-${name}`} className={FIELD_LABEL}>
                {t(
                  name === "adults"
                    ? "booking.passenger.adult"
                    : name === "children"
                      ? "booking.passenger.child"
                      : "booking.passenger.infant",
                )}
              </label>
              <input
                id={`waitlist-${name}`}
                name={name}
                type="number"
                inputMode="numeric"
                min={name === "adults" ? 1 : 0}
                max={20}
                step={1}
                defaultValue={values[name]}
                aria-invalid={passengersInvalid || undefined}
                className={INPUT}
              />
            </div>
          ))}
        </div>
        <p className="mt-2 text-xs text-slate-700">{t("waitlist.seatsHint")}</p>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className={FIELDSET_LEGEND}>{t("booking.category")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {(["tourist", "resident"] as const).map((category) => (
            <label key={category} className={CHOICE}>
              <input
                type="radio"
                name="category"
                value={category}
                defaultChecked={values.category === category}
                className={CHECK}
              />
              {t(`booking.category.${category}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex max-w-xs flex-col gap-1">
        <label htmlFor="waitlist-language" className={FIELD_LABEL}>
          {t("waitlist.language")}
        </label>
        <select id="waitlist-language" name="language" defaultValue={values.language} className={INPUT}>
          {(["es", "en", "pt"] as const).map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </div>
      {errorKey ? (
        <div id="waitlist-error">
          <ErrorSummary title={t(errorKey)} items={[]} focusKey={failed} testId="waitlist-error" />
        </div>
      ) : null}
      <button type="submit" className={buttonClass("primary", "lg")} disabled={busy}>
        {t("waitlist.submit")}
      </button>
    </Form>
  );
}

function localTime(iso: string | null, language: Language): string {
  return iso ? formatCancunTime(iso, language) : "";
}

function OfferCard({
  page,
  answer,
  t,
  language,
}: {
  page: Extract<WaitlistPageData, { kind: "offer" }>;
  answer: WaitlistActionData | undefined;
  t: Translate;
  language: Language;
}) {
  const failed = answer?.kind === "claim-error" ? answer : null;
  if (page.state !== "offered") {
    const used = page.state === "claimed";
    return (
      <div
        role="status"
        className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4"
        data-testid={used ? "waitlist-offer-used" : "waitlist-offer-expired"}
      >
        <p className="text-lg font-bold text-sea-950">
          {t(used ? "waitlist.offer.usedTitle" : "waitlist.offer.expiredTitle")}
        </p>
        <p className="mt-1 text-slate-800">{t(used ? "waitlist.offer.usedText" : "waitlist.offer.expiredText")}</p>
      </div>
    );
  }
  return (
    <div className="mt-6" data-testid="waitlist-offer">
      <p className="text-lg text-slate-800">
        {t("waitlist.offer.text", { count: page.seats, time: localTime(page.expiresAt, language) })}
      </p>
      {failed ? (
        <ErrorSummary
          title={t(claimErrorKey(failed.code))}
          items={[]}
          focusKey={failed}
          testId="waitlist-error"
          className="mt-4"
        />
      ) : null}
      <Form method="post" className="mt-5">
        <input type="hidden" name="intent" value="claim" />
        <input type="hidden" name="token" value={page.token} />
        <button type="submit" className={buttonClass("primary", "lg")}>
          {t("waitlist.offer.button")}
        </button>
      </Form>
    </div>
  );
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const page = loaderData as WaitlistPageData;
  const answer = actionData as WaitlistActionData | undefined;
  return (
    <div className={`${CONTAINER} py-8 sm:py-12`}>
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold text-sea-950 sm:text-4xl">
          {page.kind === "offer" ? t("waitlist.offer.title") : t("waitlist.title")}
        </h1>
        <div className={`${CARD} mt-6`}>
          {page.kind === "join" ? (
            <>
              <p className="text-slate-800">{t("waitlist.intro", { count: page.offerMinutes })}</p>
              <SailingSummary sailing={page.sailing} />
              <JoinForm page={page} answer={answer} />
            </>
          ) : page.kind === "offer" ? (
            <>
              <SailingSummary sailing={page.sailing} />
              <OfferCard page={page} answer={answer} t={t} language={language} />
            </>
          ) : page.kind === "invalid" ? (
            <div role="status" data-testid="waitlist-offer-invalid">
              <p className="text-lg font-bold text-sea-950">{t("waitlist.offer.invalidTitle")}</p>
              <p className="mt-1 text-slate-800">{t("waitlist.offer.invalidText")}</p>
            </div>
          ) : (
            <p className="text-slate-800" data-testid="waitlist-none">
              {t("waitlist.none")}
            </p>
          )}
          <BackToFerry />
        </div>
      </div>
    </div>
  );
}
