// My account: needs a session (none → the auth page, coming back here after). Shows the
// bookings bought with the account's confirmed e-mail (each opens manage booking), the profile form
// (name, country, state) and the sign-out button. Personal: private, no-store, noindex.
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { CountryStateFields, GeneralError, Notice, TextField } from "../account/account-fields.tsx";
import {
  loadAccount,
  submitAccount,
  type AccountActionData,
  type AccountData,
  PRIVATE_NO_STORE,
} from "../account/account.server.ts";
import { noErrors } from "../account/account-errors.ts";
import { signOut } from "../account/session-client.ts";
import { CARD } from "../components/booking/styles.ts";
import { formatLongDate, LOCALE } from "../components/booking/format.ts";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccount(request, context, languageOfPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitAccount(request, context, languageOfPath(new URL(request.url).pathname));
}

/** Personal answers (a form's values, a token, a session): no cache may keep the document. */
export const headers: Route.HeadersFunction = () => PRIVATE_NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.account")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

/** A day as Cancún reads it: "5 March 2031". */
function formatCancunDay(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], { dateStyle: "medium", timeZone: "America/Cancun" }).format(
    new Date(iso),
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const page = loaderData as AccountData;
  const refused = actionData as AccountActionData | undefined;
  return (
    <div className={`${CONTAINER} space-y-6 py-8 sm:py-12`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-sea-950">{t("page.account")}</h1>
          <p className="mt-1 break-all text-slate-700" data-testid="account-email">
            {page.email}
          </p>
        </div>
        <SignOutButton />
      </div>
      {page.saved ? <Notice testId="profile-saved" title={t("account.profile.saved")} /> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
        <Bookings page={page} />
        <ProfileForm page={page} refused={refused} />
      </div>
    </div>
  );
}

function SignOutButton() {
  const t = useTranslate();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass("secondary")}
      disabled={busy}
      data-testid="account-sign-out"
      onClick={() => {
        setBusy(true);
        void signOut(pathOf("home", language));
      }}
    >
      {t("account.signOut")}
    </button>
  );
}

function Bookings({ page }: { page: AccountData }) {
  const t = useTranslate();
  const upcoming = page.bookings.filter((booking) => booking.upcoming);
  // Past trips, most recent first; the rest keep the newest-booked-first order.
  const past = page.bookings.filter((booking) => !booking.upcoming);
  return (
    <section className={`${CARD} space-y-4`} aria-labelledby="account-bookings">
      <h2 id="account-bookings" className="text-xl font-bold text-sea-950">
        {t("account.bookings.title")}
      </h2>
      {!page.confirmed ? (
        <p className="text-sm text-slate-700" data-testid="bookings-unconfirmed">
          {t("account.bookings.unconfirmed")}
        </p>
      ) : page.bookings.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="bookings-none">
          {t("account.bookings.none", { email: page.email })}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t("account.bookings.hint", { email: page.email })}</p>
          <TripList
            id="trips-upcoming"
            title={t("account.trips.upcoming")}
            empty={t("account.trips.noneUpcoming")}
            trips={upcoming}
          />
          <TripList id="trips-past" title={t("account.trips.past")} empty={t("account.trips.nonePast")} trips={past} />
        </>
      )}
    </section>
  );
}

function TripList({
  id,
  title,
  empty,
  trips,
}: {
  id: string;
  title: string;
  empty: string;
  trips: AccountData["bookings"];
}) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <div className="space-y-2" data-testid={id}>
      <h3 id={`${id}-title`} className="text-lg font-bold text-sea-950">
        {title}
      </h3>
      {trips.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-labelledby={`${id}-title`} data-testid="account-bookings-list">
          {trips.map((booking) => (
            <li
              key={booking.reference}
              className="flex flex-col gap-2 py-3"
              data-testid="account-booking"
              data-reference={booking.reference}
              data-upcoming={booking.upcoming ? "true" : "false"}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-mono text-lg font-bold tracking-widest text-sea-950">{booking.reference}</p>
                <p
                  className="text-sm font-semibold"
                  data-testid="trip-status"
                  data-status={
                    booking.cancelled ? "cancelled" : booking.sailingClosed ? "sailing_closed" : booking.status
                  }
                >
                  {t(
                    booking.cancelled
                      ? "manage.status.cancelled"
                      : booking.sailingClosed
                        ? "manage.status.sailingClosed"
                        : `manage.status.${booking.status}`,
                  )}
                </p>
              </div>
              <p className="text-sm text-slate-700">
                {booking.products.join(" · ")}
                {booking.firstDay ? (
                  <>
                    {" · "}
                    <time dateTime={booking.firstDay}>{formatLongDate(booking.firstDay, language)}</time>
                  </>
                ) : null}
                {" · "}
                <span className="font-semibold text-slate-900">{booking.total}</span>
              </p>
              {booking.upcoming ? (
                <ul className="text-xs text-slate-700" data-testid="trip-changes">
                  {booking.changeUntil ? (
                    <li>{t("account.trips.canChange", { when: formatCancunDay(booking.changeUntil, language) })}</li>
                  ) : null}
                  {booking.cancelUntil ? (
                    <li>{t("account.trips.canCancel", { when: formatCancunDay(booking.cancelUntil, language) })}</li>
                  ) : null}
                  {booking.nonRefundable ? <li>{t("account.trips.nonRefundable")}</li> : null}
                  {!booking.changeUntil && !booking.cancellable ? <li>{t("account.trips.nothingToChange")}</li> : null}
                </ul>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <a href={booking.manageHref} className={buttonClass("secondary")}>
                  {t("account.bookings.manage")}
                  <span className="sr-only"> {booking.reference}</span>
                </a>
                {booking.upcoming && booking.ticketsHref ? (
                  <a href={booking.ticketsHref} className={buttonClass("ghost")} data-testid="trip-tickets">
                    {t("account.trips.tickets")}
                    <span className="sr-only"> {booking.reference}</span>
                  </a>
                ) : null}
                {booking.upcoming && booking.calendarHref ? (
                  <a href={booking.calendarHref} className={buttonClass("ghost")} data-testid="trip-calendar">
                    {t("account.trips.calendar")}
                    <span className="sr-only"> {booking.reference}</span>
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProfileForm({ page, refused }: { page: AccountData; refused: AccountActionData | undefined }) {
  const t = useTranslate();
  const busy = useNavigation().state !== "idle";
  const values = refused?.values ?? page.profile;
  const errors = refused?.errors ?? noErrors();
  return (
    <Form
      method="post"
      noValidate
      className={`${CARD} space-y-4`}
      aria-labelledby="account-profile"
      data-testid="profile-form"
    >
      <h2 id="account-profile" className="text-xl font-bold text-sea-950">
        {t("account.profile.title")}
      </h2>
      <GeneralError code={errors.general} errors={errors} />
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
      <CountryStateFields countries={page.countries} country={values.country} state={values.state} errors={errors} />
      <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="profile-submit">
        {t("account.profile.submit")}
      </button>
    </Form>
  );
}
