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
  ])("%s is %s", (path, routeClass) => {
    expect(routeClassOf(path)).toBe(routeClass);
  });

  it("gives JSON calls and forms 64 KiB and a scanner's sync 1 MiB", () => {
    expect(BODY_LIMIT_BYTES).toEqual({ json: 65_536, "boarding-sync": 1_048_576, form: 65_536 });
  });
});
