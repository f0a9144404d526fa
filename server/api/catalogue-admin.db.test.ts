// The staff API of products (ADR 0070) over HTTP: a product added, refused for a bad field, retired and
// put back; the ferry's retirement refused while its crossings are in service; a complement made; and a
// caller without a staff token gets nothing. The use cases' breadth is in flows/product-admin.db.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FERRY_PRODUCT_ID } from "../../db/seed-catalogue.ts";
import { findAuditEntries } from "../../modules/audit/index.ts";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

const TOKEN = "catalogue-admin-test-token-0123456789abcdef";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production", ADMIN_API_TOKEN: TOKEN });
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

const call = (method: string, path: string, body?: unknown, token: string | null = TOKEN) =>
  app.request(path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const text = (value: string) => ({ es: value, en: value, pt: value });
const PRODUCT = {
  code: "xcaret-noche",
  kind: "park_admission",
  activityId: 11,
  name: text("Xcaret de noche"),
  summary: text("El espectáculo"),
  description: text(""),
  image: "/images/products/xcaret.svg",
  imageAlt: text(""),
  childFromAge: 5,
  adultFromAge: 12,
  fares: { touristAdult: 149_900, touristChild: 74_900, residentAdult: null, residentChild: null },
  sortOrder: 40,
};

describe("the products API", () => {
  it("refuses a caller without a staff token", async () => {
    expect((await call("GET", "/api/admin/products", undefined, null)).status).toBe(401);
  });

  it("adds a product, refuses a bad picture, retires it and puts it back", async () => {
    const bad = await call("POST", "/api/admin/products", { ...PRODUCT, image: "ftp://x" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "INVALID_REQUEST", issues: [{ path: "image", code: "image_address" }] },
    });
    const added = await call("POST", "/api/admin/products", PRODUCT);
    expect(added.status).toBe(201);
    const { product } = (await added.json()) as { product: { id: number; active: boolean } };
    expect(product.active).toBe(true);
    expect((await call("GET", `/api/products/${product.id}?language=es&currency=MXN`)).status).toBe(200);

    const retired = await call("PUT", `/api/admin/products/${product.id}`, { active: false });
    expect(retired.status).toBe(200);
    expect(await retired.json()).toMatchObject({ product: { active: false }, bookingsAhead: [] });
    expect((await call("GET", `/api/products/${product.id}?language=es&currency=MXN`)).status).toBe(404);
    const listed = (await (await call("GET", "/api/admin/products")).json()) as {
      products: { id: number; active: boolean }[];
    };
    expect(listed.products.find((item) => item.id === product.id)).toMatchObject({ active: false });
    const [entry] = await findAuditEntries(runtime.database.db, {
      entityType: "product",
      entityId: String(product.id),
      limit: 1,
    });
    expect(entry).toMatchObject({ action: "product.retire", outcome: "applied" });

    expect((await call("PUT", `/api/admin/products/${product.id}`, { active: true })).status).toBe(200);
    expect((await call("PUT", "/api/admin/products/999999", { active: false })).status).toBe(404);
  });

  it("refuses retiring the ferry while its crossings are in service", async () => {
    const refused = await call("PUT", `/api/admin/products/${FERRY_PRODUCT_ID}`, { active: false });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: {
        code: "RECORD_IN_USE",
        issues: expect.arrayContaining([{ path: "crossing.cancun-isla-mujeres", code: "in_service" }]),
      },
    });
  });

  it("makes a complement of two products on sale", async () => {
    const admission = (await (await call("POST", "/api/admin/products", { ...PRODUCT, code: "noche-b" })).json()) as {
      product: { id: number };
    };
    const tour = (await (
      await call("POST", "/api/admin/products", { ...PRODUCT, code: "noche-b-tour", kind: "park_tour" })
    ).json()) as { product: { id: number } };
    const made = await call("POST", "/api/admin/complements", {
      admissionId: admission.product.id,
      upgradeId: tour.product.id,
      code: "NB-ADM-TOUR",
      businessUnit: "Noche",
      businessUnitCode: "NB",
      image: "/images/products/xcaret.svg",
      title: text("Con transporte"),
      subtitle: text("Desde tu hotel"),
      text: text("Ida y vuelta."),
    });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ complement: { code: "NB-ADM-TOUR" } });
  });
});
