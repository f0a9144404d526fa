// Console: the timetable rules of every crossing; add, edit or end a rule (a clash with another rule
// is refused and listed); make the sale window's sailings again. Forms work without JavaScript.
import { Form, Link, useNavigation } from "react-router";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { RefusalBox } from "./refusal.tsx";
import type { Refusal } from "./shared.server.ts";
import type { RuleFormValues, TimetablePageData } from "./timetable.server.ts";

const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;

function TextField(props: {
  name: keyof RuleFormValues;
  label: string;
  value: string;
  type?: string;
  hint?: string;
  required?: boolean;
  invalid: boolean;
}) {
  const id = `rule-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.value}
        required={props.required}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        className={`${INPUT} mt-1`}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

export function TimetablePage({
  page,
  refusal,
  sent,
}: {
  page: TimetablePageData;
  refusal: Refusal | null;
  sent: RuleFormValues | null;
}) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const values = sent ?? page.form;
  const formRefusal = refusal?.intent === "save" ? refusal : null;
  const invalid = (name: string) => formRefusal?.issues.some((issue) => issue.path === name) ?? false;
  const crossingName = (id: number) => page.crossings.find((crossing) => crossing.id === id)?.name ?? String(id);
  const vesselName = (id: number) => page.vessels.find((vessel) => vessel.id === id)?.name ?? String(id);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("ops.timetable.title")}</h1>
      {page.done ? (
        <p
          role="status"
          data-testid="timetable-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {page.done.kind === "regenerated"
            ? t("ops.timetable.done.regenerated", {
                inserted: String(page.done.inserted),
                removed: String(page.done.removed),
              })
            : t(`ops.timetable.done.${page.done.kind}`, { rule: page.done.ruleId })}
        </p>
      ) : null}
      {refusal && refusal.intent !== "save" && refusal.target === null ? <RefusalBox refusal={refusal} /> : null}

      <RuleList busy={busy} page={page} crossingName={crossingName} vesselName={vesselName} refusal={refusal} />

      <RuleForm values={values} formRefusal={formRefusal} invalid={invalid} page={page} busy={busy} />
    </div>
  );
}

/** The timetable rules in force or ended, each with its edit, end, reactivate and delete actions. */
function RuleList({
  busy,
  page,
  crossingName,
  vesselName,
  refusal,
}: {
  busy: boolean;
  page: TimetablePageData;
  crossingName: (id: number) => string;
  vesselName: (id: number) => string;
  refusal: Refusal | null;
}) {
  const t = useConsoleT();
  return (
    <>
      <section className={`${CARD} space-y-3`} aria-labelledby="timetable-rules">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="timetable-rules" className="text-lg font-bold text-sea-950">
            {t("ops.timetable.rules")}
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="regenerate" />
            <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="regenerate">
              {t("ops.timetable.regenerate")}
            </button>
          </Form>
        </div>
        <ul className="divide-y divide-slate-200">
          {page.rules.map((rule) => {
            const ended = rule.validUntil !== null && rule.validUntil < page.today;
            return (
              <li
                key={rule.id}
                className="flex flex-col gap-2 py-3 lg:flex-row lg:items-center lg:justify-between"
                data-testid="timetable-rule"
                data-rule-id={rule.id}
              >
                <div className="text-sm">
                  <p className="font-semibold text-sea-950">
                    #{rule.id} · {crossingName(rule.crossingId)} · {vesselName(rule.vesselId)}
                  </p>
                  <p className="text-slate-700">
                    {t("ops.timetable.times", {
                      first: rule.firstDeparture,
                      last: rule.lastDeparture,
                      every: String(rule.intervalMinutes),
                    })}{" "}
                    ·{" "}
                    {rule.weekdays.map((day) => t(`ops.weekday.${String(day) as (typeof WEEKDAYS)[number]}`)).join(" ")}{" "}
                    · {t("ops.timetable.priority", { priority: String(rule.priority) })}
                    {rule.seasonStart
                      ? ` · ${t("ops.timetable.season", { start: rule.seasonStart, end: rule.seasonEnd ?? "" })}`
                      : ""}
                    {rule.validFrom || rule.validUntil
                      ? ` · ${t("ops.timetable.validity", { from: rule.validFrom ?? "…", until: rule.validUntil ?? "…" })}`
                      : ""}
                    {rule.note ? ` · ${rule.note}` : ""}
                    {ended || !rule.active ? ` · ${t("ops.timetable.ended")}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  <Link to={`?edit=${rule.id}#rule-form`} className={buttonClass("ghost")}>
                    {t("ops.timetable.edit")}
                  </Link>
                  {!ended && rule.active ? (
                    <Form method="post" className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="end" />
                      <input type="hidden" name="id" value={rule.id} />
                      <div>
                        <label htmlFor={`end-${rule.id}`} className="text-xs font-semibold text-sea-950">
                          {t("ops.timetable.lastDay")}
                        </label>
                        <input
                          id={`end-${rule.id}`}
                          name="lastDay"
                          type="date"
                          required
                          defaultValue={page.today}
                          className={`${INPUT} mt-1`}
                        />
                      </div>
                      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                        {t("ops.timetable.end")}
                      </button>
                    </Form>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reactivate" />
                      <input type="hidden" name="id" value={rule.id} />
                      <button
                        type="submit"
                        className={buttonClass("secondary")}
                        disabled={busy}
                        data-testid="reactivate-rule"
                      >
                        {t("ops.timetable.reactivate")}
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={rule.id} />
                    <button type="submit" className={buttonClass("ghost")} disabled={busy} data-testid="delete-rule">
                      {t("ops.timetable.delete")}
                    </button>
                  </Form>
                </div>
                {refusal && refusal.intent !== "save" && refusal.target === String(rule.id) ? (
                  <RefusalBox refusal={refusal} />
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

/** The form of a timetable rule, new or edited, with the checks it passes before saving. */
function RuleForm({
  values,
  formRefusal,
  invalid,
  page,
  busy,
}: {
  values: RuleFormValues;
  formRefusal: Refusal | null;
  invalid: (name: string) => boolean;
  page: TimetablePageData;
  busy: boolean;
}) {
  const t = useConsoleT();
  return (
    <>
      <section id="rule-form" className={`${CARD} space-y-4`} aria-labelledby="rule-form-title">
        <h2 id="rule-form-title" className="text-lg font-bold text-sea-950">
          {values.id ? t("ops.timetable.editRule", { rule: values.id }) : t("ops.timetable.newRule")}
        </h2>
        <p className="text-sm text-slate-700">{t("ops.timetable.checks")}</p>
        {formRefusal ? <RefusalBox refusal={formRefusal} /> : null}
        <Form method="post" className="space-y-4" data-testid="rule-form">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="id" value={values.id} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <div>
              <label htmlFor="rule-crossingId" className={FIELD_LABEL}>
                {t("ops.timetable.crossing")}
              </label>
              <select
                id="rule-crossingId"
                name="crossingId"
                defaultValue={values.crossingId}
                required
                className={`${INPUT} mt-1`}
                aria-invalid={invalid("crossingId") ? true : undefined}
              >
                <option value="">—</option>
                {page.crossings.map((crossing) => (
                  <option key={crossing.id} value={crossing.id}>
                    {crossing.active ? crossing.name : `${crossing.name} (${t("records.crossings.outOfService")})`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="rule-vesselId" className={FIELD_LABEL}>
                {t("ops.timetable.vessel")}
              </label>
              <select
                id="rule-vesselId"
                name="vesselId"
                defaultValue={values.vesselId}
                required
                className={`${INPUT} mt-1`}
                aria-invalid={invalid("vesselId") ? true : undefined}
              >
                <option value="">—</option>
                {page.vessels
                  .filter((vessel) => vessel.active || String(vessel.id) === values.vesselId)
                  .map((vessel) => (
                    <option key={vessel.id} value={vessel.id}>
                      {t("ops.timetable.vesselOption", { name: vessel.name, capacity: String(vessel.capacity) })}
                    </option>
                  ))}
              </select>
            </div>
            <TextField
              name="priority"
              label={t("ops.timetable.priorityLabel")}
              value={values.priority}
              type="number"
              hint={t("ops.timetable.priorityHint")}
              invalid={invalid("priority")}
            />
            <TextField
              name="firstDeparture"
              label={t("ops.timetable.first")}
              value={values.firstDeparture}
              type="time"
              required
              invalid={invalid("firstDeparture")}
            />
            <TextField
              name="lastDeparture"
              label={t("ops.timetable.last")}
              value={values.lastDeparture}
              type="time"
              required
              invalid={invalid("lastDeparture")}
            />
            <TextField
              name="intervalMinutes"
              label={t("ops.timetable.interval")}
              value={values.intervalMinutes}
              type="number"
              required
              invalid={invalid("intervalMinutes")}
            />
            <TextField
              name="seasonStart"
              label={t("ops.timetable.seasonStart")}
              value={values.seasonStart}
              hint={t("ops.timetable.seasonHint")}
              invalid={invalid("seasonStart")}
            />
            <TextField
              name="seasonEnd"
              label={t("ops.timetable.seasonEnd")}
              value={values.seasonEnd}
              invalid={invalid("seasonEnd")}
            />
            <TextField
              name="validFrom"
              label={t("ops.timetable.validFrom")}
              value={values.validFrom}
              type="date"
              invalid={invalid("validFrom")}
            />
            <TextField
              name="validUntil"
              label={t("ops.timetable.validUntil")}
              value={values.validUntil}
              type="date"
              invalid={invalid("validUntil")}
            />
            <TextField name="note" label={t("ops.timetable.note")} value={values.note} invalid={invalid("note")} />
          </div>
          <fieldset>
            <legend className={FIELD_LABEL}>{t("ops.timetable.weekdays")}</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="weekdays" value={day} defaultChecked={values.weekdays.includes(day)} />
                  {t(`ops.weekday.${day}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="save-rule">
            {t("ops.timetable.save")}
          </button>
        </Form>
      </section>
    </>
  );
}
