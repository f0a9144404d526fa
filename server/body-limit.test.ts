import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, routeClassOf } from "./body-limit.ts";

describe("routeClassOf", () => {
  it.each([
    ["/login", "json"],
    ["/xapi/shopping-cart", "json"],
    ["/api/payments/webhook", "json"],
    ["/client/web/track", "json"],
    ["/api/boarding/scans", "boarding-sync"],
    ["/es/carrito/mi-reserva/", "form"],
    ["/en/console/bookings/", "form"],
    ["/idp/interaction/abc/login", "form"],
    ["/pt/operador/produtos/", "picture-upload"],
    ["/en/operator/products/_.data", "picture-upload"],
    ["/en/operator/prices/_.data", "json"],
    ["/en/operator/prices/", "form"],
  ])("%s is %s", (path, routeClass) => {
    expect(routeClassOf(path)).toBe(routeClass);
  });

  it("gives JSON calls and forms 64 KiB, a scanner's sync 1 MiB and the products page's uploads 3 MiB", () => {
    expect(BODY_LIMIT_BYTES).toEqual({
      json: 65_536,
      "boarding-sync": 1_048_576,
      form: 65_536,
      "picture-upload": 3_145_728,
    });
  });
});
