// Console: one day's sailings by hand. Each sailing opens to its capacity, its vessel and time, and its
// seat blocks; a form adds a sailing outside the timetable. Forms post and come back (no JavaScript needed).
import { Form, useNavigation } from "react-router";
import { CARD, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { Field } from "../fields.tsx";
import { RefusalBox } from "./refusal.tsx";
import type { ConsoleSailing, SailingsPageData } from "./sailings.server.ts";
import type { Refusal } from "./shared.server.ts";

function VesselSelect({ id, vessels, value }: { id: string; vessels: SailingsPageData["vessels"]; value?: number }) {
  const t = useConsoleT();
  return (
    <select id={id} name="vesselId" required defaultValue={value ?? ""} className={INPUT}>
      <option value="" disabled>
        —
      </option>
      {vessels.map((vessel) => (
        <option key={vessel.id} value={vessel.id}>
          {t("ops.timetable.vesselOption", { name: vessel.name, capacity: String(vessel.capacity) })}
        </option>
      ))}
    </select>
  );
}

function SailingRow({
  sailing,
  page,
  refusal,
}: {
  sailing: ConsoleSailing;
  page: SailingsPageData;
  refusal: Refusal | null;
}) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const open = sailing.status !== "departed";
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="date" value={page.date} />
      <input type="hidden" name="sailingId" value={sailing.id} />
    </>
  );
  return (
    <li className="py-3" data-testid="hand-sailing" data-sailing-id={sailing.id}>
      <details open={refusal !== null}>
        <summary className="flex min-h-11 cursor-pointer flex-wrap items-baseline gap-x-3 text-sm">
          <span className="font-semibold text-sea-950">
            {sailing.time} · {sailing.crossing}
          </span>
          <span className="text-slate-700">
            {t("ops.closures.load", {
              vessel: sailing.vessel,
              taken: String(sailing.taken),
              capacity: String(sailing.capacity),
            })}
            {sailing.capacityByHand ? ` · ${t("ops.sailings.byHandCapacity")}` : ""}
            {sailing.ruleId === null ? ` · ${t("ops.sailings.addedByHand")}` : ""}
          </span>
        </summary>
        {refusal ? <RefusalBox refusal={refusal} /> : null}
        {open ? (
          <div className="mt-3 grid gap-4 lg:grid-cols-3">
            <Form method="post" className="flex flex-wrap items-end gap-2">
              {hidden("capacity")}
              <Field id={`capacity-${sailing.id}`} label={t("ops.sailings.capacity")}>
                <input
                  id={`capacity-${sailing.id}`}
                  name="capacity"
                  type="number"
                  min={0}
                  max={5000}
                  required
                  defaultValue={sailing.capacity}
                  className={`${INPUT} w-28`}
                />
              </Field>
              <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="set-capacity">
                {t("ops.sailings.setCapacity")}
              </button>
            </Form>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              {hidden("move")}
              <input type="hidden" name="newDate" value={page.date} />
              <Field id={`time-${sailing.id}`} label={t("ops.sailings.time")}>
                <input
                  id={`time-${sailing.id}`}
                  name="time"
                  type="time"
                  required
                  defaultValue={sailing.time}
                  readOnly={sailing.ruleId !== null}
                  className={`${INPUT} w-32`}
                />
              </Field>
              <Field id={`vessel-${sailing.id}`} label={t("ops.timetable.vessel")}>
                <VesselSelect id={`vessel-${sailing.id}`} vessels={page.vessels} value={sailing.vesselId} />
              </Field>
              <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="move-sailing">
                {t("ops.sailings.move")}
              </button>
            </Form>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              {hidden("block")}
              <Field id={`block-${sailing.id}`} label={t("ops.sailings.blockSeats")}>
                <input
                  id={`block-${sailing.id}`}
                  name="quantity"
                  type="number"
                  min={1}
                  max={5000}
                  required
                  className={`${INPUT} w-24`}
                />
              </Field>
              <Field id={`label-${sailing.id}`} label={t("ops.sailings.blockFor")}>
                <input id={`label-${sailing.id}`} name="label" required maxLength={60} className={`${INPUT} w-40`} />
              </Field>
              <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="block-seats">
                {t("ops.sailings.block")}
              </button>
            </Form>
          </div>
        ) : null}
      </details>
      {sailing.blocks.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label={t("ops.sailings.blocks")}>
          {sailing.blocks.map((block) => (
            <li key={block.id} className="flex flex-wrap items-center gap-3" data-testid="seat-block">
              <span>
                {t("ops.sailings.blockLine", { count: block.quantity, label: block.reference.replace(/^block:/, "") })}
              </span>
              {open ? (
                <Form method="post">
                  {hidden("release")}
                  <input type="hidden" name="blockId" value={block.id} />
                  <button type="submit" className={buttonClass("ghost")} disabled={busy}>
                    {t("ops.sailings.release")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function SailingsPage({ page, refusal }: { page: SailingsPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("ops.sailings.title")}</h1>
      <p className="text-sm text-slate-700">{t("ops.sailings.intro")}</p>
      {page.done ? (
        <p
          role="status"
          data-testid="sailing-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t(`ops.sailings.done.${page.done}` as "ops.sailings.done.added")}
        </p>
      ) : null}
      {refusal && refusal.target === null ? <RefusalBox refusal={refusal} /> : null}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field id="sailings-date" label={t("ops.closures.date")}>
          <input id="sailings-date" name="date" type="date" required defaultValue={page.date} className={INPUT} />
        </Field>
        <button type="submit" className={buttonClass("secondary")}>
          {t("ops.closures.show")}
        </button>
      </Form>

      <section className={`${CARD} space-y-3`} aria-labelledby="add-sailing">
        <h2 id="add-sailing" className="text-lg font-bold text-sea-950">
          {t("ops.sailings.add", { date: page.date })}
        </h2>
        {refusal && refusal.target === "new" ? <RefusalBox refusal={refusal} /> : null}
        <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="add-sailing-form">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="date" value={page.date} />
          <Field id="add-crossing" label={t("ops.timetable.crossing")}>
            <select id="add-crossing" name="crossingId" required className={INPUT} defaultValue="">
              <option value="" disabled>
                —
              </option>
              {page.crossings.map((crossing) => (
                <option key={crossing.id} value={crossing.id}>
                  {crossing.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="add-time" label={t("ops.sailings.time")}>
            <input id="add-time" name="time" type="time" required className={`${INPUT} w-32`} />
          </Field>
          <Field id="add-vessel" label={t("ops.timetable.vessel")}>
            <VesselSelect id="add-vessel" vessels={page.vessels} />
          </Field>
          <Field id="add-capacity" label={t("ops.sailings.capacityOptional")}>
            <input id="add-capacity" name="capacity" type="number" min={1} max={5000} className={`${INPUT} w-28`} />
          </Field>
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-sailing">
            {t("ops.sailings.addButton")}
          </button>
        </Form>
        <p className="text-xs text-slate-600">{t("ops.sailings.checks")}</p>
      </section>

      <section className={CARD} aria-labelledby="day-sailings">
        <h2 id="day-sailings" className="text-lg font-bold text-sea-950">
          {t("ops.closures.sailings", { date: page.date })}
        </h2>
        {page.sailings.length === 0 ? <p className="text-sm text-slate-700">{t("ops.closures.noSailings")}</p> : null}
        <ul className="divide-y divide-slate-200">
          {page.sailings.map((sailing) => (
            <SailingRow
              key={sailing.id}
              sailing={sailing}
              page={page}
              refusal={refusal && refusal.target === String(sailing.id) ? refusal : null}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
