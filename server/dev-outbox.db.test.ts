// The development outbox viewer: mounted outside production only, escapes what it lists, shows a
// message's HTML sandboxed and its raw .eml.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootSnapshot } from "../tests/setup/db.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";

let runtime: Runtime;

beforeAll(async () => {
  runtime = await bootSnapshot({ NODE_ENV: "development" });
});

afterAll(async () => {
  await runtime?.database.close();
});

describe("/dev/outbox", () => {
  it("lists kept mail newest first with escaped subjects, and serves each one's HTML and raw message", async () => {
    expect(runtime.services.mailer.transport).toBe("outbox");
    const older = await runtime.services.mailer.send({
      to: "older@example.com",
      subject: "Older",
      text: "x",
      html: "<p>x</p>",
      language: "en",
      tag: "test",
    });
    const sent = await runtime.services.mailer.send({
      to: "ana@example.com",
      subject: "Reserva <script>alert(1)</script> & más",
      text: "Hola",
      html: "<p>Hola <b>Ana</b></p>",
      language: "es",
      tag: "booking-confirmation",
    });
    const app = createApp(runtime.services, { ping: runtime.database.ping });

    const list = await app.request("/dev/outbox");
    expect(list.status).toBe(200);
    const page = await list.text();
    expect(page).toContain("Reserva &#60;script&#62;alert(1)&#60;/script&#62; &#38; más");
    expect(page).not.toContain("<script>alert(1)");
    expect(page.indexOf(`/dev/outbox/${sent.outboxId}"`)).toBeLessThan(page.indexOf(`/dev/outbox/${older.outboxId}"`));

    const html = await app.request(`/dev/outbox/${sent.outboxId}`);
    expect(html.status).toBe(200);
    expect(html.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await html.text()).toBe("<p>Hola <b>Ana</b></p>");

    const raw = await app.request(`/dev/outbox/${sent.outboxId}.eml`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get("Content-Type")).toContain("message/rfc822");
    expect(await raw.text()).toContain("To: ana@example.com");

    expect((await app.request("/dev/outbox/999999")).status).toBe(404);
    expect((await app.request("/dev/outbox/abc.eml")).status).toBe(404);
  });

  it("does not exist in production", async () => {
    const app = createApp(
      { ...runtime.services, config: { ...runtime.config, NODE_ENV: "production" } },
      { ping: runtime.database.ping },
    );
    const response = await app.request("/dev/outbox", { redirect: "manual" });
    expect(response.status).not.toBe(200);
  });
});
