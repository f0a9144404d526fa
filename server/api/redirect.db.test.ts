// POST and GET /redirect/ through the whole app: a same-site path is kept in an HttpOnly cookie and
// given back; anything that could leave the site is refused with a code and keeps nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootSnapshot } from "../../tests/setup/db.ts";
import { createApp } from "../app.ts";
import type { Runtime } from "../boot.ts";

let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "production" });
  app = createApp(runtime.services, { ping: () => runtime.database.ping() });
});
afterAll(() => runtime.database.close());

const keep = (body: unknown) =>
  app.request("/redirect/", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("/redirect/", () => {
  it("keeps a route's path in an HttpOnly cookie and gives it back", async () => {
    const kept = await keep({ route: "|es|carrito|detalles-pago|" });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ route: "/es/carrito/detalles-pago/" });
    const cookie = kept.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^return_path=%2Fes%2Fcarrito%2Fdetalles-pago%2F;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    const back = await app.request("/redirect/", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await back.json()).toEqual({ route: "/es/carrito/detalles-pago/" });
  });

  it("answers null when nothing was kept, and checks a kept value again", async () => {
    expect(await (await app.request("/redirect/")).json()).toEqual({ route: null });
    const forged = await app.request("/redirect/", { headers: { Cookie: "return_path=%2F%2Fevil.example%2F" } });
    expect(await forged.json()).toEqual({ route: null });
  });

  it.each([
    ["another origin", { route: "https:||evil.example|" }, "INVALID_RETURN_PATH"],
    ["a protocol-relative path", { route: "||evil.example|" }, "INVALID_RETURN_PATH"],
    ["a backslash path", { route: "|\\evil.example" }, "INVALID_RETURN_PATH"],
    ["a header injection", { route: "|es|\r\nSet-Cookie: admin=1" }, "INVALID_RETURN_PATH"],
    ["no route", {}, "INVALID_REQUEST"],
    ["a route that is not text", { route: 42 }, "INVALID_REQUEST"],
    ["a body that is not JSON", "{nope", "INVALID_REQUEST"],
  ])("refuses %s with a code and keeps nothing", async (_label, body, code) => {
    const answer = await keep(body);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(code);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });
});
