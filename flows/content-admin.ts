// The operator edits a content slot's variant (the home banner, the promotions banner) in one
// language: a new published version, audited with the content before and after (ADR 0038).
import { AppError } from "../lib/errors.ts";
import { findSlotOverviews, publishSlotVariant, type SlotContent } from "../modules/personalization/index.ts";
import { runAuditedChange, type StaffDeps } from "./staff-change.ts";

export async function changeSlotVariant(deps: StaffDeps, input: { slotId: string; locale: string; name: string; content: SlotContent }): Promise<{ version: number }> {
  return runAuditedChange(deps, { action: "content_slot.publish", entityType: "content_slot", entityId: `${input.slotId}:${input.locale}:${input.name}` }, async (tx) => {
    if (input.content.title.trim() === "" || input.content.title.length > 200 || input.content.bodyHtml.length > 5000 || input.content.eyebrow.length > 120) {
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "content", code: "title_required_or_too_long" }] });
    }
    const slot = (await findSlotOverviews(tx)).find((overview) => overview.id === input.slotId);
    const before = slot?.variants.find((variant) => variant.locale === input.locale && variant.name === input.name) ?? null;
    const published = await publishSlotVariant(tx, input.slotId, input.locale, input.name, input.content);
    return { result: { version: published.version }, before: before && { version: slot?.published, content: before.content }, after: published };
  });
}
