// Content slots as records on the seeded database: added at a named position with texts in three
// languages and an audience, moved, retired (the position's page and the personalization API skip it)
// and put back. One active slot per position. Every change and refusal is audited; a refusal changes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import {
  answerContent,
  createPersonalizationService,
  findSlotAt,
  findSlotOverviews,
  type EvaluationContext,
} from "../modules/personalization/index.ts";
import { refusalOf } from "../tests/setup/refusal.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { changeSlot, createSlot, type SlotDraft } from "./content-admin.ts";

const NOW = new Date("2031-03-01T15:00:00Z");
const ACTOR: AuditActor = { userId: null, label: "slots-test", role: "admin" };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

const db = () => database.db;
const staff = () => ({ db: db(), now: NOW, actor: ACTOR, requestId: "test-request" });
const latestAudit = async (entityId: string) =>
  (await findAuditEntries(db(), { entityType: "content_slot", entityId, limit: 1 }))[0];
const slotRow = async (id: string) => (await findSlotOverviews(db())).find((slot) => slot.id === id) ?? null;
const texts = (title: string) => ({
  es: { eyebrow: "Xcaret", title: `${title} (es)`, bodyHtml: "<p>Hola</p>", ctaLabel: "", ctaHref: "" },
  en: {
    eyebrow: "Xcaret",
    title: `${title} (en)`,
    bodyHtml: "<p>Hi</p>",
    ctaLabel: "Book",
    ctaHref: "/en/parks/xcaret/",
  },
  pt: { eyebrow: "Xcaret", title: `${title} (pt)`, bodyHtml: "<p>Olá</p>", ctaLabel: "", ctaHref: "" },
});
const blank = { es: "", en: "", pt: "" };
const draft = (overrides: Partial<SlotDraft> = {}): SlotDraft => ({
  code: "xcaret-night",
  description: "Xcaret at night",
  position: "product-xcaret",
  texts: texts("Xcaret at night"),
  audience: null,
  ...overrides,
});
const CONTEXT: EvaluationContext = {
  location: { country: "MX", state: "ROO" },
  language: "en",
  device: "desktop",
  visitor: { visits: 1, returning: false, lastCart: null },
  cart: null,
  page: { url: null, referrer: null },
  attributes: {},
};
const answer = (slotId: string, locale: "es" | "en" | "pt", context = CONTEXT) =>
  answerContent(
    db(),
    createPersonalizationService(),
    { slotId, locale, preview: false, now: NOW, limits: { elapsedMs: () => 0, timeoutMs: 1000 } },
    context,
  );

