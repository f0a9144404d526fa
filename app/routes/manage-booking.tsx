// My booking: find a booking by reference and e-mail (or the e-mail's link), then see it —
// trips, tickets, payment, history —, download the tickets, have the e-mail sent again, and move a
// dated line under the weather guarantee. Works without JavaScript: every step is a form and a reload.
import { Form, useNavigation } from "react-router";
import { languageOfPath, type Language } from "../../lib/language.ts";
import type { BookingLineView, BookingView, HistoryEntry } from "../../flows/manage-booking.ts";
import {
  loadManageBooking,
  submitManageBooking,
  type ChangeSection,
  type ManageBookingActionData,
  type ManageBookingData,
} from "../checkout/manage-booking.server.ts";
import { formatLongDate, formatShortDate, LOCALE } from "../components/booking/format.ts";
import { LegLine } from "../components/booking/leg-line.tsx";
import { LineCancellation } from "../components/checkout/line-cancellation.tsx";
import { CARD, FIELD_LABEL, INPUT } from "../components/booking/styles.ts";
import { ErrorSummary } from "../components/ui/error-summary.tsx";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate, type MessageKey, type Translate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import type { Route } from "./+types/manage-booking";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadManageBooking(request, context, languageOfPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitManageBooking(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.manageBooking")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

const KNOWN_ERRORS = [
  "BOOKING_NOT_FOUND",
  "DATE_CHANGE_TOO_LATE",
  "DATE_CHANGE_SAME_DAY",
  "SAILING_SOLD_OUT",
  "SAILING_CLOSED",
  "SAILING_DEPARTED",
  "ACTIVITY_SOLD_OUT",
  "ACTIVITY_CLOSED",
  "DATE_IN_PAST",
  "DATE_TOO_FAR_AHEAD",
  "INVALID_DATE",
  "SCHEDULE_REQUIRED",
  "UNKNOWN_SAILING",
  "RETURN_BEFORE_DEPARTURE",
  "SAME_DATE_IN_CART",
  "BOOKING_STATE",
  "RESEND_LIMIT",
  "SAILING_NOT_CLOSED",
  "RATE_LIMITED",
  "CANCEL_NOT_REFUNDABLE",
  "CANCEL_TOO_LATE",
  "CANCEL_TICKET_USED",
  "CANCEL_ALREADY_CANCELLED",
  "CANCEL_NEEDS_OPERATOR",
  "CANCEL_NOT_PAID",
  "REFUND_NOT_ALLOWED",
  "PAYMENT_PROVIDER_UNAVAILABLE",
] as const;

function errorKey(code: string): MessageKey {
  const known = KNOWN_ERRORS.find((candidate) => candidate === code);
  return known ? `manage.error.${known}` : "manage.error.any";
}

/** An instant as Cancún reads it: "5 March 2031, 09:00". */
function formatCancunInstant(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Cancun",
  }).format(new Date(iso));
}

/** A refusal of one of the page's forms: it takes the focus when it appears, as every refused form's does. */
function Alert({ code, testId }: { code: string; testId: string }) {
  const t = useTranslate();
  return (
    <ErrorSummary title={t("manage.error.title")} items={[]} focusKey={code} testId={testId} code={code}>
      <p>{t(errorKey(code))}</p>
    </ErrorSummary>
  );
}

export default function ManageBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslate();
  const page = loaderData as ManageBookingData;
  const failure = actionData as ManageBookingActionData | undefined;
  return (
    <div className={`${CONTAINER} py-8 sm:py-10`}>
      <h1 className="text-3xl font-bold text-sea-950">{t("page.manageBooking")}</h1>
      {page.kind === "find" ? (
        <FindForm form={failure?.intent === "find" ? failure.form : page.form} />
      ) : (
        <BookingDetails
          data={page}
          failure={
            failure?.intent === "change-date" || failure?.intent === "open-ticket" || failure?.intent === "cancel"
              ? failure
              : null
          }
        />
      )}
    </div>
  );
}

