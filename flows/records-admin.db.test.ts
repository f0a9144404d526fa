// The records the site sells from, kept from the console on the seeded database: piers and crossings
// added, changed and retired (refused while a crossing in service, a rule in force or a sold sailing
// still needs them), fare rows added and taken off the price list, presale tiers added, a content
// slot's audiences added, changed and retired (never its default), a complement offered with other
// products or retired. Every change
// and refusal is audited; a refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CATAMARAN_TOUR_ID,
  CROSSING_TO_ISLA,
  FERRY_PRODUCT_ID,
  PORT_CANCUN,
  PORT_ISLA_MUJERES,
} from "../db/seed-catalogue.ts";
import { findAuditEntries, type AuditActor } from "../modules/audit/index.ts";
import { findAllFares, findPresaleTierRows, findProduct } from "../modules/catalog/index.ts";
import { findSlotOverviews, pickVariant } from "../modules/personalization/index.ts";
import { addDays, findCrossingRecord, findCrossings, findPortRecord } from "../modules/inventory/index.ts";
import { refusalOf } from "../tests/setup/refusal.ts";
import { openSnapshot, type DatabaseHandle } from "../tests/setup/db.ts";
import { firstMondayOfMarch } from "../tests/setup/dates.ts";
import { addAudience, changeAudience, retireAudience } from "./content-admin.ts";
import { addFare, addPresaleTier, changeComplementOffers, changePresaleTier, retireFare } from "./pricing-admin.ts";
import { changeCrossing, changePort, createCrossing, createPort } from "./records-admin.ts";
import { addSailingByHand, blockSailingSeats } from "./sailing-admin.ts";
import { createVessel } from "./timetable-admin.ts";

const DAY = firstMondayOfMarch(2031);
// The seeded promotions banner: a resident audience, a cart reminder and the default in each language.
const PROMOTIONS_BANNER_SLOT = "promotions-banner";
const NOW = new Date(`${addDays(DAY, -3)}T15:00:00Z`);
const ACTOR: AuditActor = { userId: null, label: "records-test", role: "admin" };

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

const db = () => database.db;
const staff = () => ({ db: db(), now: NOW, actor: ACTOR, requestId: "test-request" });
const latestAudit = async (entityType: string, entityId: string | null) =>
  (await findAuditEntries(db(), { entityType, ...(entityId === null ? {} : { entityId }), limit: 1 }))[0];
const text = (value: string) => ({ es: value, en: value, pt: value });
const portInput = (name: string) => ({
  name: text(name),
  place: text("Km 9.5, Cancún"),
  latitude: 21.135,
  longitude: -86.748,
});

describe("ports", () => {
  it("adds a pier with a unique code; refuses a bad form or a taken code, changing nothing", async () => {
    const port = await createPort(staff(), { code: "Playa-Caracol", ...portInput("Playa Caracol") });
    expect(port).toMatchObject({ code: "playa-caracol", active: true, name: { es: "Playa Caracol" } });
    expect(await latestAudit("port", String(port.id))).toMatchObject({ action: "port.create", outcome: "applied" });
    expect(await refusalOf(createPort(staff(), { code: "playa-caracol", ...portInput("Otra") }))).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "code", code: "taken" }],
    });
    const bad = await refusalOf(
      createPort(staff(), {
        code: "x",
        name: { es: "", en: "A", pt: "A" },
        place: text(""),
        latitude: 21,
        longitude: null,
      }),
    );
    expect(bad?.issues).toEqual([
      { path: "code", code: "format" },
      { path: "name.es", code: "required" },
      { path: "latitude", code: "both_or_neither" },
    ]);
    expect(await latestAudit("port", null)).toMatchObject({
      action: "port.create",
      outcome: "refused",
      reason: "INVALID_REQUEST",
    });
  });

  it("refuses to retire a pier a crossing in service uses, naming the crossings", async () => {
    const refusal = await refusalOf(
      changePort(staff(), PORT_ISLA_MUJERES, { ...portInput("Isla Mujeres"), active: false }),
    );
    expect(refusal).toEqual({
      code: "RECORD_IN_USE",
      issues: [
        { path: "crossing.cancun-isla-mujeres", code: "in_service" },
        { path: "crossing.isla-mujeres-cancun", code: "in_service" },
      ],
    });
    expect((await findPortRecord(db(), PORT_ISLA_MUJERES))?.active).toBe(true);
    expect(await latestAudit("port", String(PORT_ISLA_MUJERES))).toMatchObject({
      outcome: "refused",
      reason: "RECORD_IN_USE",
    });
  });
});

