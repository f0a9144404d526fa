// The operator's inventory API: make the timetable's sailings for the sale window (also run at every
// start), and close or reopen sales of a sailing, a crossing's day, the port's day or an activity's
// day for weather or the port authority (a sailing's holders are e-mailed, ADR 0038); the timetable's
// rules and the vessels. Every call needs a staff caller with the permission (timetable, closures),
// and every change and refusal is audited (flows/staff-change.ts).
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import { AppError } from "../../lib/errors.ts";
import {
  MAX_GENERATION_DAYS,
  SALE_HORIZON_DAYS,
  findActivities,
  findCrossing,
  isLocalDate,
  type Closure,
  type ClosureTarget,
} from "../../modules/inventory/index.ts";
import { closeSailings, reopenSailings } from "../../flows/sailing-closures.ts";
import type { StaffDeps } from "../../flows/staff-change.ts";
import {
  changeVessel,
  createVessel,
  deleteTimetableRuleOf,
  endTimetableRule,
  reactivateTimetableRule,
  regenerateSailings,
  saveTimetableRule,
} from "../../flows/timetable-admin.ts";
import { changeCrossing, changePort, createCrossing, createPort } from "../../flows/records-admin.ts";
import {
  findCrossingRecords,
  findPortRecords,
  findTimetableRules,
  findVessels,
} from "../../modules/inventory/index.ts";
import { forbiddenStaff, requireStaff, staffOf, STAFF_SECURITY, unauthorizedStaff } from "./staff-auth.ts";
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

const RuleSchema = z
  .object({
    id: z.number().int(),
    crossingId: z.number().int(),
    vesselId: z.number().int(),
    weekdays: z.array(z.number().int()),
    seasonStart: z.string().nullable(),
    seasonEnd: z.string().nullable(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    firstDeparture: z.string(),
    lastDeparture: z.string(),
    intervalMinutes: z.number().int(),
    priority: z.number().int(),
    active: z.boolean(),
    note: z.string().nullable(),
  })
  .openapi("TimetableRule");
const RuleInputSchema = z
  .object({
    crossingId: z.number().int(),
    vesselId: z.number().int(),
    weekdays: z.array(z.number().int()).max(7),
    seasonStart: z.string().max(5).nullable().optional(),
    seasonEnd: z.string().max(5).nullable().optional(),
    validFrom: z.string().max(10).nullable().optional(),
    validUntil: z.string().max(10).nullable().optional(),
    firstDeparture: z.string().max(8).openapi({ example: "09:00" }),
    lastDeparture: z.string().max(8).openapi({ example: "17:00" }),
    intervalMinutes: z.number().int(),
    priority: z.number().int().default(0),
    note: z.string().max(200).nullable().optional(),
  })
  .strict()
  .openapi("TimetableRuleInput");
const clashes = errorResponse(
  "TIMETABLE_CONFLICT (another rule of equal priority makes the same departure) or VESSEL_DOUBLE_BOOKED (the vessel would sail twice at once); the issues list every clash: path rule.<id>, code same_departure:<date>T<time> or vessel_busy:<date>T<time>/<other time>",
);
const materialized = z.object({
  from: z.string(),
  to: z.string(),
  planned: z.number().int(),
  inserted: z.number().int(),
  removed: z.number().int(),
});
const ruleId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .openapi({ param: { name: "id", in: "path" } }),
});
const VesselSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), capacity: z.number().int(), active: z.boolean() })
  .openapi("Vessel");

type InventoryAdminRouter = ReturnType<typeof createRouter>;

interface InventoryAdminDeps {
  services: AppServices;
  /** Callers with the closures permission. */
  admin: ReturnType<typeof requireStaff>;
  /** Callers with the timetable permission. */
  timetable: ReturnType<typeof requireStaff>;
  /** The deps of an audited change, for this request's staff caller. */
  depsOf: (c: Parameters<typeof staffOf>[0]) => StaffDeps;
}

