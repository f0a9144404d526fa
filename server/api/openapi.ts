// One zod schema validates a route and documents it. Every router of the public
// contract is an OpenAPIHono; a request that fails validation is refused with INVALID_REQUEST and the
// offending fields, never reaching a handler.
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Env } from "hono";
import { AppError, type ErrorIssue } from "../../lib/errors.ts";

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "INVALID_REQUEST" }),
      issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
      requestId: z.string().optional(),
    }),
  })
  .openapi("Error");

function toIssues(error: z.ZodError, target: string): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: [target, ...issue.path.map(String)].join("."), code: issue.code }));
}

export function createRouter<E extends Env>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError("INVALID_REQUEST", { issues: toIssues(result.error, result.target) });
    },
  });
}

/** The router an API module registers its routes on. */
export type ApiRouter<E extends Env = Env> = OpenAPIHono<E>;

/** A JSON error answer for the OpenAPI `responses` table of a route. */
export function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: ErrorSchema } } } as const;
}
