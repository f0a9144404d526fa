// Console: a content slot's place (its named position and description), retiring it and putting it
// back, and a new slot at a position with its texts in every language and an optional audience. Plain
// POST forms: they work without JavaScript.
import { Form, useNavigation } from "react-router";
import { FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { InputField } from "../fields.tsx";
import type { TextsPageData } from "./texts.server.ts";

const LANGUAGES = ["es", "en", "pt"] as const;

function PositionSelect({
  id,
  positions,
  defaultValue,
}: {
  id: string;
  positions: TextsPageData["positions"];
  defaultValue?: string;
}) {
  const t = useConsoleT();
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {t("slots.position")}
      </label>
      <select id={id} name="position" defaultValue={defaultValue} className={`${INPUT} mt-1`}>
        {positions.map(({ position, path }) => (
          <option key={position} value={position}>
            {position} · {path}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Where a slot shows, and the button that retires it or puts it back. */
export function SlotPlace({
  slot,
  positions,
  refusal,
}: {
  slot: TextsPageData["slots"][number];
  positions: TextsPageData["positions"];
  refusal: React.ReactNode;
}) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const path = positions.find((entry) => entry.position === slot.position)?.path;
  const key = `${slot.id}-place`;
  return (
    <div className="mt-3 space-y-2" data-testid="slot-place" data-slot={slot.id}>
      <p className="text-sm text-slate-700">
        {slot.position && path ? t("slots.shownAt", { position: slot.position, path }) : t("slots.noPosition")} ·{" "}
        <strong>{slot.active ? t("slots.shown") : t("slots.retired")}</strong>
      </p>
      {refusal}
      <Form method="post" className="grid gap-2 md:grid-cols-2">
        <input type="hidden" name="intent" value="place-slot" />
        <input type="hidden" name="slotId" value={slot.id} />
        <PositionSelect id={`${key}-position`} positions={positions} defaultValue={slot.position ?? undefined} />
        <InputField
          id={`${key}-description`}
          label={t("slots.description")}
          name="description"
          required
          maxLength={200}
          defaultValue={slot.description}
        />
        <div>
          <button type="submit" className={buttonClass("secondary")} disabled={busy}>
            {t("slots.savePlace")}
          </button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="slotId" value={slot.id} />
        <p className="text-sm text-slate-700">{t("slots.retireHint")}</p>
        <button
          type="submit"
          name="intent"
          value={slot.active ? "retire-slot" : "reinstate-slot"}
          className={`${buttonClass(slot.active ? "ghost" : "secondary")} mt-1`}
          disabled={busy}
          data-testid={slot.active ? "retire-slot" : "reinstate-slot"}
        >
          {slot.active ? t("slots.retire") : t("slots.reinstate")}
        </button>
      </Form>
    </div>
  );
}

function TextBox({
  id,
  name,
  label,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | undefined;
}) {
  return (
    <div className="md:col-span-2">
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <textarea id={id} name={name} rows={2} defaultValue={defaultValue} className={`${INPUT} mt-1 h-auto`} />
    </div>
  );
}

/** A new slot at a named position: code, description, texts per language, and an optional audience. */
export function NewSlot({
  positions,
  refusal,
  sent,
}: {
  positions: TextsPageData["positions"];
  refusal: React.ReactNode;
  sent: Record<string, string> | null;
}) {
  const t = useConsoleT();
  const again = (name: string) => sent?.[name] ?? undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="space-y-3" aria-labelledby="new-slot">
      <h2 id="new-slot" className="text-lg font-bold text-sea-950">
        {t("slots.new")}
      </h2>
      <p className="text-sm text-slate-700">{t("slots.newHint")}</p>
      {refusal}
      <Form method="post" className="space-y-4" data-testid="new-slot-form">
        <input type="hidden" name="intent" value="add-slot" />
        <div className="grid gap-2 md:grid-cols-3">
          <InputField
            id="new-slot-code"
            label={t("slots.code")}
            name="code"
            required
            maxLength={40}
            defaultValue={again("code")}
          />
          <InputField
            id="new-slot-description"
            label={t("slots.description")}
            name="description"
            required
            maxLength={200}
            defaultValue={again("description")}
          />
          <PositionSelect id="new-slot-position" positions={positions} defaultValue={again("position")} />
        </div>
        {LANGUAGES.map((language) => (
          <fieldset key={language} className="grid gap-2 border-t border-slate-200 pt-3 md:grid-cols-2">
            <legend className="font-semibold text-sea-950">{t("slots.textsIn", { language })}</legend>
            {(
              [
                ["eyebrow", t("ops.texts.eyebrow"), false],
                ["title", t("ops.texts.slotTitle"), true],
                ["ctaLabel", t("ops.texts.ctaLabel"), false],
                ["ctaHref", t("ops.texts.ctaHref"), false],
              ] as const
            ).map(([name, label, required]) => (
              <InputField
                key={name}
                id={`new-slot-${name}-${language}`}
                label={label}
                name={`${name}.${language}`}
                required={required}
                defaultValue={again(`${name}.${language}`)}
              />
            ))}
            <TextBox
              id={`new-slot-body-${language}`}
              name={`bodyHtml.${language}`}
              label={t("ops.texts.body")}
              defaultValue={again(`bodyHtml.${language}`)}
            />
          </fieldset>
        ))}
        <fieldset className="grid gap-2 border-t border-slate-200 pt-3 md:grid-cols-2">
          <legend className="font-semibold text-sea-950">{t("slots.audience")}</legend>
          <InputField
            id="new-slot-audience-name"
            label={t("slots.audienceName")}
            name="audienceName"
            maxLength={40}
            defaultValue={again("audienceName")}
          />
          <div>
            <label htmlFor="new-slot-audience" className={FIELD_LABEL}>
              {t("ops.texts.rule")}
            </label>
            <textarea
              id="new-slot-audience"
              name="audience"
              rows={2}
              defaultValue={again("audience")}
              className={`${INPUT} mt-1 h-auto font-mono text-sm`}
            />
          </div>
          {LANGUAGES.map((language) => (
            <InputField
              key={language}
              id={`new-slot-audience-title-${language}`}
              label={`${t("slots.audienceTitle")} (${language})`}
              name={`audienceTitle.${language}`}
              defaultValue={again(`audienceTitle.${language}`)}
            />
          ))}
          {LANGUAGES.map((language) => (
            <TextBox
              key={language}
              id={`new-slot-audience-body-${language}`}
              name={`audienceBody.${language}`}
              label={`${t("slots.audienceBody")} (${language})`}
              defaultValue={again(`audienceBody.${language}`)}
            />
          ))}
        </fieldset>
        <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-slot">
          {t("slots.add")}
        </button>
      </Form>
    </section>
  );
}
