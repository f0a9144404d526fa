// Console: close a sailing, a whole day or a park's or tour's day for weather or the port authority,
// see the day's sailings, move every passenger of a closed sailing at once, and the closures in force,
// reopen. Every form works without JavaScript (post, then redirect back).
import { Form, Link, useNavigation } from "react-router";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import type { ClosuresPageData } from "./closures.server.ts";
import { RefusalBox } from "./refusal.tsx";
import type { Refusal } from "./shared.server.ts";
import { InputField } from "../fields.tsx";

function ReasonSelect({ id }: { id: string }) {
  const t = useConsoleT();
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {t("ops.closures.reason")}
      </label>
      <select id={id} name="reason" className={`${INPUT} mt-1`} defaultValue="weather">
        <option value="weather">{t("ops.closures.reason.weather")}</option>
        <option value="port_authority">{t("ops.closures.reason.port_authority")}</option>
      </select>
    </div>
  );
}

export function ClosuresPage({ page, refusal }: { page: ClosuresPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const dayRefusal =
    refusal && (refusal.target === "day" || refusal.target === null || refusal.intent === "reopen") ? refusal : null;
  const activityRefusal = refusal && refusal.intent === "close-activity" ? refusal : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("ops.closures.title")}</h1>
      <p className="text-sm text-slate-700">{t("ops.closures.intro")}</p>

      {page.done?.kind === "closed" ? (
        <p
          role="status"
          data-testid="closure-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("ops.closures.done.closed", { count: page.done.notified })}
        </p>
      ) : null}
      {page.done?.kind === "reopened" ? (
        <p
          role="status"
          data-testid="closure-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {page.done.notified === null
            ? t("ops.closures.done.reopened")
            : t("ops.closures.done.reopenedNotified", { count: page.done.notified })}
        </p>
      ) : null}
      {page.done?.kind === "moved" ? (
        <p
          role="status"
          data-testid="closure-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("ops.closures.done.moved", { count: page.done.bookings })}
        </p>
      ) : null}
      {dayRefusal ? <RefusalBox refusal={dayRefusal} /> : null}

      <DayClosureSection page={page} busy={busy} />

      <section className={`${CARD} space-y-3`} aria-labelledby="closures-activity">
        <h2 id="closures-activity" className="text-lg font-bold text-sea-950">
          {t("ops.closures.activity.title")}
        </h2>
        <p className="text-sm text-slate-700">{t("ops.closures.activity.intro")}</p>
        {activityRefusal ? <RefusalBox refusal={activityRefusal} /> : null}
        <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="close-activity-form">
          <input type="hidden" name="intent" value="close-activity" />
          <input type="hidden" name="date" value={page.date} />
          <div>
            <label htmlFor="close-activity" className={FIELD_LABEL}>
              {t("ops.closures.activity")}
            </label>
            <select id="close-activity" name="activity" required className={`${INPUT} mt-1`}>
              {page.activities.map((activity) => (
                <option key={activity.code} value={activity.code}>
                  {activity.name}
                </option>
              ))}
            </select>
          </div>
          <ReasonSelect id="close-activity-reason" />
          <InputField
            id="close-activity-note"
            label={t("ops.closures.note")}
            name="note"
            maxLength={500}
            wrapperClassName="min-w-48 flex-1"
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="close-activity">
            {t("ops.closures.closeActivity", { date: page.date })}
          </button>
        </Form>
      </section>

      <DaySailings page={page} refusal={refusal} busy={busy} />

      <ClosureList page={page} busy={busy} />
    </div>
  );
}