export function inventoryAdminRouter(services: AppServices) {
  const router = createRouter();
  const deps: InventoryAdminDeps = {
    services,
    admin: requireStaff(services, "closures"),
    timetable: requireStaff(services, "timetable"),
    depsOf: (c) => ({
      db: services.db,
      now: services.clock.now(),
      actor: staffOf(c),
      requestId: (c.get("requestId") as string | undefined) ?? null,
    }),
  };
  addMaterializeRoute(router, deps);
  addCloseRoute(router, deps);
  addLiftClosureRoute(router, deps);
  addListRulesRoute(router, deps);
  addAddRuleRoute(router, deps);
  addReplaceRuleRoute(router, deps);
  addEndRuleRoute(router, deps);
  addListVesselsRoute(router, deps);
  addChangeVesselRoute(router, deps);
  addCreateVesselRoute(router, deps);
  addDeleteRuleRoute(router, deps);
  addReactivateRuleRoute(router, deps);
  addListPortsRoute(router, deps);
  addCreatePortRoute(router, deps);
  addChangePortRoute(router, deps);
  addCreateCrossingRoute(router, deps);
  addChangeCrossingRoute(router, deps);
  return router;
}

/** Make the timetable's sailings from today for the sale window (idempotent). */
function addMaterializeRoute(router: InventoryAdminRouter, { services, timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/sailings/materialize",
      tags: ["timetable"],
      summary: "Make the timetable's sailings from today for the sale window (idempotent)",
      description: `Inserts the sailings the timetable rules make and that do not exist yet; with \`prune\` (the default) it removes future sailings the rules no longer make when no seat was ever allocated on them and no closure names them. Runs at every start for ${SALE_HORIZON_DAYS} days.`,
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        body: {
          required: false,
          content: {
            "application/json": {
              schema: z
                .object({
                  days: z
                    .number()
                    .int()
                    .min(0)
                    .max(MAX_GENERATION_DAYS - 1)
                    .default(SALE_HORIZON_DAYS),
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
              schema: z.object({
                from: z.string(),
                to: z.string(),
                planned: z.number().int(),
                inserted: z.number().int(),
                removed: z.number().int(),
              }),
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
        .object({
          days: z
            .number()
            .int()
            .min(0)
            .max(MAX_GENERATION_DAYS - 1)
            .default(SALE_HORIZON_DAYS),
          prune: z.boolean().default(true),
        })
        .strict()
        .safeParse(body);
      if (!parsed.success)
        throw new AppError("INVALID_REQUEST", {
          issues: parsed.error.issues.map((issue) => ({
            path: ["body", ...issue.path.map(String)].join("."),
            code: issue.code,
          })),
        });
      const result = await regenerateSailings(depsOf(c), parsed.data.days, parsed.data.prune);
      services.logger.info(result, "sailings materialized by the operator");
      return c.json(result, 200);
    },
  );
}

/** Close sales: one sailing, a crossing's day, the port's day (every crossing) or an activity's day. */
function addCloseRoute(router: InventoryAdminRouter, { services, admin, depsOf }: InventoryAdminDeps) {
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
                  activity: z
                    .string()
                    .max(64)
                    .optional()
                    .openapi({ description: "With date: that activity's day (its code)" }),
                  date: z
                    .string()
                    .max(32)
                    .optional()
                    .openapi({ description: "Alone: the port's day, every crossing", example: "2026-12-18" }),
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
        201: {
          description:
            "The closure, and how many bookings holding tickets on the closed sailings were e-mailed the offer (another sailing or open tickets)",
          content: { "application/json": { schema: z.object({ closure: ClosureSchema, notified: z.number().int() }) } },
        },
        400: errorResponse("INVALID_REQUEST or INVALID_DATE"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("UNKNOWN_SAILING, UNKNOWN_CROSSING or UNKNOWN_PRODUCT"),
        409: errorResponse("ALREADY_CLOSED, SAILING_DEPARTED or DATE_IN_PAST"),
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
        if (body.date === undefined || !isLocalDate(body.date))
          throw new AppError("INVALID_DATE", { issues: [{ path: "body.date", code: "invalid_date" }] });
        if (body.crossing !== undefined && body.activity !== undefined)
          throw new AppError("INVALID_REQUEST", { issues: [{ path: "body", code: "one_target" }] });
        if (body.activity !== undefined) {
          const activity = (await findActivities(services.db, "en")).find((item) => item.code === body.activity);
          if (!activity)
            throw new AppError("UNKNOWN_PRODUCT", { issues: [{ path: "body.activity", code: "unknown_activity" }] });
          target = { activityId: activity.id, date: body.date };
        } else {
          const crossing = body.crossing === undefined ? null : await findCrossing(services.db, body.crossing, "en");
          crossingCode = crossing?.code ?? null;
          target = { crossingId: crossing?.id ?? null, date: body.date };
        }
      }
      // Whatever the target, its holders are told in their language (another sailing or day, or open tickets).
      const { closure, notified } = await closeSailings(depsOf(c), target, body.reason, body.note ?? null);
      services.logger.info({ closure: closure.id, reason: closure.reason, notified }, "sales closed");
      return c.json({ closure: closureJson(closure, crossingCode), notified }, 201);
    },
  );
}

/** Lift a closure (sales reopen; the closure stays on record). */
function addLiftClosureRoute(router: InventoryAdminRouter, { services, admin, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/admin/closures/{id}",
      tags: ["timetable"],
      summary: "Lift a closure (sales reopen; the closure stays on record)",
      security: STAFF_SECURITY,
      middleware: [admin] as const,
      request: {
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .max(2_147_483_647)
            .openapi({ param: { name: "id", in: "path" } }),
        }),
      },
      responses: {
        200: {
          description: "The lifted closure",
          content: { "application/json": { schema: z.object({ closure: ClosureSchema }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no closure with that id"),
        409: errorResponse("SAILING_NOT_CLOSED: the closure was lifted already"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const closure = await reopenSailings(depsOf(c), id);
      services.logger.info({ closure: closure.id }, "closure lifted");
      return c.json({ closure: closureJson(closure, null) }, 200);
    },
  );
}

/** Every timetable rule, active or ended. */
function addListRulesRoute(router: InventoryAdminRouter, { services, timetable }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/timetable-rules",
      tags: ["timetable"],
      summary: "Every timetable rule, active or ended",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      responses: {
        200: {
          description: "The rules",
          content: { "application/json": { schema: z.object({ rules: z.array(RuleSchema) }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) =>
      c.json(
        { rules: (await findTimetableRules(services.db)).map((rule) => ({ ...rule, weekdays: [...rule.weekdays] })) },
        200,
      ),
  );
}

/** Add a timetable rule (checked for clashes) and make its sailings. */
function addAddRuleRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/timetable-rules",
      tags: ["timetable"],
      summary: "Add a timetable rule (checked for clashes) and make its sailings",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: { body: { required: true, content: { "application/json": { schema: RuleInputSchema } } } },
      responses: {
        201: {
          description: "The rule and the sailings made",
          content: { "application/json": { schema: z.object({ rule: RuleSchema, materialized }) } },
        },
        400: errorResponse("INVALID_REQUEST: the issues name each wrong field"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        409: clashes,
      },
    }),
    async (c) => {
      const { rule, materialized: made } = await saveTimetableRule(depsOf(c), null, c.req.valid("json"));
      return c.json({ rule: { ...rule, weekdays: [...rule.weekdays] }, materialized: made }, 201);
    },
  );
}

/** Replace a timetable rule (checked for clashes); unsold sailings follow it, sold ones stay. */
function addReplaceRuleRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/timetable-rules/{id}",
      tags: ["timetable"],
      summary: "Replace a timetable rule (checked for clashes); unsold sailings follow it, sold ones stay",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        params: ruleId,
        body: { required: true, content: { "application/json": { schema: RuleInputSchema } } },
      },
      responses: {
        200: {
          description: "The rule and the sailings made",
          content: { "application/json": { schema: z.object({ rule: RuleSchema, materialized }) } },
        },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no rule with that id"),
        409: clashes,
      },
    }),
    async (c) => {
      const { rule, materialized: made } = await saveTimetableRule(
        depsOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ rule: { ...rule, weekdays: [...rule.weekdays] }, materialized: made }, 200);
    },
  );
}

