// Walk-up sales at the booth (ADR 0040): a sailing, the passengers and the fare,
// cash or a card at the terminal; the tickets are issued at once (boardable on the next scan), with
// their PDF to print and, if an address is given, the usual e-mail. Same inventory as the web. A round
// trip's return may be on a later day (up to RETURN_DAYS_AHEAD): the agent shows that day's returns.
import { Form, Link, useNavigation } from "react-router";
import { sellAtBooth } from "../../../flows/walk-up.ts";
import { isAppError } from "../../../lib/errors.ts";
import { languageOfPath } from "../../../lib/language.ts";
import { CURRENCY_CODES, isCurrencyCode } from "../../../lib/money.ts";
import { findAmountFormatter } from "../../../modules/currency/index.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { requestContext, servicesContext } from "../../../server/edge/index.ts";
import { addDays, isLocalDate } from "../../../modules/inventory/index.ts";
import { loadSailingDay, sailingsOfDay } from "../boarding.server.ts";
import { consolePathOf } from "../console-pages.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import { SailingPicker, sailingLabel } from "../sailing-picker.tsx";
import { formText, PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-walkup";

/** How far after the outbound's day a booth round trip may come back. */
export const RETURN_DAYS_AHEAD = 30;

export async function loader(args: Route.LoaderArgs) {
  const { page, services, now } = await loadSailingDay(args, "walkup");
  const asked = new URL(args.request.url).searchParams.get("returnDate") ?? "";
  const returnDate =
    isLocalDate(asked) && asked > page.date && asked <= addDays(page.date, RETURN_DAYS_AHEAD) ? asked : page.date;
  const returnSailings =
    returnDate === page.date ? page.sailings : await sailingsOfDay(services, page.language, returnDate, now);
  return {
    ...page,
    returnDate,
    returnLast: addDays(page.date, RETURN_DAYS_AHEAD),
    returnSailings,
    scannerPath: consolePathOf("consoleScanner", page.language),
  };
}

export const headers = () => PRIVATE_NO_STORE;

export type WalkUpActionData =
  | {
      sold: {
        reference: string;
        total: string;
        method: string;
        tickets: { code: string; passengerType: string }[];
        pdfUrl: string;
        emailed: boolean;
        sailingId: number;
      };
    }
  | { error: string };

function count(form: FormData, name: string): number {
  const value = Number(formText(form, name, 3) || "0");
  return Number.isInteger(value) && value >= 0 && value <= 99 ? value : -1;
}

export async function action(args: Route.ActionArgs): Promise<WalkUpActionData> {
  const actor = await requireStaffPage(args, "walkup");
  const services = args.context.get(servicesContext);
  const language = languageOfPath(new URL(args.request.url).pathname);
  const form = await args.request.formData();
  const sailingId = Number(formText(form, "sailing", 20));
  const method = formText(form, "method", 20);
  const category = formText(form, "category", 20);
  const passengers = { adult: count(form, "adults"), child: count(form, "children"), infant: count(form, "infants") };
  if (
    !Number.isInteger(sailingId) ||
    sailingId <= 0 ||
    (method !== "cash" && method !== "card_present") ||
    (category !== "tourist" && category !== "resident")
  ) {
    return { error: "INVALID_REQUEST" };
  }
  if (Object.values(passengers).some((value) => value < 0)) return { error: "INVALID_PASSENGERS" };
  const last4 = formText(form, "cardLast4", 4);
  const trip = formText(form, "trip", 12) || "one_way";
  const currency = formText(form, "currency", 3) || "MXN";
  const inbound = Number(formText(form, "inbound", 20) || "0");
  if ((trip !== "one_way" && trip !== "round_trip" && trip !== "open") || !isCurrencyCode(currency))
    return { error: "INVALID_REQUEST" };
  const passengerNames = formText(form, "names", 2000)
    .split(/\r?\n/)
    .map((name) => name.trim())
    .filter((name) => name !== "")
    .slice(0, 99);
  try {
    const sold = await sellAtBooth(
      {
        db: services.db,
        now: services.clock.now(),
        siteCode: services.config.SITE_CODE,
        guestAccessSecret: services.config.GUEST_ACCESS_SECRET,
        holdSeconds: services.config.CART_HOLD_SECONDS,
      },
      actor,
      {
        trip,
        sailingId,
        inboundSailingId: Number.isInteger(inbound) && inbound > 0 ? inbound : null,
        currency,
        passengerNames,
        category,
        passengers,
        method,
        cardLast4: last4 === "" ? null : last4,
        buyerName: formText(form, "buyerName", 120),
        buyerEmail: formText(form, "buyerEmail", 254),
        language,
      },
      args.context.get(requestContext).requestId,
    );
    const format = await findAmountFormatter(services.db, sold.booking.currency, language);
    return {
      sold: {
        reference: sold.booking.reference,
        total: `${format(sold.booking.totalMinor)} ${sold.booking.currency}`,
        method,
        tickets: sold.tickets.map((ticket) => ({ code: ticket.code, passengerType: ticket.passengerType })),
        pdfUrl: `/api/bookings/${sold.booking.reference}/tickets.pdf?key=${encodeURIComponent(sold.guestSecret)}`,
        emailed: sold.booking.buyerEmail !== "",
        sailingId,
      },
    };
  } catch (error) {
    if (isAppError(error)) return { error: error.code };
    throw error;
  }
}

export default function ConsoleWalkUp({ loaderData, actionData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const { sailings, chosen, date, today, last, scannerPath, returnDate, returnLast, returnSailings } = loaderData;
  const busy = useNavigation().state === "submitting";
  const answer = actionData as WalkUpActionData | undefined;
  const sailing = sailings.find((candidate) => candidate.id === chosen);
  const number = (name: string, label: string, initial: number) => (
    <label className="flex flex-col gap-1">
      <span className={FIELD_LABEL}>{label}</span>
      <input type="number" name={name} min={0} max={99} defaultValue={initial} inputMode="numeric" className={INPUT} />
    </label>
  );
  return (
    <section className="mx-auto max-w-2xl space-y-5">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.walkup.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.walkup.summary")}</p>
      </div>
      <div className={CARD}>
        <SailingPicker t={t} date={date} min={today} max={last} sailings={sailings} chosen={chosen} showSeats />
      </div>
      <WalkUpSold answer={answer} scannerPath={scannerPath} date={date} />
      {answer && "error" in answer ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-red-900"
          data-testid="walkup-error"
        >
          {t(consoleErrorKey(answer.error, messages))}
        </p>
      ) : null}
      {sailing ? (
        <ReturnDayPicker date={date} sailing={sailing} returnLast={returnLast} returnDate={returnDate} />
      ) : null}
      {sailing ? (
        <Form method="post" className={`${CARD} space-y-4`} data-testid="walkup-form">
          <input type="hidden" name="sailing" value={sailing.id} />
          <p className="text-lg font-semibold text-sea-950">
            {sailingLabel(t, sailing)} · {t("console.boarding.seatsLeft", { count: sailing.seatsLeft })}
          </p>
          <div className="grid grid-cols-3 gap-3">
            {number("adults", t("console.walkup.adults"), 1)}
            {number("children", t("console.walkup.children"), 0)}
            {number("infants", t("console.walkup.infants"), 0)}
          </div>
          <fieldset className="space-y-2">
            <legend className={FIELD_LABEL}>{t("console.scanner.fare")}</legend>
            {(["tourist", "resident"] as const).map((category) => (
              <label key={category} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="category" value={category} defaultChecked={category === "tourist"} />
                {t(`console.fare.${category}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className={FIELD_LABEL}>{t("money.booth.trip")}</legend>
            {(["one_way", "round_trip", "open"] as const).map((trip) => (
              <label key={trip} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="trip" value={trip} defaultChecked={trip === "one_way"} />
                {t(`money.booth.trip.${trip}`)}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1">
            <span className={FIELD_LABEL}>{t("money.booth.return")}</span>
            <select name="inbound" defaultValue="" className={INPUT} data-testid="walkup-return">
              <option value="">{t("money.booth.pickReturn")}</option>
              {returnSailings
                .filter(
                  (other) =>
                    other.from === sailing.to &&
                    other.to === sailing.from &&
                    (returnDate !== date || other.time > sailing.time) &&
                    !other.departed &&
                    !other.closed,
                )
                .map((other) => (
                  <option key={other.id} value={other.id}>
                    {returnDate === date ? "" : `${returnDate} · `}
                    {sailingLabel(t, other)} · {t("console.boarding.seatsLeft", { count: other.seatsLeft })}
                  </option>
                ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className={FIELD_LABEL}>{t("money.booth.names")}</span>
            <textarea name="names" rows={3} maxLength={2000} className={INPUT} autoComplete="off" />
          </label>
          <label className="flex flex-col gap-1">
            <span className={FIELD_LABEL}>{t("money.booth.currency")}</span>
            <select name="currency" defaultValue="MXN" className={INPUT}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="space-y-2">
            <legend className={FIELD_LABEL}>{t("console.walkup.payment")}</legend>
            {(["cash", "card_present"] as const).map((method) => (
              <label key={method} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="method" value={method} defaultChecked={method === "cash"} />
                {t(`console.walkup.method.${method}`)}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1">
            <span className={FIELD_LABEL}>{t("console.walkup.cardLast4")}</span>
            <input
              name="cardLast4"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              className={INPUT}
              autoComplete="off"
            />
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="flex flex-col gap-1">
              <span className={FIELD_LABEL}>{t("console.walkup.buyerName")}</span>
              <input name="buyerName" maxLength={120} className={INPUT} autoComplete="off" />
            </label>
            <label className="flex flex-col gap-1">
              <span className={FIELD_LABEL}>{t("console.walkup.buyerEmail")}</span>
              <input name="buyerEmail" type="email" maxLength={254} className={INPUT} autoComplete="off" />
            </label>
          </div>
          <button type="submit" className={buttonClass("primary", "lg")} disabled={busy}>
            {t("console.walkup.sell")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The day of the way back, for a round trip sold at the booth. */
function ReturnDayPicker({
  date,
  sailing,
  returnLast,
  returnDate,
}: {
  date: string;
  sailing: { id: number };
  returnLast: string;
  returnDate: string;
}) {
  const t = useConsoleT();
  return (
    <>
      <Form method="get" className={`${CARD} flex flex-wrap items-end gap-3`} data-testid="walkup-return-day">
        <input type="hidden" name="date" value={date} />
        <input type="hidden" name="sailing" value={sailing.id} />
        <label className="flex flex-col gap-1">
          <span className={FIELD_LABEL}>{t("money.booth.returnDay")}</span>
          <input
            type="date"
            name="returnDate"
            min={date}
            max={returnLast}
            defaultValue={returnDate}
            required
            className={INPUT}
          />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          {t("money.booth.showReturns")}
        </button>
      </Form>
    </>
  );
}

/** The tickets just sold: their codes, the total taken, and a link to print them. */
function WalkUpSold({
  answer,
  scannerPath,
  date,
}: {
  answer: WalkUpActionData | undefined;
  scannerPath: string;
  date: string;
}) {
  const t = useConsoleT();
  return (
    <>
      {answer && "sold" in answer ? (
        <div
          role="status"
          className="rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-4 sm:p-6"
          data-testid="walkup-sold"
        >
          <p className="text-2xl font-bold text-emerald-900">
            {t("console.walkup.sold", { reference: answer.sold.reference })}
          </p>
          <p className="mt-1 text-emerald-900">
            {t("console.walkup.paid", {
              total: answer.sold.total,
              method: t(`console.walkup.method.${answer.sold.method as "cash" | "card_present"}`),
            })}
          </p>
          <ul className="mt-2 font-mono text-sm" data-testid="walkup-tickets">
            {answer.sold.tickets.map((ticket) => (
              <li key={ticket.code}>
                {ticket.code} · {t(`console.passenger.${ticket.passengerType as "adult" | "child" | "infant"}`)}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-3">
            <a className={buttonClass("primary")} href={answer.sold.pdfUrl} data-testid="walkup-pdf">
              {t("console.walkup.print")}
            </a>
            <Link
              className={buttonClass("secondary")}
              to={`${scannerPath}?date=${date}&sailing=${answer.sold.sailingId}`}
            >
              {t("console.walkup.toScanner")}
            </Link>
          </div>
          {answer.sold.emailed ? <p className="mt-2 text-sm text-emerald-900">{t("console.walkup.emailed")}</p> : null}
        </div>
      ) : null}
    </>
  );
}
