// The sandbox Uplift script through the whole app: served as cacheable JavaScript at its path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootSnapshot } from "../tests/setup/db.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";
import { SANDBOX_UPLIFT_SCRIPT } from "./sandbox-uplift.ts";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production" });
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

describe("GET /sandbox-uplift/v1/up.js", () => {
  it("is JavaScript, cacheable for an hour and revalidated by its ETag", async () => {
    const response = await app.request("/sandbox-uplift/v1/up.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toBe(SANDBOX_UPLIFT_SCRIPT);
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await app.request("/sandbox-uplift/v1/up.js", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("is not a localized page: no language redirect", async () => {
    const response = await app.request("/sandbox-uplift/v1/up.js", { headers: { "Accept-Language": "es" } });
    expect(response.headers.get("Location")).toBeNull();
  });
});