/** The day to work on, and the closing of one crossing or all of them on that day. */
function DayClosureSection({ page, busy }: { page: ClosuresPageData; busy: boolean }) {
  const t = useConsoleT();
  return (
    <>
      <section className={`${CARD} space-y-4`} aria-labelledby="closures-day">
        <h2 id="closures-day" className="text-lg font-bold text-sea-950">
          {t("ops.closures.day.title")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="closures-date" className={FIELD_LABEL}>
              {t("ops.closures.date")}
            </label>
            <input
              id="closures-date"
              name="date"
              type="date"
              required
              defaultValue={page.date}
              className={`${INPUT} mt-1`}
            />
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            {t("ops.closures.show")}
          </button>
        </Form>

        <Form
          method="post"
          className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
          data-testid="close-day-form"
        >
          <input type="hidden" name="intent" value="close-day" />
          <input type="hidden" name="date" value={page.date} />
          <div>
            <label htmlFor="close-day-crossing" className={FIELD_LABEL}>
              {t("ops.closures.crossing")}
            </label>
            <select id="close-day-crossing" name="crossing" className={`${INPUT} mt-1`} defaultValue="all">
              <option value="all">{t("ops.closures.allCrossings")}</option>
              {page.crossings.map((crossing) => (
                <option key={crossing.code} value={crossing.code}>
                  {crossing.name}
                </option>
              ))}
            </select>
          </div>
          <ReasonSelect id="close-day-reason" />
          <InputField
            id="close-day-note"
            label={t("ops.closures.note")}
            name="note"
            maxLength={500}
            wrapperClassName="min-w-48 flex-1"
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="close-day">
            {t("ops.closures.closeDay", { date: page.date })}
          </button>
        </Form>
      </section>
    </>
  );
}

/** The day's sailings with their load, each closable on its own. */
function DaySailings({ page, refusal, busy }: { page: ClosuresPageData; refusal: Refusal | null; busy: boolean }) {
  const t = useConsoleT();
  return (
    <>
      <section className={`${CARD} space-y-3`} aria-labelledby="closures-sailings">
        <h2 id="closures-sailings" className="text-lg font-bold text-sea-950">
          {t("ops.closures.sailings", { date: page.date })}
        </h2>
        {page.sailings.length === 0 ? <p className="text-sm text-slate-700">{t("ops.closures.noSailings")}</p> : null}
        <ul className="divide-y divide-slate-200">
          {page.sailings.map((sailing) => {
            const rowRefusal =
              refusal &&
              (refusal.intent === "close-sailing" || refusal.intent === "move-holders") &&
              refusal.target === String(sailing.id)
                ? refusal
                : null;
            const closable = sailing.status !== "closed" && sailing.status !== "departed";
            return (
              <li
                key={sailing.id}
                className="flex flex-col gap-2 py-3 lg:flex-row lg:items-center lg:justify-between"
                data-testid="day-sailing"
                data-sailing-id={sailing.id}
                data-status={sailing.status}
              >
                <div className="text-sm">
                  <p className="font-semibold text-sea-950">
                    {sailing.time} · {sailing.crossing}
                  </p>
                  <p className="text-slate-700">
                    {t("ops.closures.load", {
                      vessel: sailing.vessel,
                      taken: String(sailing.taken),
                      capacity: String(sailing.capacity),
                    })}{" "}
                    · {t(`ops.sailing.status.${sailing.status}`)}
                  </p>
                </div>
                {closable ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="close-sailing" />
                    <input type="hidden" name="date" value={page.date} />
                    <input type="hidden" name="sailingId" value={sailing.id} />
                    <ReasonSelect id={`reason-${sailing.id}`} />
                    <button
                      type="submit"
                      className={buttonClass("secondary")}
                      disabled={busy}
                      data-testid="close-sailing"
                    >
                      {t("ops.closures.closeSailing", { time: sailing.time })}
                    </button>
                  </Form>
                ) : null}
                {sailing.status === "closed" && sailing.taken > 0 ? (
                  <MoveHoldersForm page={page} sailing={sailing} busy={busy} />
                ) : null}
                {rowRefusal ? <RefusalBox refusal={rowRefusal} /> : null}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

/** The closures recorded, filtered, each with its reopening. */
function ClosureList({ page, busy }: { page: ClosuresPageData; busy: boolean }) {
  const t = useConsoleT();
  return (
    <>
      <section className={`${CARD} space-y-3`} aria-labelledby="closures-list">
        <h2 id="closures-list" className="text-lg font-bold text-sea-950">
          {t("ops.closures.list")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="closures-filter">
          <input type="hidden" name="date" value={page.date} />
          <div>
            <label htmlFor="closures-state" className={FIELD_LABEL}>
              {t("ops.closures.filter.state")}
            </label>
            <select id="closures-state" name="state" defaultValue={page.list.state} className={`${INPUT} mt-1`}>
              <option value="all">{t("ops.closures.filter.all")}</option>
              <option value="open">{t("ops.closures.filter.open")}</option>
              <option value="lifted">{t("ops.closures.filter.lifted")}</option>
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            {t("ops.closures.filter.apply")}
          </button>
        </Form>
        {page.closures.length === 0 ? <p className="text-sm text-slate-700">{t("ops.closures.none")}</p> : null}
        <ul className="divide-y divide-slate-200">
          {page.closures.map((closure) => (
            <li
              key={closure.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="closure"
              data-closure-id={closure.id}
            >
              <div className="text-sm">
                <p className="font-semibold text-sea-950">
                  {closure.what.kind === "sailing"
                    ? t("ops.closures.what.sailing", { date: closure.what.date ?? "", time: closure.what.time ?? "" })
                    : closure.what.kind === "activity"
                      ? t("ops.closures.what.activity", { date: closure.what.date, activity: closure.what.activity })
                      : t("ops.closures.what.day", {
                          date: closure.what.date,
                          crossing: closure.what.crossing ?? t("ops.closures.allCrossings"),
                        })}
                </p>
                <p className="text-slate-700">
                  {t(`ops.closures.reason.${closure.reason}`)}
                  {closure.note ? ` · ${closure.note}` : ""}
                  {closure.liftedAt ? ` · ${t("ops.closures.lifted")}` : ""}
                </p>
              </div>
              {closure.liftedAt === null ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="reopen" />
                  <input type="hidden" name="date" value={page.date} />
                  <input type="hidden" name="closureId" value={closure.id} />
                  <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="reopen">
                    {t("ops.closures.reopen")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        <ListPages page={page} />
      </section>
    </>
  );
}

/**
 * Every passenger of a closed sailing to one sailing of its crossing with room: this day, the next, or
 * a later day the operator asks for (a get form, so it works without JavaScript too).
 */
function MoveHoldersForm({
  page,
  sailing,
  busy,
}: {
  page: ClosuresPageData;
  sailing: ClosuresPageData["sailings"][number];
  busy: boolean;
}) {
  const t = useConsoleT();
  const id = `move-to-${sailing.id}`;
  return (
    <div className="space-y-2">
      {sailing.moveTo.length === 0 ? (
        <p className="text-sm text-slate-700">{t("ops.closures.move.none")}</p>
      ) : (
        <MoveSelectForm page={page} sailing={sailing} busy={busy} id={id} />
      )}
      <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="move-day-form">
        <input type="hidden" name="date" value={page.date} />
        <input type="hidden" name="state" value={page.list.state} />
        <div>
          <label htmlFor={`${id}-day`} className={FIELD_LABEL}>
            {t("ops.closures.move.laterDay", { last: page.move.last })}
          </label>
          <input
            id={`${id}-day`}
            name="moveDay"
            type="date"
            required
            min={page.move.first}
            max={page.move.last}
            defaultValue={page.move.day ?? page.move.first}
            className={`${INPUT} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")} data-testid="move-day">
          {t("ops.closures.move.showDay")}
        </button>
      </Form>
    </div>
  );
}

function MoveSelectForm({
  page,
  sailing,
  busy,
  id,
}: {
  page: ClosuresPageData;
  sailing: ClosuresPageData["sailings"][number];
  busy: boolean;
  id: string;
}) {
  const t = useConsoleT();
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="move-holders-form">
      <input type="hidden" name="intent" value="move-holders" />
      <input type="hidden" name="date" value={page.date} />
      <input type="hidden" name="sailingId" value={sailing.id} />
      <input type="hidden" name="key" value={page.formKey} />
      <div>
        <label htmlFor={id} className={FIELD_LABEL}>
          {t("ops.closures.move.to")}
        </label>
        <select id={id} name="toSailingId" required className={`${INPUT} mt-1`}>
          {sailing.moveTo.map((option) => (
            <option key={option.id} value={option.id}>
              {t("ops.closures.move.option", { date: option.date, time: option.time, left: String(option.left) })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="move-holders">
        {t("ops.closures.move.submit")}
      </button>
    </Form>
  );
}

function ListPages({ page }: { page: ClosuresPageData }) {
  const t = useConsoleT();
  const { state, page: number, more } = page.list;
  if (number === 1 && !more) return null;
  const to = (target: number) => `?date=${page.date}&state=${state}&page=${target}`;
  return (
    <nav
      className="flex items-center justify-between gap-3 text-sm"
      aria-label={t("ops.closures.page", { page: String(number) })}
      data-testid="closures-pages"
    >
      {number > 1 ? (
        <Link to={to(number - 1)} className={buttonClass("ghost")}>
          {t("ops.closures.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("ops.closures.page", { page: String(number) })}</span>
      {more ? (
        <Link to={to(number + 1)} className={buttonClass("ghost")} data-testid="closures-older">
          {t("ops.closures.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
