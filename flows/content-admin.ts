// The operator edits a content slot's variant (the home banner, the promotions banner) in one
// language, or the audiences its variants are shown to: each a new published version, audited with
// what was there before (ADR 0038, ADR 0063).
import { AppError } from "../lib/errors.ts";
import {
  addSlotAudience,
  findSlotOverviews,
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
