// The public HTTP contract: every router is registered here and documented in one OpenAPI file.
import { healthRouter, type HealthOptions } from "./health.ts";
import { createRouter } from "./openapi.ts";

export const OPENAPI_PATH = "/api/openapi.json";

export interface ApiOptions {
  health: HealthOptions;
}

export function createApi(options: ApiOptions) {
  const api = createRouter();
  api.route("/", healthRouter(options.health));
  api.doc31(OPENAPI_PATH, {
    openapi: "3.1.0",
    info: {
      title: "Travesía API",
      version: "1",
      description:
        "Public contract of Travesía: the paths of the product specification §7 and our own under /api/. Errors are JSON `{ error: { code } }` with codes from the catalogue.",
    },
  });
  return api;
}