/** End a rule after a last day (unsold sailings after it go; sold ones stay for a closure). */
function addEndRuleRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/timetable-rules/{id}/end",
      tags: ["timetable"],
      summary: "End a rule after a last day (unsold sailings after it go; sold ones stay for a closure)",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        params: ruleId,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({ lastDay: z.string().max(10).openapi({ example: "2026-12-31" }) }).strict(),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The ended rule",
          content: { "application/json": { schema: z.object({ rule: RuleSchema, materialized }) } },
        },
        400: errorResponse("INVALID_DATE or DATE_IN_PAST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no rule with that id"),
      },
    }),
    async (c) => {
      const { rule, materialized: made } = await endTimetableRule(
        depsOf(c),
        c.req.valid("param").id,
        c.req.valid("json").lastDay,
      );
      return c.json({ rule: { ...rule, weekdays: [...rule.weekdays] }, materialized: made }, 200);
    },
  );
}

/** The fleet. */
function addListVesselsRoute(router: InventoryAdminRouter, { services, timetable }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/vessels",
      tags: ["timetable"],
      summary: "The fleet",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      responses: {
        200: {
          description: "The vessels",
          content: { "application/json": { schema: z.object({ vessels: z.array(VesselSchema) }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ vessels: await findVessels(services.db) }, 200),
  );
}

/** Rename a vessel or change its seats (applied to its sailings not yet departed). */
function addChangeVesselRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/vessels/{id}",
      tags: ["timetable"],
      summary: "Rename a vessel or change its seats (applied to its sailings not yet departed)",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        params: ruleId,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({ name: z.string().max(80), capacity: z.number().int(), active: z.boolean() }).strict(),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The vessel and how many future sailings took the capacity",
          content: {
            "application/json": { schema: z.object({ vessel: VesselSchema, sailingsUpdated: z.number().int() }) },
          },
        },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no vessel with that id"),
        409: errorResponse(
          "CAPACITY_BELOW_SOLD: the issues name each sailing (sailing.<id>) and its seats taken (taken:<n>)",
        ),
      },
    }),
    async (c) => c.json(await changeVessel(depsOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );
}
const Localized = z.object({ es: z.string().max(200), en: z.string().max(200), pt: z.string().max(200) }).strict();
const PortSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: Localized,
    place: Localized,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    active: z.boolean(),
  })
  .openapi("PortRecord");
