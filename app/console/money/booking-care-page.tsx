// Console: changing a sold booking. A reference opens it; then three forms, each working without
// JavaScript: the buyer's details, sending the tickets again (to a corrected address if need be), and
// moving a dated line to other sailings or another day, for its live tickets only.
import { Form, useLocation, useNavigation } from "react-router";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT, type ConsoleTranslate } from "../console-i18n.ts";
import type { ConsoleMessageKey } from "../../../lib/i18n/console/en.ts";
import type { Refusal } from "../operations/shared.server.ts";
import type { CareLine, CarePageData } from "./booking-care.server.ts";
import { InputField } from "../fields.tsx";

/** A refusal in this page's words where it has them (a buyer's details), else the console's. */
function CareRefusal({ refusal }: { refusal: Refusal }) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const own = `money.error.${refusal.code}` as ConsoleMessageKey;
  return (
    <p
      role="alert"
      data-testid="care-refusal"
      data-code={refusal.code}
      className="rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm font-semibold text-coral-700"
    >
      {own in messages ? t(own) : t(consoleErrorKey(refusal.code, messages))}
    </p>
  );
}

export function BookingCarePage({ page, refusal }: { page: CarePageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const booking = page.booking;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-sea-950">{t("money.care.title")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("money.care.intro")}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <InputField
          id="care-ref"
          label={t("money.care.reference")}
          name="ref"
          defaultValue={page.reference}
          maxLength={20}
          autoComplete="off"
          required
        />
        <button type="submit" className={buttonClass("secondary")}>
          {t("money.care.open")}
        </button>
      </Form>
      {page.reference !== "" && !booking ? <p data-testid="care-not-found">{t("console.booking.notFound")}</p> : null}
      {page.done ? (
        <p
          role="status"
          data-testid="care-done"
          data-done={page.done}
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t(`money.care.done.${page.done}`)}
        </p>
      ) : null}
      {refusal ? <CareRefusal refusal={refusal} /> : null}
      {booking ? (
        <div className="space-y-6" data-testid="care-booking" data-reference={booking.reference}>
          <p className="text-lg font-semibold text-sea-950">
            {booking.reference} · {t(`console.status.${booking.status}`)} · {booking.name}
          </p>
          <div className="grid gap-6 lg:grid-cols-2">
            <Form
              method="post"
              className={`${CARD} space-y-3`}
              data-testid="care-buyer"
              key={`${booking.name}|${booking.email}|${booking.phone}`}
            >
              <h2 className="text-lg font-semibold text-sea-950">{t("money.care.buyer")}</h2>
              <input type="hidden" name="intent" value="buyer" />
              <input type="hidden" name="reference" value={booking.reference} />
              <InputField
                id="care-name"
                label={t("money.care.name")}
                name="name"
                defaultValue={booking.name}
                maxLength={100}
                required
                autoComplete="off"
              />
              <InputField
                id="care-email"
                label={t("money.care.email")}
                name="email"
                type="email"
                defaultValue={booking.email}
                maxLength={254}
                required
                autoComplete="off"
              />
              <InputField
                id="care-phone"
                label={t("money.care.phone")}
                name="phone"
                type="tel"
                defaultValue={booking.phone}
                maxLength={30}
                autoComplete="off"
              />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                {t("money.care.saveBuyer")}
              </button>
            </Form>
            <Form method="post" className={`${CARD} space-y-3`} data-testid="care-resend" key={booking.email}>
              <h2 className="text-lg font-semibold text-sea-950">{t("money.care.resend")}</h2>
              <p className="text-sm text-slate-700">{t("money.care.resendHint")}</p>
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="reference" value={booking.reference} />
              <input type="hidden" name="key" value={page.formKey} />
              <InputField
                id="care-resend-email"
                label={t("money.care.sendTo")}
                name="email"
                type="email"
                defaultValue={booking.email}
                maxLength={254}
                required
                autoComplete="off"
              />
              <button type="submit" className={buttonClass("primary")} disabled={busy || booking.status !== "ticketed"}>
                {t("money.care.sendTickets")}
              </button>
            </Form>
          </div>
          {page.lines.map((line) => (
            <MoveLine
              key={line.id}
              line={line}
              reference={booking.reference}
              formKey={page.formKey}
              t={t}
              busy={busy}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function MoveLine({
  line,
  reference,
  formKey,
  t,
  busy,
}: {
  line: CareLine;
  reference: string;
  formKey: string;
  t: ConsoleTranslate;
  busy: boolean;
}) {
  const location = useLocation();
  const dated = line.kind === "activity" ? line.serviceDate !== null : line.legs.length > 0;
  return (
    <section className={`${CARD} space-y-3`} data-testid="care-line" data-line={line.id}>
      <h2 className="text-lg font-semibold text-sea-950">{t("money.care.move", { product: line.product })}</h2>
      <p className="text-sm text-slate-700" data-testid="care-line-counts">
        {t("money.care.counts", { live: line.live, cancelled: line.cancelled, boarded: line.boarded })}
      </p>
      {!dated || line.live === 0 ? (
        <p className="text-sm text-slate-700">{t(dated ? "money.care.nothingToMove" : "money.care.undated")}</p>
      ) : line.kind === "activity" ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="reference" value={reference} />
          <input type="hidden" name="line" value={line.id} />
          <input type="hidden" name="key" value={formKey} />
          <InputField
            id={`care-day-${line.id}`}
            label={t("money.care.newDay")}
            name="date"
            type="date"
            defaultValue={line.serviceDate ?? ""}
            required
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {t("money.care.moveSubmit", { count: line.live })}
          </button>
        </Form>
      ) : (
        <>
          <Form
            method="get"
            action={location.pathname}
            className="flex flex-wrap items-end gap-3"
            data-testid="care-line-days"
          >
            <input type="hidden" name="ref" value={reference} />
            {line.legs.map((leg) => (
              <InputField
                key={leg.leg}
                id={`care-${leg.leg}-day-${line.id}`}
                label={t(`money.care.day.${leg.leg}`)}
                name={leg.leg === "outbound" ? "date" : "returnDate"}
                type="date"
                defaultValue={leg.date}
              />
            ))}
            <button type="submit" className={buttonClass("secondary")}>
              {t("money.care.showSailings")}
            </button>
          </Form>
          <Form method="post" className="grid gap-3 sm:grid-cols-2 sm:items-end">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="reference" value={reference} />
            <input type="hidden" name="line" value={line.id} />
            <input type="hidden" name="key" value={formKey} />
            {line.legs.map((leg) => (
              <div key={leg.leg}>
                <label htmlFor={`care-${leg.leg}-${line.id}`} className={FIELD_LABEL}>
                  {t(`money.care.leg.${leg.leg}`, { route: leg.route, date: leg.current.date, time: leg.current.time })}
                </label>
                <select id={`care-${leg.leg}-${line.id}`} name={leg.leg} defaultValue="" className={`${INPUT} mt-1`}>
                  <option value="">{t("money.care.keep")}</option>
                  {leg.sailings.map((sailing) => (
                    <option
                      key={sailing.id}
                      value={sailing.id}
                      disabled={sailing.unavailable || sailing.id === leg.current.id}
                    >
                      {t("money.care.sailingOption", { date: leg.date, time: sailing.time, count: sailing.seatsLeft })}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <button
              type="submit"
              className={`${buttonClass("primary")} sm:col-span-2 sm:justify-self-start`}
              disabled={busy}
            >
              {t("money.care.moveSubmit", { count: line.live })}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
