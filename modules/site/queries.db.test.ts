import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { buildSite } from "../../tests/factories/index.ts";
import { openSnapshot, type DatabaseHandle } from "../../tests/setup/db.ts";
import { findSiteConfig, sites } from "./index.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSnapshot();
});
afterAll(() => database.close());

describe("findSiteConfig", () => {
  it("reads the seeded site: three languages, Croct on, Uplift on", async () => {
    expect(await findSiteConfig(database.db, "travesia")).toEqual({
      code: "travesia",
      name: "Travesía",
      languages: ["es", "en", "pt"],
      flags: { enableCroct: true, enableCroctShopping: false, enableUplift: true },
    });
  });

  it("limits languages to the known ones, in the site's order", async () => {
    await database.db
      .insert(sites)
      .values(buildSite({ code: "partner", languages: ["pt", "fr", "es"], flags: { enableCroct: true } }));
    expect(await findSiteConfig(database.db, "partner")).toMatchObject({
      languages: ["pt", "es"],
      flags: { enableCroct: true },
    });
    await database.db.update(sites).set({ languages: [] }).where(eq(sites.code, "partner"));
    expect((await findSiteConfig(database.db, "partner")).languages).toEqual(["en"]);
  });

  it("fails with SERVICE_UNAVAILABLE for a site that is not configured", async () => {
    const failure = findSiteConfig(database.db, "nowhere");
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
  });
});
