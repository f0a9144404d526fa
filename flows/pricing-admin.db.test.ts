// Prices and texts edited from the console (ADR 0038): each change audited before/after,
// each refusal audited with its code and changing nothing; complement and slot HTML sanitized.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SLOTS } from "../db/seed-personalization.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { findAllFares, findComplementTexts } from "../modules/catalog/index.ts";
import { findSlotOverviews, insertSlotIfMissing } from "../modules/personalization/index.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
type Runtime = Awaited<ReturnType<typeof bootSnapshot>>;
import { codeOf } from "../tests/factories/checkout.ts";
import { changeSlotVariant } from "./content-admin.ts";
import { changeComplementTexts, changeExchangeRates, changeFare } from "./pricing-admin.ts";

const NOW = new Date("2031-03-03T15:00:00Z");
const ACTOR: AuditActor = { userId: null, label: "pricing-test", role: "admin" };
let runtime: Runtime;
beforeAll(async () => {
  runtime = await bootSnapshot({});
  for (const slot of SEED_SLOTS) await insertSlotIfMissing(runtime.database.db, slot);
});
const HOME_BANNER_SLOT = SEED_SLOTS[0]!.id;
afterAll(() => runtime.database.close());
const deps = () => ({ db: runtime.database.db, now: NOW, actor: ACTOR, requestId: null });

describe("prices and texts from the console", () => {
  it("changes a fare with its audit entry, and refuses a negative one (audited, nothing changed)", async () => {
    const [fare] = await findAllFares(runtime.database.db);
    await changeFare(deps(), fare!.id, fare!.amountMinor + 100);
    expect((await findAllFares(runtime.database.db)).find((row) => row.id === fare!.id)?.amountMinor).toBe(
      fare!.amountMinor + 100,
    );
    expect(await codeOf(changeFare(deps(), fare!.id, -5))).toBe("INVALID_REQUEST");
    const [refused, applied] = await findAuditEntries(runtime.database.db, {
      entityType: "fare",
      entityId: String(fare!.id),
      limit: 2,
    });
    expect(refused).toMatchObject({ outcome: "refused", reason: "INVALID_REQUEST" });
    expect(applied).toMatchObject({
      outcome: "applied",
      action: "fare.update",
      before: { amountMinor: fare!.amountMinor },
      after: { amountMinor: fare!.amountMinor + 100 },
    });
  });

  it("stores a complement's description sanitized", async () => {
    const [complement] = await findComplementTexts(runtime.database.db);
    const texts = {
      ...complement!,
      textDescription: { es: "<p>Hola<script>alert(1)</script></p>", en: '<p onclick="x()">Hi</p>', pt: "<p>Oi</p>" },
    };
    const saved = await changeComplementTexts(deps(), complement!.productId, texts);
    expect(saved.textDescription).toEqual({ es: "<p>Hola</p>", en: "<p>Hi</p>", pt: "<p>Oi</p>" });
    expect(
      await codeOf(
        changeComplementTexts(deps(), complement!.productId, {
          ...texts,
          titleDescription: { es: "", en: "x", pt: "y" },
        }),
      ),
    ).toBe("INVALID_REQUEST");
  });

  it("publishes a slot variant as a new version, sanitized", async () => {
    const [before] = (await findSlotOverviews(runtime.database.db)).filter((slot) => slot.id === HOME_BANNER_SLOT);
    const variant = before!.variants.find((item) => item.locale === "es")!;
    const { version } = await changeSlotVariant(deps(), {
      slotId: HOME_BANNER_SLOT,
      locale: "es",
      name: variant.name,
      content: { ...variant.content, title: "Nuevo <b>título</b>", bodyHtml: "<p>ok</p><img src=x onerror=alert(1)>" },
    });
    expect(version).toBeGreaterThan(before!.published!);
    const after = (await findSlotOverviews(runtime.database.db)).find((slot) => slot.id === HOME_BANNER_SLOT)!;
    expect(after.published).toBe(version);
    expect(after.variants.find((item) => item.locale === "es" && item.name === variant.name)?.content).toMatchObject({
      title: "Nuevo título",
      bodyHtml: "<p>ok</p>",
    });
    expect(after.variants.length).toBe(before!.variants.length);
  });

  it("refuses a malformed exchange rate with its code, audited", async () => {
    expect(
      await codeOf(changeExchangeRates(deps(), { source: "manual", rates: [{ currency: "USD", rate: "abc" }] })),
    ).toBe("INVALID_EXCHANGE_RATE");
    const [entry] = await findAuditEntries(runtime.database.db, { entityType: "exchange_rate", limit: 1 });
    expect(entry).toMatchObject({ outcome: "refused", reason: "INVALID_EXCHANGE_RATE" });
  });
});
