import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { RebuildResult } from "../modules/search/index.ts";

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

/** The search index's last build, read when /metrics is scraped. */
export function registerSearchMetrics(registry: Registry, search: { readonly lastBuild: RebuildResult }): void {
  new Gauge({
    name: "search_index_build_seconds",
    help: "How long the last build of the site search index took (documents read and indexed)",
    registers: [registry],
    collect() {
      this.set(search.lastBuild.ms / 1000);
    },
  });
  new Gauge({
    name: "search_index_indexing_seconds",
    help: "The indexing part of the last search index build, without reading the documents",
    registers: [registry],
    collect() {
      this.set(search.lastBuild.indexMs / 1000);
    },
  });
  new Gauge({
    name: "search_index_documents",
    help: "Documents in the site search index, all languages",
    registers: [registry],
    collect() {
      this.set(search.lastBuild.documents);
    },
  });
}

/** The admission gate's counts (ADR 0053): in flight, waiting by class, refused since start. */
export function registerAdmissionMetrics(
  registry: Registry,
  gate: {
    stats(): { inFlight: number; waitingBuyers: number; waitingVisitors: number; refused: number };
    readonly limits: { concurrency: number; buyerConcurrency: number };
  },
): void {
  new Gauge({
    name: "admission_places",
    help: "Requests this process admits at once: visitors' places, and all requests together (buyers fill the rest)",
    labelNames: ["class"],
    registers: [registry],
    collect() {
      this.set({ class: "visitor" }, gate.limits.concurrency);
      this.set({ class: "all" }, gate.limits.buyerConcurrency);
    },
  });
  new Gauge({
    name: "admission_in_flight",
    help: "Requests this process is serving now (admission control)",
    registers: [registry],
    collect() {
      this.set(gate.stats().inFlight);
    },
  });
  new Gauge({
    name: "admission_waiting",
    help: "Requests waiting for a place, by class",
    labelNames: ["class"],
    registers: [registry],
    collect() {
      const stats = gate.stats();
      this.set({ class: "buyer" }, stats.waitingBuyers);
      this.set({ class: "visitor" }, stats.waitingVisitors);
    },
  });
  new Gauge({
    name: "admission_refused",
    help: "Requests refused at once as the process was full, since it started",
    registers: [registry],
    collect() {
      this.set(gate.stats().refused);
    },
  });
}

/** The search service's paths; any other path under /google-enterprise/ is one label. */
const SEARCH_ROUTES = new Set([
  "/google-enterprise/token",
  "/google-enterprise/autocomplete",
  "/google-enterprise/search",
  "/google-enterprise/answer",
  "/google-enterprise/analytics",
  "/reporting",
]);

/** Low-cardinality label for a path: the kind of endpoint, never the raw URL. */
export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "assets";
  if (SEARCH_ROUTES.has(pathname)) return pathname;
  if (pathname.startsWith("/google-enterprise/")) return "/google-enterprise";
  if (pathname.startsWith("/api/")) return pathname.split("/").slice(0, 3).join("/");
  if (/^\/(healthz|readyz|metrics)$/.test(pathname)) return pathname;
  return "page";
}
