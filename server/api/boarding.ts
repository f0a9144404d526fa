// The boarding API (ADR 0040), used by the scanner page on phones and by any other device:
// the signed list of a day's tickets for working offline, scans (one online, or a batch synced after
// working offline; idempotent by the device's scan id), and a sailing's live manifest, polled.
import type { MiddlewareHandler } from "hono";
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import { isLanguage } from "../../lib/language.ts";
import { boardingKeysOf } from "../../modules/boarding/index.ts";
import {
  buildBoardingList,
  manifestOf,
  MAX_SCANS_PER_SYNC,
  syncScans,
  type BoardingDeps,
} from "../../flows/boarding.ts";
import { createRouter, errorResponse, type ApiRouter } from "./openapi.ts";
import { forbiddenStaff, requireStaff, STAFF_SECURITY, staffOf, unauthorizedStaff } from "./staff-auth.ts";

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

const ScanSchema = z
  .object({
    id: z.string().uuid(),
    sailingId: z.number().int().positive(),
    payload: z.string().min(1).max(512),
    scannedAt: z.string().datetime({ offset: true }),
    offline: z.boolean(),
    deviceOutcome: z.enum(["boarded", "refused"]).nullable(),
  })
  .strict()
  .openapi("BoardingScan");

const ScanResultSchema = z
  .object({
    id: z.string(),
    outcome: z.enum(["boarded", "refused"]),
    reason: z.string().nullable(),
    code: z.string().nullable(),
    passengerType: z.enum(["adult", "child", "infant"]).nullable(),
    fareCategory: z.enum(["tourist", "resident"]).nullable(),
    passengerName: z.string().nullable(),
    bookingReference: z.string().nullable(),
    boardedAt: z.string().nullable(),
    boardedSailingId: z.number().int().nullable(),
    ticketSailingId: z.number().int().nullable(),
    conflict: z.boolean(),
  })
  .openapi("BoardingScanResult");

const SignedListSchema = z
  .object({
    list: z.string().openapi({ description: "The list as JSON text, exactly as signed" }),
    signature: z.string().openapi({ description: "ECDSA P-256 / SHA-256 over the list's UTF-8 bytes, r‖s, base64url" }),
    keyId: z.string(),
  })
  .openapi("SignedBoardingList");

export function boardingDepsOf(services: AppServices): BoardingDeps {
  return { db: services.db, now: services.clock.now(), ticketSigningSecret: services.config.TICKET_SIGNING_SECRET };
}

export function boardingRouter(services: AppServices) {
  const router = createRouter();
  const boarding = requireStaff(services, "boarding");

  registerBoardingList(router, services, boarding);
  registerBoardingKey(router, services);
  registerScans(router, services, boarding);
  registerManifest(router, services, boarding);
  return router;
}

function registerBoardingList(router: ApiRouter, services: AppServices, boarding: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/boarding/list",
      tags: ["boarding"],
      summary: "The signed list of a day's tickets, for a scanner to work offline",
      description:
        "Every ticket of the chosen sailings' day (all that day's sailings, so a wrong sailing is told from an unknown ticket) and the open tickets still good that day, with the MAC each QR carries. Signed with ECDSA P-256; the public key is `GET /api/boarding/key`. Good for 18 hours.",
      security: STAFF_SECURITY,
      middleware: [boarding] as const,
      request: {
        query: z.object({
          sailing: z.union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive()).max(40)]),
          lang: z.enum(["es", "en", "pt"]).default("es"),
        }),
      },
      responses: {
        200: { description: "The signed list", content: { "application/json": { schema: SignedListSchema } } },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("UNKNOWN_SAILING"),
      },
    }),
    async (c) => {
      const { sailing, lang } = c.req.valid("query");
      const ids = Array.isArray(sailing) ? sailing : [sailing];
      const signed = await buildBoardingList(
        { ...boardingDepsOf(services), keys: boardingKeysOf(services.config.TICKET_SIGNING_SECRET) },
        { sailingIds: ids, language: lang },
      );
      return c.json(signed, 200, NO_STORE);
    },
  );
}

