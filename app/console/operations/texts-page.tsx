// Console: the complements' texts in three languages and the content slots' variants.
import { Form, useNavigation } from "react-router";
import { CARD, CHECK, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { RefusalBox } from "./refusal.tsx";
import type { Refusal } from "./shared.server.ts";
import type { TextsPageData } from "./texts.server.ts";
import { InputField } from "../fields.tsx";
import { NewSlot, SlotPlace } from "./slots-section.tsx";

/** A rule an operator can copy: visitors located in Quintana Roo (JSONLogic over the visitor's context). */
const AUDIENCE_RULE_EXAMPLE = '{"==": [{"var": "location.state"}, "ROO"]}';

const LANGUAGES = ["es", "en", "pt"] as const;

function Localized({
  id,
  name,
  label,
  value,
  multiline,
}: {
  id: string;
  name: string;
  label: string;
  value: Record<(typeof LANGUAGES)[number], string>;
  multiline?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className={FIELD_LABEL}>{label}</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {LANGUAGES.map((language) => (
          <div key={language}>
            <label htmlFor={`${id}-${name}-${language}`} className="text-xs font-semibold uppercase text-slate-600">
              {language}
            </label>
            {multiline ? (
              <textarea
                id={`${id}-${name}-${language}`}
                name={`${name}.${language}`}
                rows={5}
                required
                defaultValue={value[language]}
                className={`${INPUT} mt-1 h-auto`}
              />
            ) : (
              <input
                id={`${id}-${name}-${language}`}
                name={`${name}.${language}`}
                required
                defaultValue={value[language]}
                className={`${INPUT} mt-1`}
              />
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function TextsPage({
  page,
  refusal,
  sent,
}: {
  page: TextsPageData;
  refusal: Refusal | null;
  /** What a refused new slot's form sent, to fill it again. */
  sent: Record<string, string> | null;
}) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const here = (intent: string, target: string) =>
    refusal && refusal.intent === intent && refusal.target === target ? <RefusalBox refusal={refusal} /> : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("ops.texts.title")}</h1>
      {page.done ? (
        <p
          role="status"
          data-testid="texts-done"
          className="rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
        >
          {t(`ops.texts.done.${page.done}`)}
        </p>
      ) : null}
      <SlotTexts page={page} here={here} busy={busy} sent={sent} refusedTarget={refusal?.target ?? null} />
      <ComplementTexts page={page} here={here} busy={busy} />
    </div>
  );
}

/** The content slots: each audience's texts in every language, and new audiences. */
function SlotTexts({
  page,
  here,
  busy,
  sent,
  refusedTarget,
}: {
  page: TextsPageData;
  here: (intent: string, target: string) => React.ReactNode;
  busy: boolean;
  sent: Record<string, string> | null;
  /** The slot a refusal is about opens, so its sentence is seen (without JavaScript the page is new). */
  refusedTarget: string | null;
}) {
  const t = useConsoleT();
  return (
    <>
      <section className="space-y-3" aria-labelledby="texts-slots">
        <h2 id="texts-slots" className="text-lg font-bold text-sea-950">
          {t("ops.texts.slots")}
        </h2>
        <p className="text-sm text-slate-700">{t("ops.texts.slotsHint")}</p>
        {page.slots.map((slot) => (
          <details
            key={slot.id}
            className={CARD}
            open={refusedTarget === slot.id || refusedTarget?.startsWith(`${slot.id}:`) ? true : undefined}
          >
            <summary className="cursor-pointer font-semibold text-sea-950">
              {slot.id} · {slot.description} {slot.published ? `(v${slot.published})` : ""}
              {slot.active ? "" : ` · ${t("slots.retired")}`}
            </summary>
            <SlotPlace slot={slot} positions={page.positions} refusal={here("slot-place", slot.id)} />
            <ul className="mt-3 space-y-4">
              {slot.variants.map((variant) => {
                const key = `${slot.id}-${variant.locale}-${variant.name}`;
                return (
                  <li key={key} className="space-y-2 border-t border-slate-200 pt-3">
                    <p className="text-sm font-semibold text-sea-950">
                      {variant.locale} · {variant.name} {variant.hasAudience ? `· ${t("ops.texts.audience")}` : ""}
                    </p>
                    {here("slot", `${slot.id}:${variant.locale}:${variant.name}`)}
                    <Form method="post" className="grid gap-2 md:grid-cols-2">
                      <input type="hidden" name="intent" value="slot" />
                      <input type="hidden" name="slotId" value={slot.id} />
                      <input type="hidden" name="locale" value={variant.locale} />
                      <input type="hidden" name="name" value={variant.name} />
                      <input type="hidden" name="tone" value={variant.content.tone} />
                      {(
                        [
                          ["eyebrow", t("ops.texts.eyebrow"), variant.content.eyebrow],
                          ["title", t("ops.texts.slotTitle"), variant.content.title],
                          ["ctaLabel", t("ops.texts.ctaLabel"), variant.content.cta?.label ?? ""],
                          ["ctaHref", t("ops.texts.ctaHref"), variant.content.cta?.href ?? ""],
                        ] as const
                      ).map(([name, label, value]) => (
                        <InputField
                          key={name}
                          id={`${key}-${name}`}
                          label={label}
                          name={name}
                          defaultValue={value}
                          required={name === "title"}
                        />
                      ))}
                      <div className="md:col-span-2">
                        <label htmlFor={`${key}-body`} className={FIELD_LABEL}>
                          {t("ops.texts.body")}
                        </label>
                        <textarea
                          id={`${key}-body`}
                          name="bodyHtml"
                          rows={3}
                          defaultValue={variant.content.bodyHtml}
                          className={`${INPUT} mt-1 h-auto`}
                        />
                      </div>
                      <div>
                        <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                          {t("ops.texts.publish")}
                        </button>
                      </div>
                    </Form>
                    {variant.audience !== null ? (
                      <>
                        {here("audience", `${slot.id}:${variant.locale}:${variant.name}`)}
                        {/* One form, two buttons: the one pressed names the intent. */}
                        <Form
                          method="post"
                          className="space-y-2"
                          data-testid="audience-form"
                          data-variant={`${slot.id}:${variant.locale}:${variant.name}`}
                        >
                          <input type="hidden" name="slotId" value={slot.id} />
                          <input type="hidden" name="locale" value={variant.locale} />
                          <input type="hidden" name="name" value={variant.name} />
                          <label htmlFor={`${key}-audience`} className={FIELD_LABEL}>
                            {t("ops.texts.rule")}
                          </label>
                          <textarea
                            id={`${key}-audience`}
                            name="audience"
                            rows={3}
                            required
                            defaultValue={JSON.stringify(variant.audience)}
                            className={`${INPUT} h-auto font-mono text-sm`}
                          />
                          <div className="flex flex-wrap gap-3">
                            <button
                              type="submit"
                              name="intent"
                              value="audience"
                              className={buttonClass("secondary")}
                              disabled={busy}
                            >
                              {t("ops.texts.saveRule")}
                            </button>
                            <button
                              type="submit"
                              name="intent"
                              value="retire-audience"
                              className={buttonClass("ghost")}
                              disabled={busy}
                              data-testid="retire-audience"
                            >
                              {t("ops.texts.retireAudience")}
                            </button>
                          </div>
                        </Form>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <NewAudience slotId={slot.id} refusal={here("add-audience", `${slot.id}:new`)} />
          </details>
        ))}
      </section>
      <NewSlot positions={page.positions} refusal={here("add-slot", "new")} sent={sent} />
    </>
  );
}

/** The texts of each complement offered in the cart, in every language. */
function ComplementTexts({
  page,
  here,
  busy,
}: {
  page: TextsPageData;
  here: (intent: string, target: string) => React.ReactNode;
  busy: boolean;
}) {
  const t = useConsoleT();
  return (
    <>
      <section className="space-y-3" aria-labelledby="texts-complements">
        <h2 id="texts-complements" className="text-lg font-bold text-sea-950">
          {t("ops.texts.complements")}
        </h2>
        {page.complements.map((complement) => (
          <details key={complement.productId} className={CARD}>
            <summary className="cursor-pointer font-semibold text-sea-950">
              {complement.titleDescription.es} ({complement.code})
              {complement.offeredWith.length === 0 ? ` · ${t("records.retired")}` : ""}
            </summary>
            {here("complement", String(complement.productId))}
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="complement" />
              <input type="hidden" name="id" value={complement.productId} />
              <Localized
                id={`c${complement.productId}`}
                name="title"
                label={t("ops.texts.complementTitle")}
                value={complement.titleDescription}
              />
              <Localized
                id={`c${complement.productId}`}
                name="subtitle"
                label={t("ops.texts.subtitle")}
                value={complement.subtitleDescription}
              />
              <Localized
                id={`c${complement.productId}`}
                name="text"
                label={t("ops.texts.text")}
                value={complement.textDescription}
                multiline
              />
              <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                {t("ops.texts.save")}
              </button>
            </Form>
            <Form method="post" className="mt-4 space-y-3 border-t border-slate-200 pt-3" data-testid="offers-form">
              <input type="hidden" name="intent" value="offers" />
              <input type="hidden" name="id" value={complement.productId} />
              <fieldset>
                <legend className={FIELD_LABEL}>{t("ops.texts.offeredWith")}</legend>
                <p className="text-sm text-slate-700">{t("ops.texts.offeredWithHint")}</p>
                <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {page.products.map((product) => (
                    <label key={product.id} className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="offeredWith"
                        value={product.id}
                        defaultChecked={complement.offeredWith.includes(product.id)}
                        className={CHECK}
                      />
                      {product.name}
                    </label>
                  ))}
                </div>
              </fieldset>
              <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                {t("ops.texts.saveOffers")}
              </button>
            </Form>
          </details>
        ))}
      </section>
    </>
  );
}

/** A new audience of a slot in one language: its name, its rule and the title and body it is shown. */
function NewAudience({ slotId, refusal }: { slotId: string; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const key = `${slotId}-new-audience`;
  return (
    <div className="mt-4 space-y-2 border-t border-slate-200 pt-3">
      <h3 className="font-bold text-sea-950">{t("ops.texts.newAudience")}</h3>
      <p className="text-sm break-words text-slate-700">
        {t("ops.texts.newAudienceHint")} <code className="font-mono">{AUDIENCE_RULE_EXAMPLE}</code>
      </p>
      {refusal}
      <Form method="post" className="grid gap-2 md:grid-cols-2" data-testid="new-audience-form">
        <input type="hidden" name="intent" value="add-audience" />
        <input type="hidden" name="slotId" value={slotId} />
        <div>
          <label htmlFor={`${key}-locale`} className={FIELD_LABEL}>
            {t("ops.texts.language")}
          </label>
          <select id={`${key}-locale`} name="locale" className={`${INPUT} mt-1`}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${key}-name`} className={FIELD_LABEL}>
            {t("ops.texts.variantName")}
          </label>
          <input id={`${key}-name`} name="name" required maxLength={40} className={`${INPUT} mt-1`} />
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${key}-audience`} className={FIELD_LABEL}>
            {t("ops.texts.rule")}
          </label>
          <textarea
            id={`${key}-audience`}
            name="audience"
            rows={2}
            required
            className={`${INPUT} mt-1 h-auto font-mono text-sm`}
          />
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${key}-title`} className={FIELD_LABEL}>
            {t("ops.texts.slotTitle")}
          </label>
          <input id={`${key}-title`} name="title" required maxLength={200} className={`${INPUT} mt-1`} />
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${key}-body`} className={FIELD_LABEL}>
            {t("ops.texts.body")}
          </label>
          <textarea id={`${key}-body`} name="bodyHtml" rows={3} className={`${INPUT} mt-1 h-auto`} />
        </div>
        <div>
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-audience">
            {t("ops.texts.addAudience")}
          </button>
        </div>
      </Form>
    </div>
  );
}
