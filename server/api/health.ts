// Liveness (/healthz: the process answers) and readiness (/readyz: it can serve, database included).
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "./openapi.ts";

const READY_TIMEOUT_MS = 2_000;

const HealthSchema = z.object({ status: z.literal("ok") }).openapi("Health");
const ReadinessSchema = z
  .object({
    status: z.enum(["ok", "draining", "unavailable"]),
    database: z.enum(["ok", "unreachable"]).optional(),
  })
  .openapi("Readiness");

export interface HealthOptions {
  ping: () => Promise<void>;
  isAcceptingTraffic?: () => boolean;
  onPingFailure: (error: unknown) => void;
}

export function healthRouter(options: HealthOptions) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: "get",
      path: "/healthz",
      tags: ["operations"],
      summary: "Liveness: the process is up",
      responses: { 200: { description: "Up", content: { "application/json": { schema: HealthSchema } } } },
    }),
    (c) => c.json({ status: "ok" as const }, 200),
  );
  router.openapi(
    createRoute({
      method: "get",
      path: "/readyz",
      tags: ["operations"],
      summary: "Readiness: the database answers and the process is not draining",
      responses: {
        200: { description: "Ready", content: { "application/json": { schema: ReadinessSchema } } },
        503: { description: "Not ready", content: { "application/json": { schema: ReadinessSchema } } },
      },
    }),
    async (c) => {
      if (options.isAcceptingTraffic && !options.isAcceptingTraffic())
        return c.json({ status: "draining" as const }, 503);
      try {
        await withTimeout(options.ping(), READY_TIMEOUT_MS);
        return c.json({ status: "ok" as const, database: "ok" as const }, 200);
      } catch (error) {
        options.onPingFailure(error);
        return c.json({ status: "unavailable" as const, database: "unreachable" as const }, 503);
      }
    },
  );
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