describe("crossings", () => {
  it("adds a crossing out of service, puts it in service, and retires it while nothing sails it", async () => {
    const caracol = await createPort(staff(), { code: "caracol-2", ...portInput("Caracol") });
    const crossing = await createCrossing(staff(), {
      code: "caracol-isla",
      fromPortId: caracol.id,
      toPortId: PORT_ISLA_MUJERES,
      durationMinutes: 30,
      sortOrder: 5,
    });
    expect(crossing).toMatchObject({ active: false, durationMinutes: 30 });
    expect((await findCrossings(db(), "en")).some((row) => row.code === "caracol-isla")).toBe(false);
    expect(
      await refusalOf(
        createCrossing(staff(), {
          code: "again",
          fromPortId: caracol.id,
          toPortId: PORT_ISLA_MUJERES,
          durationMinutes: 30,
          sortOrder: 0,
        }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "crossing.caracol-isla", code: "same_ports" }],
    });
    await changeCrossing(staff(), crossing.id, { durationMinutes: 25, sortOrder: 5, active: true });
    expect((await findCrossings(db(), "en")).find((row) => row.code === "caracol-isla")).toMatchObject({
      durationMinutes: 25,
      from: { code: "caracol-2" },
    });
    expect(await latestAudit("crossing", String(crossing.id))).toMatchObject({
      action: "crossing.update",
      outcome: "applied",
    });
    // The pier is now needed: it cannot retire until its crossing does.
    expect((await refusalOf(changePort(staff(), caracol.id, { ...portInput("Caracol"), active: false })))?.code).toBe(
      "RECORD_IN_USE",
    );
    await changeCrossing(staff(), crossing.id, { durationMinutes: 25, sortOrder: 5, active: false });
    expect((await changePort(staff(), caracol.id, { ...portInput("Caracol"), active: false })).active).toBe(false);
    // A retired pier takes no new crossing, and its crossing cannot go back in service.
    expect(
      await refusalOf(
        createCrossing(staff(), {
          code: "isla-caracol",
          fromPortId: PORT_ISLA_MUJERES,
          toPortId: caracol.id,
          durationMinutes: 30,
          sortOrder: 0,
        }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "toPortId", code: "port_retired" }],
    });
    expect(
      await refusalOf(changeCrossing(staff(), crossing.id, { durationMinutes: 25, sortOrder: 5, active: true })),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "port.caracol-2", code: "port_retired" }],
    });
  });

  it("refuses the same pier at both ends", async () => {
    expect(
      await refusalOf(
        createCrossing(staff(), {
          code: "loop",
          fromPortId: PORT_CANCUN,
          toPortId: PORT_CANCUN,
          durationMinutes: 30,
          sortOrder: 0,
        }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "toPortId", code: "same_as_from" }],
    });
  });

  it("refuses to retire a crossing a rule in force sails, then one with seats taken on a future sailing, naming them", async () => {
    const refusal = await refusalOf(
      changeCrossing(staff(), CROSSING_TO_ISLA, { durationMinutes: 25, sortOrder: 0, active: false }),
    );
    expect(refusal?.code).toBe("RECORD_IN_USE");
    expect(refusal?.issues).toContainEqual({ path: "rule.1", code: "in_force" });
    expect((await findCrossingRecord(db(), CROSSING_TO_ISLA))?.active).toBe(true);

    // A crossing of its own with no rule, one sailing added by hand and seats blocked on it.
    const from = await createPort(staff(), { code: "tortugas", ...portInput("Playa Tortugas") });
    const crossing = await createCrossing(staff(), {
      code: "tortugas-isla",
      fromPortId: from.id,
      toPortId: PORT_ISLA_MUJERES,
      durationMinutes: 30,
      sortOrder: 9,
    });
    await changeCrossing(staff(), crossing.id, { durationMinutes: 30, sortOrder: 9, active: true });
    const vessel = await createVessel(staff(), { code: "tortuga", name: "Tortuga", capacity: 80 });
    const sailing = await addSailingByHand(staff(), {
      crossingId: crossing.id,
      vesselId: vessel.id,
      date: DAY,
      time: "06:00",
      capacity: null,
    });
    await blockSailingSeats(staff(), sailing.id, 12, "group");
    expect(
      await refusalOf(changeCrossing(staff(), crossing.id, { durationMinutes: 30, sortOrder: 9, active: false })),
    ).toEqual({
      code: "RECORD_IN_USE",
      issues: [{ path: `sailing.${sailing.id}`, code: "taken:12" }],
    });
  });
});

