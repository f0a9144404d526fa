// The public HTTP contract: every router is registered here and documented in one OpenAPI file.
import type { AppServices } from "../edge/index.ts";
import { boardingRouter } from "./boarding.ts";
import { bookingsRouter } from "./bookings.ts";
import { catalogueRouter } from "./catalogue.ts";
import { currencyRouter } from "./currencies.ts";
import { exchangeRateRouter } from "./exchange-rates.ts";
import { gtfsRouter } from "./gtfs.ts";
import { healthRouter, type HealthOptions } from "./health.ts";
import { inventoryAdminRouter } from "./inventory-admin.ts";
import { catalogueAdminRouter } from "./catalogue-admin.ts";
import { newsletterRouter } from "./newsletter.ts";
import { createRouter } from "./openapi.ts";
import { personalizationRouter } from "./personalization.ts";
import { redirectRouter } from "./redirect.ts";
import { sandboxPspRouter } from "./sandbox-psp.ts";
import { shoppingCartRouter } from "./shopping-cart.ts";
import { salesReportsRouter } from "./sales-reports.ts";
import { staffRouter } from "./staff.ts";
import { searchRouter } from "./search.ts";
import { usersRouter } from "./users.ts";
import { webhooksAdminRouter } from "./webhooks-admin.ts";

export const OPENAPI_PATH = "/api/openapi.json";

export interface ApiOptions {
  health: HealthOptions;
  services: AppServices;
}

export function createApi(options: ApiOptions) {
  const api = createRouter();
  api.route("/", healthRouter(options.health));
  api.route("/", currencyRouter(options.services));
  api.route("/", exchangeRateRouter(options.services));
  api.route("/", catalogueRouter(options.services));
  api.route("/", inventoryAdminRouter(options.services));
  api.route("/", catalogueAdminRouter(options.services));
  api.route("/", shoppingCartRouter(options.services));
  api.route("/", usersRouter(options.services));
  api.route("/", redirectRouter(options.services));
  api.route("/", searchRouter(options.services));
  api.route("/", sandboxPspRouter(options.services));
  api.route("/", bookingsRouter(options.services));
  api.route("/", boardingRouter(options.services));
  api.route("/", newsletterRouter(options.services));
  api.route("/", personalizationRouter(options.services));
  api.route("/", staffRouter(options.services));
  api.route("/", webhooksAdminRouter(options.services));
  api.route("/", gtfsRouter(options.services));
  api.route("/", salesReportsRouter(options.services));
  api.doc31(OPENAPI_PATH, {
    openapi: "3.1.0",
    info: {
      title: "Travesía API",
      version: "1",
      description:
        "Public contract of Travesía: the paths of the public contract and our own under /api/. Errors are JSON `{ error: { code } }` with codes from the catalogue.",
    },
  });
  return api;
}
