// Bookings in the console (ADR 0039): search by reference, e-mail or name, a page at a time;
// with ?ref= one booking with its lines, tickets, payments, refunds and whole history, and the refund
// form (full or partial, optional tickets to cancel). Works without JavaScript: GET search, POST refund.
import { randomUUID } from "node:crypto";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { findConsoleBooking, searchConsoleBookings, type ConsoleBooking } from "../../../flows/console-bookings.ts";
import { refundBooking } from "../../../flows/refunds.ts";
import { cancelLineUnderPolicy, cancelLineWithoutRefund, decideLineCancellation } from "../../../flows/cancellation.ts";
import { CancelLineForm, type CancelAnswer, type LineCancellationOffer } from "../cancel-line-form.tsx";
import { isAppError } from "../../../lib/errors.ts";
import { languageOfPath, type Language } from "../../../lib/language.ts";
import {
  cursorText,
  findBooking,
  normalizeReference,
  readCursor,
  REFUND_REASON_MAX,
  SEARCH_TEXT_MAX,
} from "../../../modules/bookings/index.ts";
import { findAmountFormatter } from "../../../modules/currency/index.ts";
import { canStaff } from "../../../modules/identity/index.ts";
import { LOCALE } from "../../components/booking/format.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { requestContext, servicesContext } from "../../../server/edge/index.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT, type ConsoleTranslate } from "../console-i18n.ts";
import { consolePathOf } from "../console-pages.ts";
import { formText, PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-bookings";

const QuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_TEXT_MAX * 2)
    .optional()
    .catch(undefined),
  after: z.string().max(100).optional().catch(undefined),
  ref: z.string().max(20).optional().catch(undefined),
});

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaffPage(args, "bookings.read");
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const language = languageOfPath(url.pathname);
  const query = QuerySchema.parse(Object.fromEntries(url.searchParams));
  if (query.ref !== undefined) {
    const booking = await findConsoleBooking(services.db, { reference: query.ref, language });
    const cancellations = booking
      ? await cancellationOffersOf(services.db, booking, language, services.clock.now())
      : [];
    // A fresh token per rendered form: the same form sent twice is one refund (ADR 0039).
    return {
      view: "booking" as const,
      booking,
      reference: query.ref,
      canRefund: canStaff(actor.role, "refunds"),
      canManage: canStaff(actor.role, "bookings.manage"),
      formKey: randomUUID(),
      cancellations,
    };
  }
  const text = (query.q ?? "").slice(0, SEARCH_TEXT_MAX);
  const page = await searchConsoleBookings(services.db, { text, after: readCursor(query.after), language });
  return {
    view: "search" as const,
    q: text,
    items: page.items,
    next: page.next ? cursorText(page.next) : null,
    paged: query.after !== undefined,
  };
}

export const headers = () => PRIVATE_NO_STORE;

/** What the policy gives for each line now: the same decision as the buyer's on manage booking. */
async function cancellationOffersOf(
  db: Parameters<typeof decideLineCancellation>[0],
  booking: ConsoleBooking,
  language: Language,
  now: Date,
): Promise<LineCancellationOffer[]> {
  const row = await findBooking(db, { reference: booking.reference });
  if (!row) return [];
  const format = await findAmountFormatter(db, row.currency, language);
  return Promise.all(
    booking.lines.map(async (line) => {
      const { decision, validTicketIds } = await decideLineCancellation(db, row, line.id, now);
      return {
        lineId: line.id,
        label: `${line.product}${line.serviceDate ? ` · ${line.serviceDate}` : ""}`,
        refund: decision.allowed ? format(decision.refundMinor) : null,
        fee: decision.allowed ? format(decision.feeMinor) : null,
        refusal: decision.allowed ? null : decision.code,
        open: validTicketIds.length > 0 && row.status === "ticketed",
      };
    }),
  );
}

/** A refused form keeps its token and amount: sent again (after a provider timeout) it is the same refund. */
export type RefundActionData =
  | { refunded: string; replayed: boolean }
  | { error: string; left: string | null; key: string; amount: string };