describe("fare rows and presale tiers", () => {
  it("takes a fare row off the list and adds it back; refuses a duplicate, an infant row or a trip the product does not sell", async () => {
    const row = (await findAllFares(db())).find(
      (fare) =>
        fare.productId === FERRY_PRODUCT_ID &&
        fare.category === "resident" &&
        fare.passengerType === "child" &&
        fare.trip === "round_trip",
    )!;
    await retireFare(staff(), row.id);
    expect((await findAllFares(db())).some((fare) => fare.id === row.id)).toBe(false);
    expect(
      (await findProduct(db(), "en", { id: FERRY_PRODUCT_ID })).fares.some(
        (fare) => fare.category === "resident" && fare.passengerType === "child" && fare.trip === "round_trip",
      ),
    ).toBe(false);
    expect(await latestAudit("fare", String(row.id))).toMatchObject({
      action: "fare.retire",
      outcome: "applied",
      before: { amountMinor: 17000 },
    });
    expect((await refusalOf(retireFare(staff(), row.id)))?.code).toBe("NOT_FOUND");

    const fare = await addFare(staff(), {
      productId: FERRY_PRODUCT_ID,
      category: "resident",
      passengerType: "child",
      trip: "round_trip",
      amountMinor: 17500,
    });
    expect(fare).toMatchObject({
      productId: FERRY_PRODUCT_ID,
      category: "resident",
      passengerType: "child",
      trip: "round_trip",
      amountMinor: 17500,
    });
    expect(await latestAudit("fare", String(fare.id))).toMatchObject({ action: "fare.create", outcome: "applied" });
    expect(
      await refusalOf(
        addFare(staff(), {
          productId: FERRY_PRODUCT_ID,
          category: "resident",
          passengerType: "child",
          trip: "round_trip",
          amountMinor: 100,
        }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: `fare.${fare.id}`, code: "same_fare" }],
    });
    expect(
      await refusalOf(
        addFare(staff(), {
          productId: FERRY_PRODUCT_ID,
          category: "tourist",
          passengerType: "adult",
          trip: "single",
          amountMinor: 100,
        }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "trip", code: "not_sold_by_product" }],
    });
    expect(
      (
        await refusalOf(
          addFare(staff(), {
            productId: FERRY_PRODUCT_ID,
            category: "vip",
            passengerType: "infant",
            trip: "one_way",
            amountMinor: -1,
          }),
        )
      )?.issues,
    ).toEqual([
      { path: "category", code: "unknown" },
      { path: "passengerType", code: "infants_ride_free" },
      { path: "amount", code: "not_a_price" },
    ]);
    expect(
      (
        await refusalOf(
          addFare(staff(), {
            productId: 999_999,
            category: "tourist",
            passengerType: "adult",
            trip: "single",
            amountMinor: 100,
          }),
        )
      )?.code,
    ).toBe("UNKNOWN_PRODUCT");
  });

  it("adds a presale tier in force and refuses the same threshold twice", async () => {
    const tier = await addPresaleTier(staff(), {
      productId: FERRY_PRODUCT_ID,
      minDaysAhead: 45,
      discountBasisPoints: 1500,
    });
    expect(tier).toMatchObject({
      productId: FERRY_PRODUCT_ID,
      minDaysAhead: 45,
      discountBasisPoints: 1500,
      active: true,
    });
    expect((await findPresaleTierRows(db())).some((row) => row.id === tier.id)).toBe(true);
    expect(await latestAudit("presale_tier", String(tier.id))).toMatchObject({ action: "presale_tier.create" });
    expect(
      await refusalOf(
        addPresaleTier(staff(), { productId: FERRY_PRODUCT_ID, minDaysAhead: 45, discountBasisPoints: 500 }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: `tier.${tier.id}`, code: "same_tier" }],
    });
    expect(
      (await refusalOf(addPresaleTier(staff(), { productId: null, minDaysAhead: 0, discountBasisPoints: 9000 })))
        ?.issues,
    ).toEqual([
      { path: "minDaysAhead", code: "between_1_and_365" },
      { path: "discount", code: "between_0_and_50_percent" },
    ]);
  });

  it("changes a presale tier's discount and retires it by unticking it, audited before and after", async () => {
    const tier = await addPresaleTier(staff(), {
      productId: FERRY_PRODUCT_ID,
      minDaysAhead: 50,
      discountBasisPoints: 500,
    });
    const retired = await changePresaleTier(staff(), tier.id, { discountBasisPoints: 800, active: false });
    expect(retired).toMatchObject({ id: tier.id, discountBasisPoints: 800, active: false });
    expect((await findPresaleTierRows(db())).find((row) => row.id === tier.id)).toMatchObject({ active: false });
    expect(await latestAudit("presale_tier", String(tier.id))).toMatchObject({
      action: "presale_tier.update",
      before: { active: true, discountBasisPoints: 500 },
      after: { active: false, discountBasisPoints: 800 },
    });
    expect(
      (await refusalOf(changePresaleTier(staff(), tier.id, { discountBasisPoints: 6000, active: true })))?.code,
    ).toBe("INVALID_REQUEST");
    expect(
      (await refusalOf(changePresaleTier(staff(), 999_999, { discountBasisPoints: 100, active: true })))?.code,
    ).toBe("NOT_FOUND");
    expect((await findPresaleTierRows(db())).find((row) => row.id === tier.id)).toMatchObject({ active: false });
  });
});