function FindForm({ form }: { form: { reference: string; email: string; error: string | null } }) {
  const t = useTranslate();
  const busy = useNavigation().state !== "idle";
  const invalid = form.error ? true : undefined;
  return (
    <Form
      method="post"
      className={`${CARD} mt-6 max-w-xl space-y-4`}
      data-testid="find-booking"
      aria-labelledby="find-title"
    >
      <h2 id="find-title" className="text-xl font-bold text-sea-950">
        {t("manage.find.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("manage.find.hint")}</p>
      {form.error ? <Alert code={form.error} testId="find-error" /> : null}
      <input type="hidden" name="intent" value="find" />
      <div>
        <label htmlFor="reference" className={FIELD_LABEL}>
          {t("manage.find.reference")}
        </label>
        <input
          id="reference"
          name="reference"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          defaultValue={form.reference}
          aria-invalid={invalid}
          aria-describedby="reference-hint"
          className={`${INPUT} mt-1 font-mono uppercase tracking-widest`}
        />
        <p id="reference-hint" className="mt-1 text-xs text-slate-600">
          {t("manage.find.referenceHint")}
        </p>
      </div>
      <div>
        <label htmlFor="email" className={FIELD_LABEL}>
          {t("manage.find.email")}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          defaultValue={form.email}
          aria-invalid={invalid}
          className={`${INPUT} mt-1`}
        />
      </div>
      <button
        type="submit"
        className={`${buttonClass("primary", "lg")} w-full sm:w-auto`}
        disabled={busy}
        data-testid="find-submit"
      >
        {t("manage.find.submit")}
      </button>
    </Form>
  );
}

function paymentText(t: Translate, payment: BookingView["payment"]): string | null {
  if (!payment) return null;
  if (payment.financedBy === "uplift") return t("thanks.paidWithUplift");
  const method =
    payment.method === "paypal"
      ? t("manage.payment.paypal")
      : payment.cardBrand && payment.cardLast4
        ? t("manage.payment.card", { brand: payment.cardBrand, last4: payment.cardLast4 })
        : t("manage.payment.cardUnknown");
  return payment.instalmentMonths
    ? `${method} · ${t("manage.payment.instalments", { count: payment.instalmentMonths })}`
    : method;
}

function BookingDetails({
  data: page,
  failure,
}: {
  data: Extract<ManageBookingData, { kind: "booking" }>;
  failure: Extract<ManageBookingActionData, { intent: "change-date" | "open-ticket" | "cancel" }> | null;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const { booking } = page;
  const payment = paymentText(t, booking.payment);
  const ticketed = booking.status === "ticketed" && !booking.cancelled;
  const lastRefund = [...booking.history].reverse().find((entry) => entry.kind === "refunded");
  // A notice reports the last thing done; once a later attempt is refused, it would contradict the
  // refusal shown below it (the address still carries the notice after a POST answered in place).
  const notice = failure !== null || page.change?.error ? null : page.notice;
  return (
    <div className="mt-6 space-y-6" data-testid="booking" data-reference={booking.reference}>
      <BookingNotice notice={notice} booking={booking} lastRefund={lastRefund} />
      {page.resendError ? <Alert code={page.resendError} testId="resend-error" /> : null}
      <section className={`${CARD} space-y-4`} aria-labelledby="booking-summary">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="booking-summary" className="text-sm font-semibold text-sea-800">
              {t("thanks.reference")}
            </h2>
            <p className="font-mono text-3xl font-bold tracking-widest text-sea-950" data-testid="booking-reference">
              {booking.reference}
            </p>
          </div>
          {booking.cancelled ? (
            <p
              className="rounded-full bg-coral-50 px-3 py-1 text-sm font-semibold text-coral-700"
              data-testid="booking-status"
              data-status="cancelled"
            >
              {t("manage.status.cancelled")}
            </p>
          ) : booking.sailingClosed ? (
            <p
              className="rounded-full bg-coral-50 px-3 py-1 text-sm font-semibold text-coral-700"
              data-testid="booking-status"
              data-status="sailing_closed"
            >
              {booking.lines.some((line) => line.sailingClosed && line.kind === "ferry")
                ? t("manage.status.sailingClosed")
                : t("manage.status.dayClosed")}
            </p>
          ) : (
            <p
              className="rounded-full bg-sea-50 px-3 py-1 text-sm font-semibold text-sea-900"
              data-testid="booking-status"
              data-status={booking.status}
            >
              {t(`manage.status.${booking.status}`)}
            </p>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{t("manage.summary.bookedBy")}</dt>
          <dd className="font-medium break-words">
            {booking.buyer.name} · {booking.buyer.email}
          </dd>
          <dt className="text-slate-600">{t("manage.summary.placedOn")}</dt>
          <dd>{formatCancunInstant(booking.paidAt ?? booking.placedAt, language)}</dd>
          {payment ? (
            <>
              <dt className="text-slate-600">{t("manage.summary.payment")}</dt>
              <dd>{payment}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">{t("manage.summary.total")}</dt>
          <dd className="text-lg font-bold text-sea-950" data-testid="booking-total">
            {booking.total}
          </dd>
        </dl>
        {ticketed ? (
          <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap sm:items-center">
            <a
              href={`/api/bookings/${booking.reference}/tickets.pdf`}
              className={buttonClass("primary")}
              data-testid="download-tickets"
            >
              {t("manage.download")}
            </a>
            <a
              href={`/api/bookings/${booking.reference}/calendar.ics`}
              className={buttonClass("secondary")}
              data-testid="download-calendar"
            >
              {t("manage.calendar")}
            </a>
            <form
              method="post"
              action={`/api/bookings/${booking.reference}/resend`}
              className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3"
            >
              <button type="submit" className={buttonClass("secondary")} data-testid="resend-email">
                {t("manage.resend")}
              </button>
              <span className="text-xs text-slate-600">{t("manage.resendHint", { email: booking.buyer.email })}</span>
            </form>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="booking-lines" className="space-y-4">
        <h2 id="booking-lines" className="text-xl font-bold text-sea-950">
          {t("manage.lines.title")}
        </h2>
        {booking.lines.map((line) => (
          <LineCard
            key={line.id}
            line={line}
            change={page.change?.lineId === line.id ? page.change : null}
            failure={failure?.lineId === line.id ? failure : null}
            dates={page.dates}
            confirmingCancel={page.cancelLineId === line.id}
          />
        ))}
        <p className="text-xs text-slate-600">{t("product.timeNote")}</p>
      </section>

      <History entries={booking.history} />

      <Form method="post">
        <input type="hidden" name="intent" value="forget" />
        <button type="submit" className="text-sm text-sea-900 underline">
          {t("manage.forget")}
        </button>
      </Form>
    </div>
  );
}

/** What the last thing done did: a date changed, the e-mail sent again, an open ticket, a cancellation. */
function BookingNotice({
  notice,
  booking,
  lastRefund,
}: {
  notice: "open-ticket" | "date-changed" | "email-resent" | "cancelled" | null;
  booking: BookingView;
  lastRefund: BookingView["history"][number] | undefined;
}) {
  const t = useTranslate();
  return (
    <>
      {notice === "date-changed" ? (
        <div
          role="status"
          data-testid="date-changed"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("manage.notice.dateChanged")}
        </div>
      ) : null}
      {notice === "email-resent" ? (
        <div
          role="status"
          data-testid="email-resent"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("manage.notice.emailResent", { email: booking.buyer.email })}
        </div>
      ) : null}
      {notice === "open-ticket" ? (
        <div
          role="status"
          data-testid="open-ticket-taken"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("manage.notice.openTicket")}
        </div>
      ) : null}
      {notice === "cancelled" ? (
        <div
          role="status"
          data-testid="cancelled"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("manage.notice.cancelled", { amount: lastRefund?.kind === "refunded" ? lastRefund.amount : "" })}
        </div>
      ) : null}
    </>
  );
}

/** A booking line with its date-change section: what its card and the section are drawn from. */
interface LineProps {
  line: BookingLineView;
  change: ChangeSection | null;
  failure: { intent: "change-date" | "open-ticket" | "cancel"; newDate: string; error: string } | null;
  dates: { min: string; max: string };
  confirmingCancel?: boolean;
}

function LineCard({ line, change, failure, dates, confirmingCancel = false }: LineProps) {
  const t = useTranslate();
  const language = useLanguage();
  const busy = useNavigation().state !== "idle";
  const passengers = (["adult", "child", "infant"] as const)
    .filter((type) => line.passengers[type] > 0)
    .map((type) => t(`manage.passengers.${type}`, { count: line.passengers[type] }));
  return (
    <article
      className={`${CARD} space-y-4`}
      data-testid="booking-line"
      data-line={line.id}
      aria-labelledby={`line-${line.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`line-${line.id}`} className="text-lg font-bold text-sea-950">
          {line.productName}
        </h3>
        <p className="font-semibold">{line.total}</p>
      </div>
      <ul className="space-y-1 text-sm text-slate-700">
        {line.outbound ? <LegLine direction="outbound" leg={line.outbound} /> : null}
        {line.inbound ? <LegLine direction="inbound" leg={line.inbound} /> : null}
        {line.activity ? (
          <li>
            <strong>{formatLongDate(line.activity.date, language)}</strong>
            {line.activity.opens && line.activity.closes
              ? ` · ${t("manage.activityHours", { opens: line.activity.opens, closes: line.activity.closes })}`
              : null}
          </li>
        ) : null}
        {line.validUntil && line.trip === "open" ? (
          <li>{t("manage.openTicket", { date: formatLongDate(line.validUntil, language) })}</li>
        ) : null}
        <li>
          {t(`booking.category.${line.category}`)} · {passengers.join(" · ")}
        </li>
      </ul>

      {line.tickets.length > 0 ? (
        <details className="rounded-xl border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold text-sea-950">
            {t("manage.tickets.title")} ({line.tickets.length})
          </summary>
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="tickets">
            {line.tickets.map((ticket) => (
              <li key={ticket.code} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-mono font-semibold" data-testid="ticket-code">
                  {ticket.code}
                </span>
                <span className="text-slate-700">
                  {ticket.leg !== "single" ? `${t(`manage.ticket.${ticket.leg}`)} · ` : null}
                  {t(`manage.ticket.${ticket.passengerType}`)}
                  {ticket.passengerName ? ` · ${ticket.passengerName}` : null}
                  {ticket.serviceDate ? ` · ${formatShortDate(ticket.serviceDate, language)}` : null}
                  {ticket.status !== "valid" ? ` · ${t(`manage.ticket.${ticket.status}`)}` : null}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {line.cancellation.cancelled ? null : <DateChange line={line} change={change} failure={failure} dates={dates} />}
      <LineCancellation
        lineId={line.id}
        cancellation={line.cancellation}
        confirming={confirmingCancel}
        error={failure?.intent === "cancel" ? <Alert code={failure.error} testId="cancel-error" /> : null}
        busy={busy}
        formatInstant={(iso) => formatCancunInstant(iso, language)}
      />
    </article>
  );
}

function DateChange({ line, change, failure, dates }: LineProps) {
  const t = useTranslate();
  const language = useLanguage();
  const busy = useNavigation().state !== "idle";
  const state = line.dateChange;
  const sectionId = `change-${line.id}`;
  const error = (failure?.intent === "change-date" ? failure.error : null) ?? change?.error ?? null;
  return (
    <section
      id={sectionId}
      className="space-y-3 rounded-xl bg-slate-50 p-3 sm:p-4"
      aria-labelledby={`${sectionId}-title`}
      data-testid="date-change"
    >
      <h4 id={`${sectionId}-title`} className="font-bold text-sea-950">
        {t("manage.change.title")}
      </h4>
      {line.sailingClosed ? <ClosedSailingOffer line={line} failure={failure} busy={busy} /> : null}
      {!state.allowed ? (
        <p className="text-sm text-slate-700" data-testid="date-change-closed" data-reason={state.reason}>
          {t(`manage.change.${state.reason}`)}
        </p>
      ) : (
        <>
          {line.sailingClosed ? null : (
            <>
              <p className="text-sm text-slate-700">{t("manage.change.rule")}</p>
              <p className="text-sm font-semibold text-sea-900">
                {t("manage.change.deadline", { when: formatCancunInstant(state.deadline, language) })}
              </p>
            </>
          )}
          {error ? <Alert code={error} testId="date-change-error" /> : null}
          {line.kind === "activity" ? (
            <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="change-date" />
              <input type="hidden" name="lineId" value={line.id} />
              <DateInput
                id={`${sectionId}-date`}
                name="newDate"
                label={t("manage.change.date")}
                value={failure?.intent === "change-date" ? failure.newDate : ""}
                dates={dates}
                invalid={error !== null}
              />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                {t("manage.change.submit")}
              </button>
            </Form>
          ) : (
            <>
              <Form method="get" action={`#${sectionId}`} className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <input type="hidden" name="line" value={line.id} />
                <DateInput
                  id={`${sectionId}-date`}
                  name="date"
                  label={t("manage.change.date")}
                  value={change?.date ?? ""}
                  dates={dates}
                  invalid={error !== null}
                />
                {line.trip === "round_trip" ? (
                  <DateInput
                    id={`${sectionId}-return`}
                    name="returnDate"
                    label={t("manage.change.returnDate")}
                    value={change?.returnDate ?? ""}
                    dates={dates}
                    invalid={error !== null}
                  />
                ) : null}
                <button type="submit" className={buttonClass("secondary")} data-testid="show-sailings">
                  {t("manage.change.showSailings")}
                </button>
              </Form>
              {change?.options ? <SailingChoice line={line} change={change} busy={busy} /> : null}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The operator cancelled one of the line's sailings: the way out besides another sailing is open tickets (ADR 0038). */
function ClosedSailingOffer({
  line,
  failure,
  busy,
}: {
  line: BookingLineView;
  failure: LineProps["failure"];
  busy: boolean;
}) {
  const t = useTranslate();
  const error = failure?.intent === "open-ticket" ? failure.error : null;
  if (line.kind === "activity") {
    // A closed park or tour day has no open ticket: another day, below, is the way out.
    return (
      <div className="space-y-3 rounded-lg border border-coral-600 bg-white p-3" data-testid="sailing-closed">
        <p className="font-bold text-coral-700">{t("manage.closed.dayTitle")}</p>
        <p className="text-sm text-slate-700">{t("manage.closed.dayNotice")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-coral-600 bg-white p-3" data-testid="sailing-closed">
      <p className="font-bold text-coral-700">{t("manage.closed.title")}</p>
      <p className="text-sm text-slate-700">{t("manage.closed.notice")}</p>
      {error ? <Alert code={error} testId="open-ticket-error" /> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="open-ticket" />
        <input type="hidden" name="lineId" value={line.id} />
        <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="take-open-ticket">
          {t("manage.closed.openTicket")}
        </button>
      </Form>
    </div>
  );
}

function DateInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  dates: { min: string; max: string };
  invalid: boolean;
}) {
  return (
    <div className="sm:w-52">
      <label htmlFor={props.id} className={FIELD_LABEL}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="date"
        required
        min={props.dates.min}
        max={props.dates.max}
        defaultValue={props.value}
        aria-invalid={props.invalid ? true : undefined}
        className={`${INPUT} mt-1`}
      />
    </div>
  );
}

function SailingChoice({ line, change, busy }: { line: BookingLineView; change: ChangeSection; busy: boolean }) {
  const t = useTranslate();
  const language = useLanguage();
  const options = change.options!;
  const legs = [
    { name: "outboundSailingId", label: t("manage.change.outbound"), date: options.date, sailings: options.outbound },
    ...(options.inbound
      ? [
          {
            name: "inboundSailingId",
            label: t("manage.change.inbound"),
            date: options.returnDate ?? options.date,
            sailings: options.inbound,
          },
        ]
      : []),
  ];
  const none = legs.some((leg) => !leg.sailings.some((sailing) => sailing.selectable));
  return (
    <Form method="post" className="space-y-3" data-testid="sailing-choice">
      <input type="hidden" name="intent" value="change-date" />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="newDate" value={options.date} />
      {legs.map((leg) => (
        <fieldset key={leg.name} className="space-y-2">
          <legend className={FIELD_LABEL}>
            {leg.label} · {formatLongDate(leg.date, language)}
          </legend>
          {leg.sailings.length === 0 ? <p className="text-sm text-slate-700">{t("manage.change.noSailings")}</p> : null}
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {leg.sailings.map((sailing) => (
              <label
                key={sailing.id}
                className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-sea-700 has-[:checked]:bg-sea-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sea-700"
              >
                <span className="flex items-center gap-2">
                  <input type="radio" name={leg.name} value={sailing.id} required disabled={!sailing.selectable} />
                  <span className="font-semibold">
                    {t("booking.departsArrives", { departs: sailing.time, arrives: sailing.arrivalTime })}
                  </span>
                </span>
                <span className="text-xs text-slate-600">
                  {sailing.selectable
                    ? t("manage.change.seatsLeft", { count: sailing.seatsLeft })
                    : t("manage.change.unavailable")}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <button type="submit" className={buttonClass("primary")} disabled={busy || none} data-testid="change-date-submit">
        {t("manage.change.submit")}
      </button>
    </Form>
  );
}

function History({ entries }: { entries: HistoryEntry[] }) {
  const t = useTranslate();
  const language = useLanguage();
  if (entries.length === 0) return null;
  return (
    <section className={`${CARD} space-y-2`} aria-labelledby="booking-history">
      <h2 id="booking-history" className="text-lg font-bold text-sea-950">
        {t("manage.history.title")}
      </h2>
      <ol className="space-y-1 text-sm text-slate-700" data-testid="history">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="flex flex-col sm:flex-row sm:gap-3">
            <time dateTime={entry.at} className="shrink-0 text-slate-500">
              {formatCancunInstant(entry.at, language)}
            </time>
            <span>
              {entry.kind === "status"
                ? t("manage.history.status", { status: t(`manage.status.${entry.status}`) })
                : entry.kind === "email_sent"
                  ? t("manage.history.emailSent")
                  : entry.kind === "resend_requested"
                    ? t("manage.history.resendRequested")
                    : entry.kind === "sailing_closed"
                      ? t("manage.history.sailingClosed")
                      : entry.kind === "open_ticket"
                        ? t("manage.history.openTicket", { date: formatShortDate(entry.validUntil, language) })
                        : entry.kind === "refunded"
                          ? t("manage.history.refunded", { amount: entry.amount })
                          : entry.kind === "line_cancelled"
                            ? t("manage.history.lineCancelled")
                            : t("manage.history.dateChanged", {
                                from: formatShortDate(entry.from.date, language),
                                to: formatShortDate(entry.to.date, language),
                              })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
