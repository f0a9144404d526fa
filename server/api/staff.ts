// The staff API (ADR 0036): who has a role, and granting or removing one. This is how the
// first administrator is made: with the deployment's ADMIN_API_TOKEN, after they registered and
// confirmed their e-mail on the site. Every change is audited with the actor.
import { createRoute, z } from "@hono/zod-openapi";
import type { AppServices } from "../edge/index.ts";
import { changeStaffRole } from "../../flows/staff.ts";
import { findStaffMembers, STAFF_ROLES } from "../../modules/identity/index.ts";
import { createRouter, errorResponse } from "./openapi.ts";
import { forbiddenStaff, requireStaff, STAFF_SECURITY, staffOf, unauthorizedStaff } from "./staff-auth.ts";

const StaffMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(STAFF_ROLES),
  })
  .openapi("StaffMember");

export function staffRouter(services: AppServices) {
  const router = createRouter();
  const gate = requireStaff(services, "staff.manage");
  router.openAPIRegistry.registerComponent("securitySchemes", "staffSession", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-session",
    description: "The site's session cookie of a staff account (the console in a browser)",
  });

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/staff",
      tags: ["staff"],
      summary: "Every account with a staff role",
      security: STAFF_SECURITY,
      middleware: [gate] as const,
      responses: {
        200: {
          description: "Admins first, then by e-mail",
          content: { "application/json": { schema: z.object({ staff: z.array(StaffMemberSchema) }) } },
        },
        401: unauthorizedStaff,
        403: forbiddenStaff,
      },
    }),
    async (c) => {
      const members = await findStaffMembers(services.db);
      c.header("Cache-Control", "no-store");
      return c.json({ staff: members.map(({ staffRole, ...member }) => ({ ...member, role: staffRole })) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/api/admin/staff",
      tags: ["staff"],
      summary: "Grant a staff role to a confirmed account, or remove it (role null)",
      security: STAFF_SECURITY,
      middleware: [gate] as const,
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({
                email: z.string().trim().min(3).max(254).openapi({ example: "ana@travesia.mx" }),
                role: z.enum(STAFF_ROLES).nullable(),
              }),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The role now held",
          content: {
            "application/json": { schema: StaffMemberSchema.extend({ role: z.enum(STAFF_ROLES).nullable() }) },
          },
        },
        401: unauthorizedStaff,
        403: errorResponse(
          "FORBIDDEN: the caller's role lacks staff.manage (audited); USER_NOT_CONFIRMED: the account has not confirmed its e-mail",
        ),
        404: errorResponse("NOT_FOUND: no account with that e-mail"),
        409: errorResponse("STAFF_SELF_DEMOTION: an administrator removing their own admin role"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const account = await changeStaffRole(
        services.db,
        staffOf(c),
        body,
        services.clock.now(),
        c.get("requestId" as never) ?? null,
      );
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          id: account.id,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.staffRole,
        },
        200,
      );
    },
  );
  return router;
}