const PortInputSchema = z.object({
  name: Localized,
  place: Localized,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
const CrossingSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    fromPortId: z.number().int(),
    toPortId: z.number().int(),
    durationMinutes: z.number().int(),
    sortOrder: z.number().int(),
    active: z.boolean(),
  })
  .openapi("CrossingRecord");
const inUse = errorResponse(
  "RECORD_IN_USE: the issues name what still needs it (crossing.<code> in_service; rule.<id> in_force; sailing.<id> taken:<n>)",
);

/** Add a vessel to the fleet, in service. */
function addCreateVesselRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/vessels",
      tags: ["timetable"],
      summary: "Add a vessel to the fleet, in service",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({ code: z.string().max(40), name: z.string().max(80), capacity: z.number().int() })
                .strict(),
            },
          },
        },
      },
      responses: {
        201: {
          description: "The vessel",
          content: { "application/json": { schema: z.object({ vessel: VesselSchema }) } },
        },
        400: errorResponse(
          "INVALID_REQUEST: a malformed or taken code (path code, code taken), a name or capacity out of range",
        ),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ vessel: await createVessel(depsOf(c), c.req.valid("json")) }, 201),
  );
}

/** Delete a rule; its sailings with seats taken stay as sailings added by hand. */
function addDeleteRuleRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/admin/timetable-rules/{id}",
      tags: ["timetable"],
      summary: "Delete a rule: its unsold future sailings go; sailings with seats taken stay as sailings added by hand",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: { params: ruleId },
      responses: {
        200: {
          description: "The sale window made again",
          content: { "application/json": { schema: z.object({ materialized }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no rule with that id"),
      },
    }),
    async (c) => c.json(await deleteTimetableRuleOf(depsOf(c), c.req.valid("param").id), 200),
  );
}

/** Put an ended rule back in force. */
function addReactivateRuleRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/timetable-rules/{id}/reactivate",
      tags: ["timetable"],
      summary: "Put an ended rule back in force with no last day (checked for clashes like a new rule)",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: { params: ruleId },
      responses: {
        200: {
          description: "The rule and the sailings made",
          content: { "application/json": { schema: z.object({ rule: RuleSchema, materialized }) } },
        },
        400: errorResponse("INVALID_REQUEST: the rule has not ended (rule.id → not_ended)"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no rule with that id"),
        409: clashes,
      },
    }),
    async (c) => {
      const { rule, materialized: made } = await reactivateTimetableRule(depsOf(c), c.req.valid("param").id);
      return c.json({ rule: { ...rule, weekdays: [...rule.weekdays] }, materialized: made }, 200);
    },
  );
}

