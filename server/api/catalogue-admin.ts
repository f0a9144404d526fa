// The operator's products API (ADR 0070): every product, retired ones included; a new product with its
// activity, texts, picture, age bands and fares; taking one off sale or back; a new complement. The
// same use cases as the console's Products page (flows/product-admin.ts): callers need the pricing
// permission, and every change and refusal is audited.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import type { StaffDeps } from "../../flows/staff-change.ts";
import { createComplement, createProduct, setProductOnSale } from "../../flows/product-admin.ts";
import { findProductRecords } from "../../modules/catalog/index.ts";
import { forbiddenStaff, requireStaff, staffOf, STAFF_SECURITY, unauthorizedStaff } from "./staff-auth.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const Localized = (max: number) =>
  z.object({ es: z.string().max(max), en: z.string().max(max), pt: z.string().max(max) }).strict();
const Amount = z.number().int().min(0).max(100_000_000).nullable();

const ProductRecordSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.string(),
    name: Localized(200),
    activityId: z.number().int().nullable(),
    active: z.boolean(),
    complementCode: z.string().nullable(),
  })
  .openapi("ProductRecord");

const ProductDraftSchema = z
  .object({
    code: z.string().max(40),
    kind: z.enum(["park_admission", "park_tour", "catamaran_tour"]),
    activityId: z.number().int(),
    name: Localized(80),
    summary: Localized(300),
    description: Localized(4000),
    image: z.string().max(300),
    imageAlt: Localized(160),
    childFromAge: z.number().int(),
    adultFromAge: z.number().int(),
    fares: z
      .object({ touristAdult: Amount, touristChild: Amount, residentAdult: Amount, residentChild: Amount })
      .strict()
      .openapi({ description: "MXN minor units; both resident fares or neither" }),
    sortOrder: z.number().int(),
  })
  .strict()
  .openapi("ProductDraft");

const ComplementDraftSchema = z
  .object({
    admissionId: z.number().int(),
    upgradeId: z.number().int(),
    code: z.string().max(40),
    businessUnit: z.string().max(80),
    businessUnitCode: z.string().max(10),
    image: z.string().max(300),
    title: Localized(120),
    subtitle: Localized(200),
    text: Localized(4000),
  })
  .strict()
  .openapi("ComplementDraft");

const productId = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .openapi({ param: { name: "id", in: "path" }, example: 105 }),
});

type Router = ReturnType<typeof createRouter>;
interface Deps {
  services: AppServices;
  pricing: ReturnType<typeof requireStaff>;
  depsOf: (c: Parameters<typeof staffOf>[0]) => StaffDeps;
}

export function catalogueAdminRouter(services: AppServices) {
  const router = createRouter();
  const deps: Deps = {
    services,
    pricing: requireStaff(services, "pricing"),
    depsOf: (c) => ({
      db: services.db,
      now: services.clock.now(),
      actor: staffOf(c),
      requestId: (c.get("requestId") as string | undefined) ?? null,
    }),
  };
  addListRoute(router, deps);
  addCreateRoute(router, deps);
  addChangeRoute(router, deps);
  addComplementRoute(router, deps);
  return router;
}

function addListRoute(router: Router, { services, pricing }: Deps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/products",
      tags: ["pricing"],
      summary: "Every product, retired ones included",
      security: STAFF_SECURITY,
      middleware: [pricing] as const,
      responses: {
        200: {
          description: "The products in the operator's order",
          content: { "application/json": { schema: z.object({ products: z.array(ProductRecordSchema) }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ products: await findProductRecords(services.db) }, 200),
  );
}

function addCreateRoute(router: Router, { pricing, depsOf }: Deps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/products",
      tags: ["pricing"],
      summary: "Add a product on sale, with its age bands and single-admission fares",
      security: STAFF_SECURITY,
      middleware: [pricing] as const,
      request: { body: { required: true, content: { "application/json": { schema: ProductDraftSchema } } } },
      responses: {
        201: {
          description: "The product",
          content: { "application/json": { schema: z.object({ product: ProductRecordSchema }) } },
        },
        400: errorResponse("INVALID_REQUEST: the issues name each wrong field (code taken, image image_address, …)"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ product: await createProduct(depsOf(c), c.req.valid("json")) }, 201),
  );
}

function addChangeRoute(router: Router, { pricing, depsOf }: Deps) {
  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/products/{id}",
      tags: ["pricing"],
      summary: "Retire a product (active false) or put it back on sale; bookings ahead keep their tickets",
      security: STAFF_SECURITY,
      middleware: [pricing] as const,
      request: {
        params: productId,
        body: {
          required: true,
          content: { "application/json": { schema: z.object({ active: z.boolean() }).strict() } },
        },
      },
      responses: {
        200: {
          description: "The product, and on retiring the bookings that still hold tickets for a day ahead",
          content: {
            "application/json": {
              schema: z.object({ product: ProductRecordSchema, bookingsAhead: z.array(z.string()) }),
            },
          },
        },
        400: errorResponse("INVALID_REQUEST: already on sale or already retired (product.<code>)"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("UNKNOWN_PRODUCT"),
        409: errorResponse("RECORD_IN_USE: the ferry, while a crossing is in service (crossing.<code> in_service)"),
      },
    }),
    async (c) => c.json(await setProductOnSale(depsOf(c), c.req.valid("param").id, c.req.valid("json").active), 200),
  );
}

function addComplementRoute(router: Router, { pricing, depsOf }: Deps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/complements",
      tags: ["pricing"],
      summary: "Make a complement of an admission and its tour, both on sale; offered with the admission",
      security: STAFF_SECURITY,
      middleware: [pricing] as const,
      request: { body: { required: true, content: { "application/json": { schema: ComplementDraftSchema } } } },
      responses: {
        201: {
          description: "The complement's code",
          content: { "application/json": { schema: z.object({ complement: z.object({ code: z.string() }) }) } },
        },
        400: errorResponse(
          "INVALID_REQUEST: a wrong field, a product retired or unknown, or the admission's complement exists",
        ),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ complement: await createComplement(depsOf(c), c.req.valid("json")) }, 201),
  );
}
