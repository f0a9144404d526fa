// Console: piers and crossings. A form adds each; each record is one form (its names or its minutes at
// sea, and "in service", unticked to retire it). Refusals show on the record they are about.
import { Form, useNavigation } from "react-router";
import { LANGUAGES } from "../../../lib/language.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { RefusalBox } from "./refusal.tsx";
import type { RecordsPageData } from "./records.server.ts";
import type { Refusal } from "./shared.server.ts";
import { InputField } from "../fields.tsx";

type Port = RecordsPageData["ports"][number];
type Crossing = RecordsPageData["crossings"][number];

const STATUS = "rounded-full px-2 py-0.5 text-xs font-semibold";

export function RecordsPage({ page, refusal }: { page: RecordsPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const here = (target: string) => (refusal && refusal.target === target ? <RefusalBox refusal={refusal} /> : null);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("records.title")}</h1>
      <p className="text-sm text-slate-700">{t("records.intro")}</p>
      {page.done ? (
        <p
          role="status"
          data-testid="records-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t(`records.done.${page.done.kind}`, { name: page.done.name })}
        </p>
      ) : null}
      {refusal && refusal.target === null ? <RefusalBox refusal={refusal} /> : null}

      <section className="space-y-4" aria-labelledby="records-ports">
        <h2 id="records-ports" className="text-xl font-bold text-sea-950">
          {t("records.ports.title")}
        </h2>
        <p className="text-sm text-slate-700">{t("records.ports.retireHint")}</p>
        <PortForm port={null} refusal={here("new-port")} />
        <ul className="grid gap-4">
          {page.ports.map((port) => (
            <li key={port.id} data-testid="port" data-port-code={port.code}>
              <PortForm port={port} refusal={here(`port-${port.id}`)} />
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-4" aria-labelledby="records-crossings">
        <h2 id="records-crossings" className="text-xl font-bold text-sea-950">
          {t("records.crossings.title")}
        </h2>
        <p className="text-sm text-slate-700">{t("records.crossings.retireHint")}</p>
        <NewCrossing ports={page.ports.filter((port) => port.active)} refusal={here("new-crossing")} />
        <ul className="grid gap-4 md:grid-cols-2">
          {page.crossings.map((crossing) => (
            <li key={crossing.id} data-testid="crossing" data-crossing-code={crossing.code}>
              <CrossingForm crossing={crossing} refusal={here(`crossing-${crossing.id}`)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Status({ active }: { active: boolean }) {
  const t = useConsoleT();
  return (
    <span className={`${STATUS} ${active ? "bg-sea-50 text-sea-900" : "bg-slate-100 text-slate-700"}`}>
      {active ? t("records.inService") : t("records.retired")}
    </span>
  );
}

/** A pier's form: blank adds one (with its code), filled changes it (with "in service"). */
function PortForm({ port, refusal }: { port: Port | null; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const key = port ? `port-${port.id}` : "new-port";
  return (
    <section className={`${CARD} space-y-3`} aria-labelledby={`${key}-title`}>
      <h3 id={`${key}-title`} className="flex flex-wrap items-center gap-2 text-lg font-bold text-sea-950">
        {port ? (
          <>
            {port.label} <span className="text-sm font-normal text-slate-600">({port.code})</span>{" "}
            <Status active={port.active} />
          </>
        ) : (
          t("records.ports.new")
        )}
      </h3>
      {refusal}
      <Form method="post" className="space-y-3" data-testid={port ? "port-form" : "new-port-form"}>
        <input type="hidden" name="intent" value={port ? "save-port" : "add-port"} />
        {port ? <input type="hidden" name="id" value={port.id} /> : null}
        {port ? null : (
          <InputField
            id={`${key}-code`}
            label={t("records.code")}
            name="code"
            required
            maxLength={40}
            pattern="[A-Za-z0-9\-]{2,40}"
            wrapperClassName="sm:w-72"
          />
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          {LANGUAGES.map((language) => (
            <InputField
              key={language}
              id={`${key}-name-${language}`}
              label={t("records.ports.name", { language: language.toUpperCase() })}
              name={`name.${language}`}
              required
              maxLength={80}
              defaultValue={port?.name[language] ?? ""}
            />
          ))}
          {LANGUAGES.map((language) => (
            <InputField
              key={language}
              id={`${key}-place-${language}`}
              label={t("records.ports.place", { language: language.toUpperCase() })}
              name={`place.${language}`}
              maxLength={160}
              defaultValue={port?.place[language] ?? ""}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <InputField
            id={`${key}-latitude`}
            label={t("records.ports.latitude")}
            name="latitude"
            inputMode="decimal"
            defaultValue={port?.latitude ?? ""}
            wrapperClassName="w-36"
          />
          <InputField
            id={`${key}-longitude`}
            label={t("records.ports.longitude")}
            name="longitude"
            inputMode="decimal"
            defaultValue={port?.longitude ?? ""}
            wrapperClassName="w-36"
          />
          {port ? (
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="active" defaultChecked={port.active} />
              {t("records.inService")}
            </label>
          ) : null}
          <button
            type="submit"
            className={buttonClass(port ? "secondary" : "primary")}
            disabled={busy}
            data-testid={port ? "save-port" : "add-port"}
          >
            {port ? t("records.save") : t("records.ports.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function NewCrossing({ ports, refusal }: { ports: Port[]; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const portSelect = (name: "fromPortId" | "toPortId", label: string) => (
    <div className="w-full sm:w-auto">
      <label htmlFor={`new-crossing-${name}`} className={FIELD_LABEL}>
        {label}
      </label>
      {/* The way there and back differ by default: the second pier is the first one's other end. */}
      <select
        id={`new-crossing-${name}`}
        name={name}
        required
        defaultValue={ports[name === "toPortId" && ports.length > 1 ? 1 : 0]?.id}
        className={`${INPUT} mt-1`}
      >
        {ports.map((port) => (
          <option key={port.id} value={port.id}>
            {port.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section className={`${CARD} space-y-3`} aria-labelledby="new-crossing-title">
      <h3 id="new-crossing-title" className="text-lg font-bold text-sea-950">
        {t("records.crossings.new")}
      </h3>
      <p className="text-sm text-slate-700">{t("records.crossings.newHint")}</p>
      {refusal}
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="new-crossing-form">
        <input type="hidden" name="intent" value="add-crossing" />
        <div className="w-full sm:w-60">
          <label htmlFor="new-crossing-code" className={FIELD_LABEL}>
            {t("records.code")}
          </label>
          <input
            id="new-crossing-code"
            name="code"
            required
            maxLength={40}
            pattern="[A-Za-z0-9\-]{2,40}"
            className={`${INPUT} mt-1`}
          />
        </div>
        {portSelect("fromPortId", t("records.crossings.from"))}
        {portSelect("toPortId", t("records.crossings.to"))}
        <div className="w-44">
          <label htmlFor="new-crossing-duration" className={FIELD_LABEL}>
            {t("records.crossings.duration")}
          </label>
          <input
            id="new-crossing-duration"
            name="durationMinutes"
            type="number"
            min={1}
            max={600}
            required
            className={`${INPUT} mt-1`}
          />
        </div>
        <div className="w-44">
          <label htmlFor="new-crossing-order" className={FIELD_LABEL}>
            {t("records.crossings.sortOrder")}
          </label>
          <input
            id="new-crossing-order"
            name="sortOrder"
            type="number"
            min={-1000}
            max={1000}
            defaultValue={0}
            className={`${INPUT} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-crossing">
          {t("records.crossings.add")}
        </button>
      </Form>
    </section>
  );
}

function CrossingForm({ crossing, refusal }: { crossing: Crossing; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const key = `crossing-${crossing.id}`;
  return (
    <section className={`${CARD} space-y-3`} aria-labelledby={`${key}-title`}>
      <h3 id={`${key}-title`} className="flex flex-wrap items-center gap-2 text-lg font-bold text-sea-950">
        {crossing.name} <span className="text-sm font-normal text-slate-600">({crossing.code})</span>{" "}
        <Status active={crossing.active} />
      </h3>
      {refusal}
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="crossing-form">
        <input type="hidden" name="intent" value="save-crossing" />
        <input type="hidden" name="id" value={crossing.id} />
        <InputField
          id={`${key}-duration`}
          label={t("records.crossings.duration")}
          name="durationMinutes"
          type="number"
          min={1}
          max={600}
          required
          defaultValue={crossing.durationMinutes}
          wrapperClassName="w-44"
        />
        <InputField
          id={`${key}-order`}
          label={t("records.crossings.sortOrder")}
          name="sortOrder"
          type="number"
          min={-1000}
          max={1000}
          required
          defaultValue={crossing.sortOrder}
          wrapperClassName="w-44"
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={crossing.active} />
          {t("records.inService")}
        </label>
        <button type="submit" className={buttonClass("secondary")} disabled={busy} data-testid="save-crossing">
          {t("records.save")}
        </button>
      </Form>
    </section>
  );
}
