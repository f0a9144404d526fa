// The operator's inventory API: make the timetable's sailings for the sale window (also run at every
// start), and close or reopen sales of a sailing, a crossing's day, the port's day or an activity's
// day for weather or the port authority. Every call needs the admin bearer token.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../../app/context.ts";
import { AppError } from "../../lib/errors.ts";
import {
  MAX_GENERATION_DAYS,
  SALE_HORIZON_DAYS,
  closeSales,
  findActivities,
  findCrossing,
  isLocalDate,
  liftClosure,
  materializeSaleWindow,
  type Closure,
  type ClosureTarget,
} from "../../modules/inventory/index.ts";
import { forbiddenStaff, requireStaff, STAFF_SECURITY, unauthorizedStaff } from "./staff-auth.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const ClosureSchema = z
  .object({
    id: z.number().int(),
    sailingId: z.number().int().nullable(),
    crossing: z.string().nullable(),
    activityId: z.number().int().nullable(),
    date: z.string().nullable(),
    reason: z.enum(["weather", "port_authority"]),
    note: z.string().nullable(),
    createdAt: z.string(),
    liftedAt: z.string().nullable(),
  })
  .openapi("Closure");

function closureJson(closure: Closure, crossingCode: string | null) {
  return {
    id: closure.id,
    sailingId: closure.sailingId,
    crossing: crossingCode,
    activityId: closure.activityId,
    date: closure.serviceDate,
    reason: closure.reason,
    note: closure.note,
    createdAt: closure.createdAt.toISOString(),
    liftedAt: closure.liftedAt ? closure.liftedAt.toISOString() : null,
  };
}


export function inventoryAdminRouter(services: AppServices) {
  const router = createRouter();
  const admin = requireStaff(services, "closures");

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/sailings/materialize",
      tags: ["timetable"],
      summary: "Make the timetable's sailings from today for the sale window (idempotent)",
      description: `Inserts the sailings the timetable rules make and that do not exist yet; with \`prune\` (the default) it removes future sailings the rules no longer make when no seat was ever allocated on them and no closure names them. Runs at every start for ${SALE_HORIZON_DAYS} days.`,
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        body: {
          required: false,
          content: {
            "application/json": {
              schema: z
                .object({
                  days: z.number().int().min(0).max(MAX_GENERATION_DAYS - 1).default(SALE_HORIZON_DAYS),
                  prune: z.boolean().default(true),
                })
                .strict(),
            },
          },
        },
      },
      responses: {
        200: {
          description: "What was made",
          content: {
            "application/json": {
              schema: z.object({ from: z.string(), to: z.string(), planned: z.number().int(), inserted: z.number().int(), removed: z.number().int() }),
            },
          },
        },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => {
      const text = await c.req.text();
      let body: { days?: unknown; prune?: unknown } = {};
      if (text.trim() !== "") {
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          throw new AppError("INVALID_REQUEST", { issues: [{ path: "body", code: "invalid_json" }] });
        }
      }
      const parsed = z
        .object({ days: z.number().int().min(0).max(MAX_GENERATION_DAYS - 1).default(SALE_HORIZON_DAYS), prune: z.boolean().default(true) })
        .strict()
        .safeParse(body);
      if (!parsed.success) throw new AppError("INVALID_REQUEST", { issues: parsed.error.issues.map((issue) => ({ path: ["body", ...issue.path.map(String)].join("."), code: issue.code })) });
      const result = await materializeSaleWindow(services.db, services.clock.now(), parsed.data.days, parsed.data.prune);
      services.logger.info(result, "sailings materialized by the operator");
      return c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/closures",
      tags: ["timetable"],
      summary: "Close sales: one sailing, a crossing's day, the port's day (every crossing) or an activity's day",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  sailingId: z.number().int().positive().optional(),
                  crossing: z.string().max(64).optional().openapi({ description: "With date: that crossing's day" }),
                  activity: z.string().max(64).optional().openapi({ description: "With date: that activity's day (its code)" }),
                  date: z.string().max(32).optional().openapi({ description: "Alone: the port's day, every crossing", example: "2026-12-18" }),
                  reason: z.enum(["weather", "port_authority"]),
                  note: z.string().max(500).optional(),
                })
                .strict()
                .openapi("ClosureRequest"),
            },
          },
        },
      },
      responses: {
        201: { description: "The closure", content: { "application/json": { schema: z.object({ closure: ClosureSchema }) } } },
        400: errorResponse("INVALID_REQUEST or INVALID_DATE"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("UNKNOWN_SAILING, UNKNOWN_CROSSING or UNKNOWN_PRODUCT"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      let target: ClosureTarget;
      let crossingCode: string | null = null;
      if (body.sailingId !== undefined) {
        if (body.crossing !== undefined || body.activity !== undefined || body.date !== undefined) {
          throw new AppError("INVALID_REQUEST", { issues: [{ path: "body", code: "one_target" }] });
        }
        target = { sailingId: body.sailingId };
      } else {
        if (body.date === undefined || !isLocalDate(body.date)) throw new AppError("INVALID_DATE", { issues: [{ path: "body.date", code: "invalid_date" }] });
        if (body.crossing !== undefined && body.activity !== undefined) throw new AppError("INVALID_REQUEST", { issues: [{ path: "body", code: "one_target" }] });
        if (body.activity !== undefined) {
          const activity = (await findActivities(services.db, "en")).find((item) => item.code === body.activity);
          if (!activity) throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "body.activity", code: "unknown_activity" }] });
          target = { activityId: activity.id, date: body.date };
        } else {
          const crossing = body.crossing === undefined ? null : await findCrossing(services.db, body.crossing, "en");
          crossingCode = crossing?.code ?? null;
          target = { crossingId: crossing?.id ?? null, date: body.date };
        }
      }
      const closure = await closeSales(services.db, target, body.reason, body.note ?? null);
      services.logger.info({ closure: closure.id, reason: closure.reason }, "sales closed");
      return c.json({ closure: closureJson(closure, crossingCode) }, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/admin/closures/{id}",
      tags: ["timetable"],
      summary: "Lift a closure (sales reopen; the closure stays on record)",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).openapi({ param: { name: "id", in: "path" } }) }) },
      responses: {
        200: { description: "The lifted closure", content: { "application/json": { schema: z.object({ closure: ClosureSchema }) } } },
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no open closure with that id"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const closure = await liftClosure(services.db, id, services.clock.now());
      services.logger.info({ closure: closure.id }, "closure lifted");
      return c.json({ closure: closureJson(closure, null) }, 200);
    },
  );

  return router;
}