describe("complements", () => {
  // Xenses' admission, offered with the ferry, both catamarans and the park's own two products.
  const XENSES = 106;
  const offersOf = async (productId: number) =>
    (await findProduct(db(), "en", { id: productId })).complements.map((complement) => complement.id);

  it("offers a complement with chosen products only, and retires it by offering it nowhere", async () => {
    expect(await offersOf(CATAMARAN_TOUR_ID)).toContain(XENSES);
    expect(await changeComplementOffers(staff(), XENSES, [FERRY_PRODUCT_ID])).toEqual([FERRY_PRODUCT_ID]);
    expect(await offersOf(FERRY_PRODUCT_ID)).toContain(XENSES);
    expect(await offersOf(CATAMARAN_TOUR_ID)).not.toContain(XENSES);
    expect(await latestAudit("complement", String(XENSES))).toMatchObject({
      action: "complement.offer",
      after: { offeredWith: [FERRY_PRODUCT_ID] },
    });

    await changeComplementOffers(staff(), XENSES, []);
    expect(await offersOf(FERRY_PRODUCT_ID)).not.toContain(XENSES);
    expect(await latestAudit("complement", String(XENSES))).toMatchObject({
      action: "complement.retire",
      before: { offeredWith: [FERRY_PRODUCT_ID] },
    });
    // Offered again, it goes last in the product's list.
    await changeComplementOffers(staff(), XENSES, [CATAMARAN_TOUR_ID]);
    expect((await offersOf(CATAMARAN_TOUR_ID)).at(-1)).toBe(XENSES);
  });

  it("refuses an unknown product or complement, changing nothing", async () => {
    expect(await refusalOf(changeComplementOffers(staff(), XENSES, [FERRY_PRODUCT_ID, 999_999]))).toEqual({
      code: "UNKNOWN_PRODUCT",
      issues: [{ path: "productId.999999", code: "unknown_product" }],
    });
    expect(await offersOf(FERRY_PRODUCT_ID)).not.toContain(XENSES);
    expect((await refusalOf(changeComplementOffers(staff(), FERRY_PRODUCT_ID, [])))?.code).toBe("NOT_FOUND");
  });
});