describe("a content slot at a named position", () => {
  it("is added with its texts in es, en and pt and an audience, shown at its position, audited", async () => {
    const made = await createSlot(staff(), {
      ...draft({ code: " Xcaret-Night " }),
      audience: {
        name: "residents",
        rule: { "==": [{ var: "location.state" }, "ROO"] },
        title: { es: "Para residentes", en: "For residents", pt: "Para residentes (pt)" },
        body: { es: "", en: "<p>Resident fare</p><script>x</script>", pt: "" },
      },
    });
    expect(made).toEqual({ id: "xcaret-night", version: 1 });
    expect(await findSlotAt(db(), "product-xcaret")).toBe("xcaret-night");
    const row = await slotRow("xcaret-night");
    expect(row).toMatchObject({ position: "product-xcaret", active: true, published: 1 });
    expect(row?.variants.map((variant) => `${variant.locale}:${variant.position}:${variant.name}`)).toEqual([
      "en:1:residents",
      "en:2:default",
      "es:1:residents",
      "es:2:default",
      "pt:1:residents",
      "pt:2:default",
    ]);
    // The audience's visitors get its title; everyone else the default; the HTML is sanitized.
    expect((await answer("xcaret-night", "en")).content).toMatchObject({
      title: "For residents",
      bodyHtml: "<p>Resident fare</p>",
      cta: { label: "Book", href: "/en/parks/xcaret/" },
    });
    const elsewhere = { ...CONTEXT, location: { country: "US", state: null } };
    expect((await answer("xcaret-night", "pt", elsewhere)).content).toMatchObject({
      title: "Xcaret at night (pt)",
      cta: null,
    });
    expect(await latestAudit("xcaret-night")).toMatchObject({
      action: "content_slot.create",
      outcome: "applied",
      after: { position: "product-xcaret", version: 1 },
    });
  });

  it("refuses a bad form, a taken code and a taken position, audited, changing nothing", async () => {
    const before = await findSlotOverviews(db());
    const bad = await refusalOf(
      createSlot(staff(), {
        code: "x",
        description: " ",
        position: "checkout",
        texts: {
          ...texts("T"),
          es: { eyebrow: "e".repeat(121), title: " ", bodyHtml: "", ctaLabel: "Ver", ctaHref: "" },
          en: { eyebrow: "", title: "T", bodyHtml: "", ctaLabel: "Go", ctaHref: "javascript:alert(1)" },
        },
        audience: { name: "default", rule: { "==": [1, 1] }, title: { es: "", en: "A", pt: "A" }, body: blank },
      }),
    );
    expect(bad).toEqual({
      code: "INVALID_REQUEST",
      issues: [
        { path: "code", code: "format" },
        { path: "description", code: "required" },
        { path: "position", code: "unknown" },
        { path: "title.es", code: "required" },
        { path: "eyebrow.es", code: "too_long" },
        { path: "cta.es", code: "cta_both" },
        { path: "ctaHref.en", code: "link" },
        { path: "audienceName", code: "format" },
        { path: "audienceTitle.es", code: "required" },
      ],
    });
    expect(await latestAudit("x")).toMatchObject({
      action: "content_slot.create",
      outcome: "refused",
      reason: "INVALID_REQUEST",
    });
    const badRule = await refusalOf(
      createSlot(staff(), {
        ...draft({ code: "bad-rule", position: "product-xplor" }),
        audience: { name: "odd", rule: { eval: ["1"] }, title: { es: "A", en: "A", pt: "A" }, body: blank },
      }),
    );
    expect(badRule?.code).toBe("PERSONALIZATION_INVALID_QUERY");
    expect(await refusalOf(createSlot(staff(), draft({ position: "product-xplor" })))).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "code", code: "taken" }],
    });
    // The home banner holds the home's position: one active slot per position.
    expect(await refusalOf(createSlot(staff(), draft({ code: "second-home", position: "home-banner" })))).toEqual({
      code: "RECORD_IN_USE",
      issues: [{ path: "slot.home-banner", code: "at_position" }],
    });
    expect(await latestAudit("second-home")).toMatchObject({ outcome: "refused", reason: "RECORD_IN_USE" });
    expect(await findSlotOverviews(db())).toEqual(before);
  });

  it("retires a slot: its position shows nothing, the API answers it no more; put back, it shows again", async () => {
    await changeSlot(staff(), "xcaret-night", { active: false });
    expect(await findSlotAt(db(), "product-xcaret")).toBeNull();
    expect(await refusalOf(answer("xcaret-night", "en"))).toMatchObject({ code: "UNKNOWN_CONTENT_SLOT" });
    expect(await slotRow("xcaret-night")).toMatchObject({ active: false, position: "product-xcaret", published: 1 });
    expect(await latestAudit("xcaret-night")).toMatchObject({
      action: "content_slot.retire",
      outcome: "applied",
      before: { active: true },
      after: { active: false },
    });
    expect(await refusalOf(changeSlot(staff(), "xcaret-night", { active: false }))).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "slot.xcaret-night", code: "already_retired" }],
    });

    // While it is retired, another slot may take its position; putting it back is then refused.
    await createSlot(staff(), draft({ code: "xcaret-day" }));
    expect(await refusalOf(changeSlot(staff(), "xcaret-night", { active: true }))).toEqual({
      code: "RECORD_IN_USE",
      issues: [{ path: "slot.xcaret-day", code: "at_position" }],
    });
    expect(await latestAudit("xcaret-night")).toMatchObject({
      action: "content_slot.reinstate",
      outcome: "refused",
      reason: "RECORD_IN_USE",
    });
    expect(await slotRow("xcaret-night")).toMatchObject({ active: false });

    // Moved elsewhere it comes back; the other stays at Xcaret.
    await changeSlot(staff(), "xcaret-night", { position: "ferry-page", description: "Night crossing" });
    await changeSlot(staff(), "xcaret-night", { active: true });
    expect(await findSlotAt(db(), "ferry-page")).toBe("xcaret-night");
    expect(await findSlotAt(db(), "product-xcaret")).toBe("xcaret-day");
    expect((await answer("xcaret-night", "es")).content.title).toBe("Para residentes");
    expect(await latestAudit("xcaret-night")).toMatchObject({ action: "content_slot.reinstate", outcome: "applied" });
    expect(await refusalOf(changeSlot(staff(), "xcaret-night", { active: true }))).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "slot.xcaret-night", code: "already_active" }],
    });
  });

  it("refuses moving onto a held position, an unknown position or slot, and a blank description", async () => {
    const before = await findSlotOverviews(db());
    expect(await refusalOf(changeSlot(staff(), "xcaret-night", { position: "promotions-banner" }))).toEqual({
      code: "RECORD_IN_USE",
      issues: [{ path: "slot.promotions-banner", code: "at_position" }],
    });
    expect(await refusalOf(changeSlot(staff(), "xcaret-night", { position: "cart", description: "" }))).toEqual({
      code: "INVALID_REQUEST",
      issues: [
        { path: "position", code: "unknown" },
        { path: "description", code: "required" },
      ],
    });
    expect(await refusalOf(changeSlot(staff(), "no-such-slot", { active: false }))).toEqual({
      code: "UNKNOWN_CONTENT_SLOT",
      issues: [{ path: "slot.no-such-slot", code: "unknown" }],
    });
    expect(await latestAudit("no-such-slot")).toMatchObject({ outcome: "refused", reason: "UNKNOWN_CONTENT_SLOT" });
    expect(await findSlotOverviews(db())).toEqual(before);
  });

  it("the seeded banners sit at the home's and the promotions' positions", async () => {
    expect(await findSlotAt(db(), "home-banner")).toBe("home-banner");
    expect(await findSlotAt(db(), "promotions-banner")).toBe("promotions-banner");
  });
});
