// The operator adds a content slot at a named position, edits a slot's variant in one language or the
// audiences its variants are shown to (each a new published version), moves it, retires it and puts it
// back: every change audited with what was there before (ADR 0038, ADR 0063), every refusal a code.
import { AppError, type ErrorIssue } from "../lib/errors.ts";
import { LANGUAGES, type Language } from "../lib/language.ts";
import { isSlotPosition } from "../lib/routing/content-slots.ts";
import {
  addSlotAudience,
  checkQuery,
  findSlotOverviews,
  insertSlot,
  safeHref,
  updateSlotPlace,
  type SlotPlace,
  publishSlotVariant,
  removeSlotAudience,
  setSlotAudience,
  type JsonLogicRule,
  type SlotContent,
} from "../modules/personalization/index.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

export async function changeSlotVariant(
  deps: StaffDeps,
  input: { slotId: string; locale: string; name: string; content: SlotContent },
): Promise<{ version: number }> {
  return runAuditedChange(
    deps,
    {
      action: "content_slot.publish",
      entityType: "content_slot",
      entityId: `${input.slotId}:${input.locale}:${input.name}`,
    },
    async (tx) => {
      if (
        input.content.title.trim() === "" ||
        input.content.title.length > 200 ||
        input.content.bodyHtml.length > 5000 ||
        input.content.eyebrow.length > 120
      ) {
        throw new AppError("INVALID_REQUEST", { issues: [{ path: "content", code: "title_required_or_too_long" }] });
      }
      const slot = (await findSlotOverviews(tx)).find((overview) => overview.id === input.slotId);
      const before =
        slot?.variants.find((variant) => variant.locale === input.locale && variant.name === input.name) ?? null;
      const published = await publishSlotVariant(tx, input.slotId, input.locale, input.name, input.content);
      return {
        result: { version: published.version },
        before: before && { version: slot?.published, content: before.content },
        after: published,
      };
    },
  );
}

function assertContent(content: SlotContent): void {
  if (
    content.title.trim() === "" ||
    content.title.length > 200 ||
    content.bodyHtml.length > 5000 ||
    content.eyebrow.length > 120
  ) {
    throw new AppError("INVALID_REQUEST", { issues: [{ path: "content", code: "title_required_or_too_long" }] });
  }
}

async function variantBefore(
  tx: Parameters<typeof findSlotOverviews>[0],
  slotId: string,
  locale: string,
  name: string,
) {
  const slot = (await findSlotOverviews(tx)).find((overview) => overview.id === slotId);
  const variant = slot?.variants.find((candidate) => candidate.locale === locale && candidate.name === name) ?? null;
  return variant && { version: slot?.published, audience: variant.audience, content: variant.content };
}

/** A new audience of a slot in one language: its rule (JSON Logic) and what it is shown. */
export async function addAudience(
  deps: StaffDeps,
  input: { slotId: string; locale: string; name: string; audience: JsonLogicRule; content: SlotContent },
): Promise<{ version: number }> {
  return runAuditedChange(
    deps,
    {
      action: "content_slot.audience_add",
      entityType: "content_slot",
      entityId: `${input.slotId}:${input.locale}:${input.name}`,
    },
    async (tx) => {
      assertContent(input.content);
      const published = await addSlotAudience(tx, input.slotId, input);
      return { result: published, before: null, after: { ...published, audience: input.audience } };
    },
  );
}

/** Changes the rule of an audience already on a slot. */
export async function changeAudience(
  deps: StaffDeps,
  input: { slotId: string; locale: string; name: string; audience: JsonLogicRule },
): Promise<{ version: number }> {
  return runAuditedChange(
    deps,
    {
      action: "content_slot.audience_change",
      entityType: "content_slot",
      entityId: `${input.slotId}:${input.locale}:${input.name}`,
    },
    async (tx) => {
      const before = await variantBefore(tx, input.slotId, input.locale, input.name);
      const published = await setSlotAudience(tx, input.slotId, input.locale, input.name, input.audience);
      return { result: published, before, after: { ...published, audience: input.audience } };
    },
  );
}

/** Retires an audience: the slot's next version goes without its variant; the default stays. */
export async function retireAudience(
  deps: StaffDeps,
  input: { slotId: string; locale: string; name: string },
): Promise<{ version: number }> {
  return runAuditedChange(
    deps,
    {
      action: "content_slot.audience_retire",
      entityType: "content_slot",
      entityId: `${input.slotId}:${input.locale}:${input.name}`,
    },
    async (tx) => {
      const before = await variantBefore(tx, input.slotId, input.locale, input.name);
      const published = await removeSlotAudience(tx, input.slotId, input.locale, input.name);
      return { result: published, before, after: published };
    },
  );
}

/** A slot's texts in one language, as the console's form gives them. */
export interface SlotTexts {
  eyebrow: string;
  title: string;
  bodyHtml: string;
  ctaLabel: string;
  ctaHref: string;
}

export interface SlotDraft {
  code: string;
  description: string;
  position: string;
  texts: Record<Language, SlotTexts>;
  /** One audience to start with: its name, rule, and title and body per language. */
  audience: {
    name: string;
    rule: JsonLogicRule;
    title: Record<Language, string>;
    body: Record<Language, string>;
  } | null;
}