function registerBoardingKey(router: ApiRouter, services: AppServices) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/boarding/key",
      tags: ["boarding"],
      summary: "The public key boarding lists are signed with (a JWK for WebCrypto)",
      responses: {
        200: {
          description: "The key",
          content: {
            "application/json": {
              schema: z.object({
                keyId: z.string(),
                jwk: z.object({ kty: z.literal("EC"), crv: z.literal("P-256"), x: z.string(), y: z.string() }),
              }),
            },
          },
        },
      },
    }),
    (c) => {
      const keys = boardingKeysOf(services.config.TICKET_SIGNING_SECRET);
      return c.json({ keyId: keys.keyId, jwk: keys.publicJwk }, 200, { "Cache-Control": "public, max-age=300" });
    },
  );
}

function registerScans(router: ApiRouter, services: AppServices, boarding: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/boarding/scans",
      tags: ["boarding"],
      summary: "Record scans: one online, or a device's queue after working offline",
      description: `Each scan is decided under the ticket's lock and recorded once by its id (a retried batch gets the same answers). A refusal is an outcome, not an error: reason TICKET_CODE_INVALID (forged or altered QR), TICKET_ALREADY_BOARDED (with when), TICKET_WRONG_SAILING, TICKET_WRONG_CROSSING (an open ticket on another crossing or direction than it was sold for), SAILING_NOT_TODAY (a sailing of another day), TICKET_CANCELLED, OPEN_TICKET_EXPIRED, SAILING_SOLD_OUT (an open ticket on a full sailing), SAILING_CLOSED. The first scan to reach the server boards; \`conflict\` marks a scan the device let through offline that had boarded elsewhere first. At most ${MAX_SCANS_PER_SYNC} a call.`,
      security: STAFF_SECURITY,
      middleware: [boarding] as const,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  deviceId: z.string().min(8).max(64),
                  scans: z.array(ScanSchema).min(1).max(MAX_SCANS_PER_SYNC),
                })
                .strict(),
            },
          },
        },
      },
      responses: {
        200: {
          description: "One result per scan, in the order sent",
          content: { "application/json": { schema: z.object({ results: z.array(ScanResultSchema) }) } },
        },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("UNKNOWN_SAILING"),
      },
    }),
    async (c) => {
      const { deviceId, scans } = c.req.valid("json");
      const results = await syncScans(
        boardingDepsOf(services),
        staffOf(c),
        scans.map((scan) => ({ ...scan, deviceId, scannedAt: new Date(scan.scannedAt) })),
        c.get("requestId" as never) ?? null,
      );
      return c.json({ results }, 200, NO_STORE);
    },
  );
}

function registerManifest(router: ApiRouter, services: AppServices, boarding: MiddlewareHandler) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/boarding/manifest/{sailingId}",
      tags: ["boarding"],
      summary:
        "A sailing's live manifest: booked, boarded, no-shows (after departure), capacity, passengers, refused scans",
      description:
        "Polled by the manifest page every few seconds; `version` changes whenever a scan of the sailing is recorded, on any node.",
      security: STAFF_SECURITY,
      middleware: [boarding] as const,
      request: {
        params: z.object({ sailingId: z.coerce.number().int().positive() }),
        query: z.object({ lang: z.string().optional() }),
      },
      responses: {
        200: {
          description: "The manifest",
          content: { "application/json": { schema: z.object({}).passthrough().openapi("Manifest") } },
        },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("UNKNOWN_SAILING"),
      },
    }),
    async (c) => {
      const lang = c.req.valid("query").lang;
      const manifest = await manifestOf(
        services.db,
        c.req.valid("param").sailingId,
        lang && isLanguage(lang) ? lang : "es",
        services.clock.now(),
      );
      return c.json(manifest, 200, NO_STORE);
    },
  );
}
