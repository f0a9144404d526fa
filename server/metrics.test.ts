import { describe, expect, it } from "vitest";
import { createMetrics, routeLabel } from "./metrics.ts";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.ts";

describe("routeLabel keeps metric labels few", () => {
  it.each([
    ["/assets/entry.client-abc.js", "assets"],
    ["/api/cart/123/items", "/api/cart"],
    ["/healthz", "/healthz"],
    ["/readyz", "/readyz"],
    ["/metrics", "/metrics"],
    ["/es/rutas-horarios/", "page"],
    ["/healthz/extra", "page"],
    ["/google-enterprise/autocomplete", "/google-enterprise/autocomplete"],
    ["/reporting", "/reporting"],
    ["/google-enterprise/anything-else", "/google-enterprise"],
    ["/", "page"],
  ])("%s → %s", (path, label) => {
    expect(routeLabel(path)).toBe(label);
  });

  it("gives each app its own registry", async () => {
    const first = createMetrics();
    const second = createMetrics();
    first.httpDuration.observe({ method: "GET", route: "page", status: "200" }, 0.01);
    expect(await first.registry.metrics()).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="page",status="200"\} 1/,
    );
    expect(await second.registry.metrics()).not.toMatch(/http_request_duration_seconds_count\{/);
  });
});

describe("security headers", () => {
  it("enforces a nonce-based policy in production", () => {
    const headers = securityHeaders({ nonce: "abc123", production: true });
    expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy("abc123"));
    expect(headers["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(headers["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("leaves out the policy in development, where Vite injects inline scripts", () => {
    const headers = securityHeaders({ nonce: "abc123", production: false });
    expect(headers["Content-Security-Policy"]).toBeUndefined();
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(headers["X-Frame-Options"]).toBe("SAMEORIGIN");
  });
});