function isCancelAnswer(answer: RefundActionData | CancelAnswer | undefined): answer is CancelAnswer {
  return answer !== undefined && ("cancelled" in answer || "cancelError" in answer);
}

export async function action(args: Route.ActionArgs): Promise<RefundActionData | CancelAnswer> {
  const actor = await requireStaffPage(args, "refunds");
  const services = args.context.get(servicesContext);
  const language = languageOfPath(new URL(args.request.url).pathname);
  const form = await args.request.formData();
  const reference = formText(form, "reference", 20);
  const intent = formText(form, "intent", 20);
  if (intent === "cancel-fee" || intent === "cancel-no-refund") {
    const deps = {
      db: services.db,
      provider: services.payments,
      now: services.clock.now(),
      actor,
      requestId: args.context.get(requestContext).requestId,
    };
    const lineId = formText(form, "lineId", 40);
    try {
      if (intent === "cancel-no-refund") {
        await cancelLineWithoutRefund(deps, { reference, lineId, reason: formText(form, "reason", 500) });
        return { cancelled: true, refunded: null };
      }
      const outcome = await cancelLineUnderPolicy(deps, { reference, lineId });
      const format = await findAmountFormatter(services.db, outcome.refund.currency, language);
      return { cancelled: true, refunded: `${format(outcome.refund.amountMinor)} ${outcome.refund.currency}` };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { cancelError: error.code };
    }
  }
  const key = formText(form, "key", 64);
  const amount = formText(form, "amount", 30);
  try {
    const outcome = await refundBooking(
      {
        db: services.db,
        provider: services.payments,
        now: services.clock.now(),
        actor,
        requestId: args.context.get(requestContext).requestId,
      },
      {
        reference,
        amount,
        ticketIds: form
          .getAll("ticket")
          .filter((value): value is string => typeof value === "string")
          .slice(0, 200),
        reason: formText(form, "reason", REFUND_REASON_MAX + 1),
        key,
      },
    );
    const format = await findAmountFormatter(services.db, outcome.refund.currency, language);
    return { refunded: `${format(outcome.refund.amountMinor)} ${outcome.refund.currency}`, replayed: outcome.replayed };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const left = error.issues
      .find((issue) => issue.path === "amount" && issue.code.startsWith("left:"))
      ?.code.slice("left:".length);
    const booking =
      left !== undefined ? await findBooking(services.db, { reference: normalizeReference(reference) ?? "" }) : null;
    const format = booking ? await findAmountFormatter(services.db, booking.currency, language) : null;
    return {
      error: error.code,
      left: booking && format && left !== undefined ? `${format(Number(left))} ${booking.currency}` : null,
      key,
      amount,
    };
  }
}

/** Who gave a refund: a staff member's e-mail, or in words the jobs that retry or import refunds. */
function refundActorName(by: string, t: ConsoleTranslate): string {
  if (by === "system:provider-dashboard") return t("money.refund.byProvider");
  if (by === "system:refund-retry") return t("money.refund.byRetry");
  return by;
}

function dateTime(language: Language) {
  return new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Cancun",
  });
}

function StatusLine({
  status,
  refundState,
  refunded,
  t,
}: {
  status: ConsoleBooking["status"];
  refundState: ConsoleBooking["refundState"];
  refunded: string | null;
  t: ConsoleTranslate;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
        {t(`console.status.${status}`)}
      </span>
      {refundState === "partial" && refunded ? (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          data-testid="refund-state"
          data-state="partial"
        >
          {t("console.refundState.partial", { amount: refunded })}
        </span>
      ) : null}
      {refundState === "full" && status !== "refunded" ? (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          data-testid="refund-state"
          data-state="full"
        >
          {t("console.refundState.full")}
        </span>
      ) : null}
    </span>
  );
}