const SLOT_CODE = /^[a-z0-9-]{2,40}$/;

function tooLong(issues: ErrorIssue[], path: string, value: string, max: number): void {
  if (value.length > max) issues.push({ path, code: "too_long" });
}

/** Every problem of a new slot's form at once, as "field: problem" issues (pure). */
export function slotDraftIssues(draft: SlotDraft): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (!SLOT_CODE.test(draft.code)) issues.push({ path: "code", code: "format" });
  if (draft.description.trim() === "") issues.push({ path: "description", code: "required" });
  tooLong(issues, "description", draft.description, 200);
  if (!isSlotPosition(draft.position)) issues.push({ path: "position", code: "unknown" });
  for (const language of LANGUAGES) {
    const texts = draft.texts[language];
    if (texts.title.trim() === "") issues.push({ path: `title.${language}`, code: "required" });
    tooLong(issues, `title.${language}`, texts.title, 200);
    tooLong(issues, `eyebrow.${language}`, texts.eyebrow, 120);
    tooLong(issues, `body.${language}`, texts.bodyHtml, 5000);
    if ((texts.ctaLabel.trim() === "") !== (texts.ctaHref.trim() === ""))
      issues.push({ path: `cta.${language}`, code: "cta_both" });
    else if (texts.ctaHref.trim() !== "" && safeHref(texts.ctaHref) === null)
      issues.push({ path: `ctaHref.${language}`, code: "link" });
  }
  if (draft.audience) {
    if (!/^[a-z0-9-]{2,40}$/.test(draft.audience.name) || draft.audience.name === "default")
      issues.push({ path: "audienceName", code: "format" });
    for (const language of LANGUAGES) {
      if (draft.audience.title[language].trim() === "")
        issues.push({ path: `audienceTitle.${language}`, code: "required" });
      tooLong(issues, `audienceTitle.${language}`, draft.audience.title[language], 200);
      tooLong(issues, `body.${language}`, draft.audience.body[language], 5000);
    }
  }
  return issues;
}

function contentOf(texts: SlotTexts): SlotContent {
  const cta = texts.ctaLabel.trim() && texts.ctaHref.trim() ? { label: texts.ctaLabel, href: texts.ctaHref } : null;
  return { tone: "default", eyebrow: texts.eyebrow, title: texts.title, bodyHtml: texts.bodyHtml, cta };
}

/**
 * A new slot at a named position, published at once in es, en and pt (with one audience before the
 * default when given). Refused when another active slot holds the position: retire that one first.
 */
export async function createSlot(deps: StaffDeps, raw: SlotDraft): Promise<{ id: string; version: number }> {
  const draft = { ...raw, code: raw.code.trim().toLowerCase(), description: raw.description.trim() };
  return runAuditedChange(
    deps,
    { action: "content_slot.create", entityType: "content_slot", entityId: draft.code },
    async (tx) => {
      const issues = slotDraftIssues(draft);
      if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
      const audience = draft.audience;
      if (audience) checkQuery(audience.rule, "audience");
      const published = await insertSlot(tx, {
        id: draft.code,
        description: draft.description,
        position: draft.position,
        variants: LANGUAGES.map((locale) => ({
          locale,
          content: contentOf(draft.texts[locale]),
          audience: audience && {
            name: audience.name,
            rule: audience.rule,
            content: {
              ...contentOf(draft.texts[locale]),
              title: audience.title[locale],
              bodyHtml: audience.body[locale],
            },
          },
        })),
      });
      const after = { position: draft.position, description: draft.description, ...published };
      return { result: { id: draft.code, ...published }, before: null, after };
    },
  );
}

/** Retires a slot (`active` false), puts it back, or moves and renames it: its versions stay. */
export async function changeSlot(
  deps: StaffDeps,
  slotId: string,
  change: { active?: boolean; position?: string; description?: string },
): Promise<SlotPlace> {
  const action =
    change.active === false
      ? "content_slot.retire"
      : change.active === true
        ? "content_slot.reinstate"
        : "content_slot.change";
  return runAuditedChange(deps, { action, entityType: "content_slot", entityId: slotId }, async (tx) => {
    const issues: ErrorIssue[] = [];
    if (change.position !== undefined && !isSlotPosition(change.position))
      issues.push({ path: "position", code: "unknown" });
    if (change.description !== undefined) {
      if (change.description.trim() === "") issues.push({ path: "description", code: "required" });
      tooLong(issues, "description", change.description, 200);
    }
    if (issues.length > 0) throw new AppError("INVALID_REQUEST", { issues });
    const { before, after } = await updateSlotPlace(tx, slotId, (current) => {
      if (change.active !== undefined && current.active === change.active)
        throw new AppError("INVALID_REQUEST", {
          issues: [{ path: `slot.${slotId}`, code: change.active ? "already_active" : "already_retired" }],
        });
      return {
        active: change.active ?? current.active,
        position: change.position ?? current.position,
        description: change.description?.trim() ?? current.description,
      };
    });
    return { result: after, before, after };
  });
}