describe("audiences of a content slot", () => {
  const content = {
    tone: "default" as const,
    eyebrow: "",
    title: "Desde Playa del Carmen",
    bodyHtml: "<p>Hola</p>",
    cta: null,
  };
  const variantsIn = async (locale: string) =>
    (await findSlotOverviews(db()))
      .find((slot) => slot.id === PROMOTIONS_BANNER_SLOT)!
      .variants.filter((variant) => variant.locale === locale);

  it("adds an audience, changes its rule and retires it; the default stays", async () => {
    const audience = { "==": [{ var: "location.state" }, "ROO"] };
    const added = await addAudience(staff(), {
      slotId: PROMOTIONS_BANNER_SLOT,
      locale: "es",
      name: "from-playa",
      audience: { "==": [{ var: "location.city" }, "Playa del Carmen"] },
      content,
    });
    const withIt = await variantsIn("es");
    expect(withIt.find((variant) => variant.name === "from-playa")).toMatchObject({
      hasAudience: true,
      content: { title: "Desde Playa del Carmen" },
    });
    expect(await latestAudit("content_slot", `${PROMOTIONS_BANNER_SLOT}:es:from-playa`)).toMatchObject({
      action: "content_slot.audience_add",
      outcome: "applied",
    });

    const changed = await changeAudience(staff(), {
      slotId: PROMOTIONS_BANNER_SLOT,
      locale: "es",
      name: "from-playa",
      audience,
    });
    expect(changed.version).toBe(added.version + 1);
    const now = await variantsIn("es");
    expect(now.find((variant) => variant.name === "from-playa")?.audience).toEqual(audience);
    // The resident audience comes first, so a visitor from Quintana Roo still gets it.
    expect(
      pickVariant(
        now.map((variant) => ({ ...variant })),
        { location: { state: "ROO" } },
      )?.name,
    ).toBe("resident");

    await retireAudience(staff(), { slotId: PROMOTIONS_BANNER_SLOT, locale: "es", name: "from-playa" });
    expect((await variantsIn("es")).map((variant) => variant.name)).not.toContain("from-playa");
    expect((await variantsIn("en")).length).toBe(withIt.length - 1);
    expect(await latestAudit("content_slot", `${PROMOTIONS_BANNER_SLOT}:es:from-playa`)).toMatchObject({
      action: "content_slot.audience_retire",
      before: { audience },
    });
  });

  it("refuses retiring the default, a rule that is not JSON Logic, a taken name", async () => {
    expect(
      await refusalOf(retireAudience(staff(), { slotId: PROMOTIONS_BANNER_SLOT, locale: "es", name: "default" })),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "variant", code: "default_variant" }],
    });
    expect(await latestAudit("content_slot", `${PROMOTIONS_BANNER_SLOT}:es:default`)).toMatchObject({
      outcome: "refused",
      reason: "INVALID_REQUEST",
    });
    expect(
      (
        await refusalOf(
          changeAudience(staff(), {
            slotId: PROMOTIONS_BANNER_SLOT,
            locale: "es",
            name: "resident",
            audience: { eval: ["x"] },
          }),
        )
      )?.code,
    ).toBe("PERSONALIZATION_INVALID_QUERY");
    expect(
      await refusalOf(
        addAudience(staff(), {
          slotId: PROMOTIONS_BANNER_SLOT,
          locale: "es",
          name: "resident",
          audience: { var: "visitor.returning" },
          content,
        }),
      ),
    ).toEqual({
      code: "INVALID_REQUEST",
      issues: [{ path: "name", code: "taken" }],
    });
    expect((await variantsIn("es")).find((variant) => variant.name === "resident")?.audience).toEqual({
      "==": [{ var: "location.state" }, "ROO"],
    });
  });
});
