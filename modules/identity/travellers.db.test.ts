// Saved travellers on the seeded database: kept per account, the same person once however typed,
// newest first, at most SAVED_TRAVELLERS_MAX, and never another account's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootCheckout, type CheckoutHarness } from "../../tests/factories/checkout.ts";
import { registerAccount } from "./accounts.ts";
import { findSavedTravellers, SAVED_TRAVELLERS_MAX, saveTravellers } from "./travellers.ts";

const NOW = new Date("2031-03-03T15:00:00Z");
let runtime: CheckoutHarness["runtime"];
beforeAll(async () => {
  ({ runtime } = await bootCheckout(NOW));
});
afterAll(() => runtime.database.close());
const db = () => runtime.database.db;

async function account(email: string): Promise<string> {
  const { userId } = await registerAccount(
    db(),
    {
      email,
      password: "sal-y-arena-2031",
      firstName: "Ana",
      lastName: "Pérez",
      countryIso3: null,
      state: null,
      language: "es",
    },
    NOW,
  );
  return userId;
}

describe("saved travellers", () => {
  it("keeps each person once, newest first, only for their own account", async () => {
    const ana = await account("ana.viajera@example.com");
    const other = await account("otra.cuenta@example.com");
    await saveTravellers(db(), ana, ["Ana Pérez", "  luis   gómez ", "x"], NOW);
    await saveTravellers(db(), ana, ["Luis Gómez", "Sofía Pérez"], new Date(NOW.getTime() + 60_000));
    expect(await findSavedTravellers(db(), ana)).toEqual(["Luis Gómez", "Sofía Pérez", "Ana Pérez"]);
    expect(await findSavedTravellers(db(), other)).toEqual([]);
  });

  it("keeps at most the newest SAVED_TRAVELLERS_MAX", async () => {
    const many = await account("muchos@example.com");
    const names = Array.from(
      { length: SAVED_TRAVELLERS_MAX + 5 },
      (_, index) => `Viajero ${String(index).padStart(2, "0")}`,
    );
    await saveTravellers(db(), many, names.slice(0, 10), NOW);
    await saveTravellers(db(), many, names.slice(10), new Date(NOW.getTime() + 60_000));
    const kept = await findSavedTravellers(db(), many);
    expect(kept).toHaveLength(SAVED_TRAVELLERS_MAX);
    expect(kept).toContain(names.at(-1));
  });
});
