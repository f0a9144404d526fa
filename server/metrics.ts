import { Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
}

/** One registry per app instance (tests create several apps in one process). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, httpDuration };
}

/** Low-cardinality label for a path: the kind of endpoint, never the raw URL. */
export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname.startsWith("/api/")) return pathname.split("/").slice(0, 3).join("/");
  if (/^\/(healthz|readyz|metrics)$/.test(pathname)) return pathname;
  return "page";
}