/** Every pier and crossing, retired ones included. */
function addListPortsRoute(router: InventoryAdminRouter, { services, timetable }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/ports",
      tags: ["timetable"],
      summary: "Every pier and crossing, retired ones included",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      responses: {
        200: {
          description: "Piers and crossings",
          content: {
            "application/json": {
              schema: z.object({ ports: z.array(PortSchema), crossings: z.array(CrossingSchema) }),
            },
          },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) =>
      c.json({ ports: await findPortRecords(services.db), crossings: await findCrossingRecords(services.db) }, 200),
  );
}

/** Add a pier, in service. */
function addCreatePortRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/ports",
      tags: ["timetable"],
      summary: "Add a pier, in service",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        body: {
          required: true,
          content: { "application/json": { schema: PortInputSchema.extend({ code: z.string().max(40) }).strict() } },
        },
      },
      responses: {
        201: { description: "The pier", content: { "application/json": { schema: z.object({ port: PortSchema }) } } },
        400: errorResponse(
          "INVALID_REQUEST: the issues name each wrong field (code taken, name.<language> required, …)",
        ),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ port: await createPort(depsOf(c), c.req.valid("json")) }, 201),
  );
}

/** Change a pier, or retire it. */
function addChangePortRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/ports/{id}",
      tags: ["timetable"],
      summary: "Change a pier, or retire it (active false; refused while a crossing in service uses it)",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        params: ruleId,
        body: {
          required: true,
          content: { "application/json": { schema: PortInputSchema.extend({ active: z.boolean() }).strict() } },
        },
      },
      responses: {
        200: { description: "The pier", content: { "application/json": { schema: z.object({ port: PortSchema }) } } },
        400: errorResponse("INVALID_REQUEST"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no pier with that id"),
        409: inUse,
      },
    }),
    async (c) => c.json({ port: await changePort(depsOf(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  );
}

/** Add a crossing between two piers in service. */
function addCreateCrossingRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/crossings",
      tags: ["timetable"],
      summary: "Add a crossing between two piers in service; it starts out of service",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  code: z.string().max(40),
                  fromPortId: z.number().int(),
                  toPortId: z.number().int(),
                  durationMinutes: z.number().int(),
                  sortOrder: z.number().int().default(0),
                })
                .strict(),
            },
          },
        },
      },
      responses: {
        201: {
          description: "The crossing",
          content: { "application/json": { schema: z.object({ crossing: CrossingSchema }) } },
        },
        400: errorResponse(
          "INVALID_REQUEST: code taken, same piers as another crossing, a pier retired or unknown, a duration out of range",
        ),
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => c.json({ crossing: await createCrossing(depsOf(c), c.req.valid("json")) }, 201),
  );
}

/** Change a crossing, put it in service, or retire it. */
function addChangeCrossingRoute(router: InventoryAdminRouter, { timetable, depsOf }: InventoryAdminDeps) {
  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/crossings/{id}",
      tags: ["timetable"],
      summary: "Change a crossing's minutes at sea or order, put it in service, or retire it",
      security: STAFF_SECURITY,
      middleware: [timetable] as const,
      request: {
        params: ruleId,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({ durationMinutes: z.number().int(), sortOrder: z.number().int(), active: z.boolean() })
                .strict(),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The crossing",
          content: { "application/json": { schema: z.object({ crossing: CrossingSchema }) } },
        },
        400: errorResponse("INVALID_REQUEST: a field out of range, or a pier retired (port.<code> port_retired)"),
        401: unauthorizedStaff,
        403: forbiddenStaff,
        404: errorResponse("NOT_FOUND: no crossing with that id"),
        409: inUse,
      },
    }),
    async (c) =>
      c.json({ crossing: await changeCrossing(depsOf(c), c.req.valid("param").id, c.req.valid("json")) }, 200),
  );
}
