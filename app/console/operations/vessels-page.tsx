// Console: the fleet. Each vessel is one form (name, seats, in service); a capacity cut applies to its
// sailings not yet departed and is refused below what is already taken on any of them.
import { Form, useNavigation } from "react-router";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { RefusalBox } from "./refusal.tsx";
import type { Refusal } from "./shared.server.ts";
import type { VesselsPageData } from "./vessels.server.ts";
import { InputField } from "../fields.tsx";

export function VesselsPage({ page, refusal }: { page: VesselsPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("ops.vessels.title")}</h1>
      <p className="text-sm text-slate-700">{t("ops.vessels.intro")}</p>
      {page.done ? (
        <p
          role="status"
          data-testid="vessel-saved"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("ops.vessels.saved", { vessel: page.done.vessel, count: page.done.sailings })}
        </p>
      ) : null}
      {page.added ? (
        <p
          role="status"
          data-testid="vessel-added"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t("ops.vessels.added", { vessel: page.added })}
        </p>
      ) : null}
      {refusal && refusal.target === null ? <RefusalBox refusal={refusal} /> : null}
      <p className="text-sm text-slate-700">{t("ops.vessels.retireHint")}</p>
      <NewVessel refusal={refusal && refusal.target === "new" ? refusal : null} />
      <ul className="grid gap-4 md:grid-cols-2">
        {page.vessels.map((vessel) => (
          <li key={vessel.id} className={`${CARD} space-y-3`} data-testid="vessel" data-vessel-id={vessel.id}>
            <h2 className="text-lg font-bold text-sea-950">
              {vessel.name} <span className="text-sm font-normal text-slate-600">({vessel.code})</span>
            </h2>
            {refusal && refusal.target === String(vessel.id) ? <RefusalBox refusal={refusal} /> : null}
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="save-vessel" />
              <input type="hidden" name="id" value={vessel.id} />
              <InputField
                id={`vessel-name-${vessel.id}`}
                label={t("ops.vessels.name")}
                name="name"
                required
                maxLength={80}
                defaultValue={vessel.name}
              />
              <InputField
                id={`vessel-capacity-${vessel.id}`}
                label={t("ops.vessels.capacity")}
                name="capacity"
                type="number"
                min={1}
                max={5000}
                required
                defaultValue={vessel.capacity}
                wrapperClassName="w-32"
              />
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="active" defaultChecked={vessel.active} />
                {t("ops.vessels.active")}
              </label>
              <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="save-vessel">
                {t("ops.vessels.save")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewVessel({ refusal }: { refusal: Refusal | null }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  return (
    <section className={`${CARD} space-y-3`} aria-labelledby="new-vessel">
      <h2 id="new-vessel" className="text-lg font-bold text-sea-950">
        {t("ops.vessels.new")}
      </h2>
      {refusal ? <RefusalBox refusal={refusal} /> : null}
      <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="new-vessel-form">
        <input type="hidden" name="intent" value="add-vessel" />
        <div>
          <label htmlFor="new-vessel-code" className={FIELD_LABEL}>
            {t("ops.vessels.code")}
          </label>
          <input
            id="new-vessel-code"
            name="code"
            required
            maxLength={40}
            pattern="[A-Za-z0-9\-]{2,40}"
            className={`${INPUT} mt-1`}
          />
        </div>
        <InputField id="new-vessel-name" label={t("ops.vessels.name")} name="name" required maxLength={80} />
        <div className="w-32">
          <label htmlFor="new-vessel-capacity" className={FIELD_LABEL}>
            {t("ops.vessels.capacity")}
          </label>
          <input
            id="new-vessel-capacity"
            name="capacity"
            type="number"
            min={1}
            max={5000}
            required
            className={`${INPUT} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-vessel">
          {t("ops.vessels.add")}
        </button>
      </Form>
    </section>
  );
}