export default function ConsoleBookings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useConsoleT();
  const location = useLocation();
  const language = languageOfPath(location.pathname);
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.bookings.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.bookings.summary")}</p>
      </div>
      <Form method="get" action={location.pathname} className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="booking-search" className={FIELD_LABEL}>
            {t("console.bookings.search")}
          </label>
          <input
            id="booking-search"
            name="q"
            type="search"
            defaultValue={loaderData.view === "search" ? loaderData.q : ""}
            maxLength={SEARCH_TEXT_MAX}
            autoComplete="off"
            aria-describedby="booking-search-hint"
            className={`${INPUT} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("console.bookings.find")}
        </button>
        <p id="booking-search-hint" className="-mt-2 w-full text-xs text-slate-600">
          {t("console.bookings.searchHint")}
        </p>
      </Form>
      {loaderData.view === "search" ? (
        <SearchResults data={loaderData} language={language} />
      ) : (
        <BookingDetail
          data={loaderData}
          answer={actionData as RefundActionData | CancelAnswer | undefined}
          language={language}
        />
      )}
    </section>
  );
}

type SearchData = Extract<Route.ComponentProps["loaderData"], { view: "search" }>;
type DetailData = Extract<Route.ComponentProps["loaderData"], { view: "booking" }>;

function SearchResults({ data, language }: { data: SearchData; language: Language }) {
  const t = useConsoleT();
  const location = useLocation();
  const when = dateTime(language);
  const linkTo = (reference: string) => `${location.pathname}?${new URLSearchParams({ ref: reference }).toString()}`;
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div className={`${CARD} overflow-x-auto`} role="region" aria-label={t("console.bookings.results")} tabIndex={0}>
      <h2 className="sr-only">{t("console.bookings.results")}</h2>
      {data.items.length === 0 ? (
        <p className="text-slate-700" data-testid="bookings-empty">
          {t("console.bookings.empty")}
        </p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="bookings-results">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.bookings.reference")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.bookings.created")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.bookings.buyer")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.bookings.status")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t("console.bookings.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.reference} className="border-t border-slate-100 align-top" data-reference={item.reference}>
                <td className="py-2 pr-4">
                  <Link to={linkTo(item.reference)} className="font-mono font-semibold text-sea-800 underline">
                    {item.reference}
                  </Link>
                </td>
                <td className="whitespace-nowrap py-2 pr-4">{when.format(new Date(item.createdAt))}</td>
                <td className="py-2 pr-4">
                  <span className="block">{item.buyerName}</span>
                  <span className="block break-all text-xs text-slate-600">{item.buyerEmail}</span>
                </td>
                <td className="py-2 pr-4">
                  <StatusLine status={item.status} refundState={item.refundState} refunded={item.refunded} t={t} />
                </td>
                <td className="whitespace-nowrap py-2 text-right">{item.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {data.paged ? (
          <Link
            to={`${location.pathname}?${new URLSearchParams(data.q ? { q: data.q } : {}).toString()}`}
            className={buttonClass("secondary")}
          >
            {t("console.bookings.first")}
          </Link>
        ) : null}
        {data.next ? (
          <Link
            to={`${location.pathname}?${new URLSearchParams({ ...(data.q ? { q: data.q } : {}), after: data.next }).toString()}`}
            className={buttonClass("secondary")}
          >
            {t("console.bookings.more")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function BookingDetail({
  data,
  answer,
  language,
}: {
  data: DetailData;
  answer: RefundActionData | CancelAnswer | undefined;
  language: Language;
}) {
  const t = useConsoleT();
  const location = useLocation();
  const booking = data.booking;
  if (!booking) {
    return (
      <div className={CARD}>
        <p className="text-slate-700" data-testid="booking-not-found">
          {t("console.booking.notFound")}
        </p>
        <Link to={location.pathname} className={`${buttonClass("secondary")} mt-4`}>
          {t("console.booking.back")}
        </Link>
      </div>
    );
  }
  const when = dateTime(language);
  const day = (date: string | null) =>
    date
      ? new Intl.DateTimeFormat(LOCALE[language], { dateStyle: "medium", timeZone: "UTC" }).format(
          new Date(`${date}T12:00:00Z`),
        )
      : "—";
  return (
    <div className="space-y-6" data-testid="booking-detail" data-reference={booking.reference}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold text-sea-950">
          {t("console.booking.title", { reference: booking.reference })}
        </h2>
        <span data-testid="booking-status" data-status={booking.status}>
          <StatusLine status={booking.status} refundState={booking.refundState} refunded={booking.refunded} t={t} />
        </span>
        <Link to={location.pathname} className="text-sm text-sea-800 underline">
          {t("console.booking.back")}
        </Link>
        {data.canManage ? (
          <Link
            to={`${consolePathOf("consoleBookingCare", language)}?ref=${booking.reference}`}
            className="text-sm text-sea-800 underline"
            data-testid="booking-change"
          >
            {t("money.care.nav")}
          </Link>
        ) : null}
      </div>
      <dl className={`${CARD} grid gap-4 sm:grid-cols-2 lg:grid-cols-4`}>
        <Fact
          label={t("console.booking.buyer")}
          value={`${booking.buyer.name} · ${booking.buyer.email} · ${booking.buyer.phone} · ${booking.buyer.country}`}
        />
        <Fact label={t("console.booking.placed")} value={when.format(new Date(booking.createdAt))} />
        <Fact
          label={t("console.booking.paidAt")}
          value={booking.paidAt ? when.format(new Date(booking.paidAt)) : "—"}
        />
        <Fact label={t("console.booking.language")} value={booking.language} />
        <Fact label={t("console.booking.total")} value={booking.total} testId="booking-total" />
        <Fact label={t("console.booking.refunded")} value={booking.refunded} testId="booking-refunded" />
        <Fact label={t("console.booking.refundable")} value={booking.refundable} testId="booking-refundable" />
      </dl>

      <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <div className={CARD}>
            <h3 className="text-lg font-semibold text-sea-950">{t("console.booking.lines")}</h3>
            <ul className="mt-2 space-y-2">
              {booking.lines.map((line) => (
                <li
                  key={line.id}
                  className="flex flex-wrap justify-between gap-2 border-t border-slate-100 pt-2 text-sm"
                >
                  <span>
                    <span className="font-semibold">{line.product}</span> · {day(line.serviceDate)}
                    {line.returnDate ? ` → ${day(line.returnDate)}` : ""} ·{" "}
                    {t("console.booking.passengers", {
                      adults: line.passengers.adults,
                      children: line.passengers.children,
                      infants: line.passengers.infants,
                    })}
                  </span>
                  <span className="whitespace-nowrap">{line.total}</span>
                </li>
              ))}
            </ul>
          </div>
          <BookingTickets booking={booking} day={day} />
          <BookingPayments booking={booking} />
          <BookingRefunds booking={booking} when={when} />
          <BookingHistory booking={booking} when={when} />
        </div>
        <div className="space-y-6">
          <RefundForm
            booking={booking}
            canRefund={data.canRefund}
            formKey={data.formKey}
            answer={isCancelAnswer(answer) ? undefined : answer}
          />
          {data.canRefund ? (
            <CancelLineForm
              reference={booking.reference}
              offers={data.cancellations}
              answer={isCancelAnswer(answer) ? answer : null}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Every ticket: its code, passenger, leg, day and state. */
function BookingTickets({
  booking,
  day,
}: {
  booking: NonNullable<DetailData["booking"]>;
  day: (date: string | null) => string;
}) {
  const t = useConsoleT();
  return (
    <>
      <div className={`${CARD} overflow-x-auto`} role="region" aria-label={t("console.booking.tickets")} tabIndex={0}>
        <h3 className="text-lg font-semibold text-sea-950">{t("console.booking.tickets")}</h3>
        <table className="mt-2 w-full text-left text-sm" data-testid="booking-tickets">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.booking.ticketCode")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.booking.passenger")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("console.booking.day")}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t("console.booking.ticketState")}
              </th>
            </tr>
          </thead>
          <tbody>
            {booking.tickets.map((ticket) => (
              <tr
                key={ticket.id}
                className="border-t border-slate-100"
                data-code={ticket.code}
                data-state={ticket.status}
              >
                <td className="py-2 pr-4 font-mono">{ticket.code}</td>
                <td className="py-2 pr-4">
                  {[
                    t(`console.passenger.${ticket.passengerType as "adult" | "child" | "infant"}`),
                    ticket.passengerName,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </td>
                <td className="whitespace-nowrap py-2 pr-4">{day(ticket.serviceDate ?? ticket.validUntil)}</td>
                <td className="py-2">{t(`console.ticket.${ticket.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The payment attempts and what became of them. */
function BookingPayments({ booking }: { booking: NonNullable<DetailData["booking"]> }) {
  const t = useConsoleT();
  return (
    <>
      <div className={CARD}>
        <h3 className="text-lg font-semibold text-sea-950">{t("console.booking.payments")}</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {booking.payments.map((payment) => (
            <li key={payment.attempt} className="border-t border-slate-100 pt-1">
              {t("console.booking.attempt", { attempt: payment.attempt })} · {payment.method}
              {payment.card ? ` · ${payment.card}` : ""} · {payment.amount} ·{" "}
              <span className="font-mono text-xs">{payment.status}</span>
              {payment.capturedOtherwise ? (
                <span className="block font-semibold text-coral-700" data-testid="payment-captured-otherwise">
                  {t("console.booking.capturedOtherwise", {
                    amount: payment.capturedOtherwise,
                    code: payment.failureCode ?? "",
                  })}
                </span>
              ) : null}
              {payment.providerPaymentId ? (
                <span className="block break-all font-mono text-xs text-slate-600">{payment.providerPaymentId}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** The refunds made, each with its state. */
function BookingRefunds({ booking, when }: { booking: NonNullable<DetailData["booking"]>; when: Intl.DateTimeFormat }) {
  const t = useConsoleT();
  return (
    <>
      <div className={CARD}>
        <h3 className="text-lg font-semibold text-sea-950">{t("console.booking.refunds")}</h3>
        {booking.refunds.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t("console.booking.noRefunds")}</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm" data-testid="booking-refunds">
            {booking.refunds.map((refund) => (
              <li
                key={refund.id}
                className="border-t border-slate-100 pt-2"
                data-status={refund.status}
                data-provider-refund={refund.providerRefundId ?? ""}
              >
                <span className="font-semibold">{refund.amount}</span> ·{" "}
                {refund.status === "failed"
                  ? t("console.refund.failed", { code: refund.failureCode ?? "" })
                  : t(`console.refund.${refund.status}`)}{" "}
                · {when.format(new Date(refund.at))} · {t("console.refund.by", { who: refundActorName(refund.by, t) })}
                {refund.reason ? <span className="block text-slate-700">{refund.reason}</span> : null}
                {refund.tickets.length > 0 ? (
                  <span className="block font-mono text-xs text-slate-600">{refund.tickets.join(", ")}</span>
                ) : null}
                {refund.status === "pending" ? (
                  <span className="block text-xs text-slate-700">{t("console.refund.pendingRetry")}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** What happened to the booking, event by event, with the staff's audited changes. */
function BookingHistory({ booking, when }: { booking: NonNullable<DetailData["booking"]>; when: Intl.DateTimeFormat }) {
  const t = useConsoleT();
  return (
    <>
      <div className={CARD}>
        <h3 className="text-lg font-semibold text-sea-950">{t("console.booking.history")}</h3>
        <ol className="mt-2 space-y-1 text-sm" data-testid="booking-history">
          {booking.history.map((item, index) => (
            <li key={index} className="border-t border-slate-100 pt-1">
              <span className="whitespace-nowrap text-slate-600">{when.format(new Date(item.at))}</span> ·{" "}
              {item.kind === "event" ? (
                <>
                  {item.from === item.to
                    ? t(`console.status.${item.to}`)
                    : t("console.booking.historyEvent", {
                        from: item.from ? t(`console.status.${item.from}`) : "—",
                        to: t(`console.status.${item.to}`),
                      })}{" "}
                  · <span className="break-all font-mono text-xs">{item.reason}</span>
                </>
              ) : (
                <span data-testid="history-audit" data-outcome={item.entry.outcome}>
                  {t("console.booking.historyAudit", { action: item.entry.action, actor: item.entry.actor })}
                  {item.entry.reason ? <span className="font-mono text-xs"> · {item.entry.reason}</span> : null}
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}

function RefundForm({
  booking,
  canRefund,
  formKey,
  answer,
}: {
  booking: ConsoleBooking;
  canRefund: boolean;
  formKey: string;
  answer: RefundActionData | undefined;
}) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const busy = useNavigation().state === "submitting";
  const cancellable = booking.tickets.filter((ticket) => ticket.status === "valid");
  const refused = answer && "error" in answer ? answer : null;
  return (
    <div className={`${CARD} space-y-4`}>
      <h3 className="text-lg font-semibold text-sea-950">{t("console.refund.title")}</h3>
      {answer && "refunded" in answer ? (
        <p role="status" className="rounded-lg bg-sea-50 p-3 text-sm text-sea-950" data-testid="refund-done">
          {answer.replayed
            ? t("console.refund.replayed", { amount: answer.refunded })
            : t("console.refund.done", { amount: answer.refunded })}
        </p>
      ) : null}
      {answer && "error" in answer ? (
        <p
          role="alert"
          className="rounded-lg bg-coral-50 p-3 text-sm text-coral-700"
          data-testid="refund-error"
          data-code={answer.error}
        >
          {t(consoleErrorKey(answer.error, messages), { left: answer.left ?? "—" })}
        </p>
      ) : null}
      {!canRefund ? (
        <p className="text-sm text-slate-700">{t("console.refund.notAllowed")}</p>
      ) : booking.refundableMinor <= 0 ? (
        <p className="text-sm text-slate-700" data-testid="refund-none">
          {t("console.refund.none")}
        </p>
      ) : (
        <Form
          method="post"
          className="space-y-4"
          data-testid="refund-form"
          key={refused ? `${refused.key}:${refused.amount}` : formKey}
        >
          <p className="text-sm text-slate-700">{t("console.refund.intro", { amount: booking.refundable })}</p>
          <input type="hidden" name="reference" value={booking.reference} />
          <input type="hidden" name="key" value={refused?.key || formKey} />
          <div>
            <label htmlFor="refund-amount" className={FIELD_LABEL}>
              {t("console.refund.amount", { currency: booking.currency })}
            </label>
            <input
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              required
              maxLength={20}
              autoComplete="off"
              placeholder={booking.refundableDecimal}
              defaultValue={refused?.amount ?? ""}
              aria-describedby="refund-amount-hint"
              className={`${INPUT} mt-1`}
            />
            <p id="refund-amount-hint" className="mt-1 text-xs text-slate-600">
              {t("console.refund.amountHint")}
            </p>
          </div>
          {cancellable.length > 0 ? (
            <fieldset>
              <legend className={FIELD_LABEL}>{t("console.refund.ticketsLegend")}</legend>
              <p id="refund-tickets-hint" className="mt-1 text-xs text-slate-600">
                {t("console.refund.ticketsHint")}
              </p>
              <ul className="mt-2 space-y-1">
                {cancellable.map((ticket) => (
                  <li key={ticket.id}>
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="ticket"
                        value={ticket.id}
                        className="h-5 w-5"
                        aria-describedby="refund-tickets-hint"
                      />
                      <span className="font-mono">{ticket.code}</span>
                      <span className="text-slate-700">
                        {[
                          t(`console.passenger.${ticket.passengerType as "adult" | "child" | "infant"}`),
                          ticket.passengerName,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          <div>
            <label htmlFor="refund-reason" className={FIELD_LABEL}>
              {t("console.refund.reason")}
            </label>
            <textarea
              id="refund-reason"
              name="reason"
              rows={3}
              maxLength={REFUND_REASON_MAX}
              className={`${INPUT} mt-1`}
            />
          </div>
          <button type="submit" className={buttonClass()} disabled={busy}>
            {t("console.refund.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
