// Files of the build's client folder next to pages: a page path never looks for a file. Pictures
// uploaded from the console are served from the database by their digest, cached for good (ADR 0079).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspectPicture, storePicture } from "../modules/catalog/index.ts";
import { pngOf } from "../tests/factories/pictures.ts";
import { bootSnapshot } from "../tests/setup/db.ts";
import { createApp } from "./app.ts";
import type { Runtime } from "./boot.ts";

const root = path.join(".tmp", `static-files-${process.pid}`);
let runtime: Runtime;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  mkdirSync(path.join(root, "en/faqs"), { recursive: true });
  writeFileSync(path.join(root, "en/faqs/index.html"), "a file where a page is");
  writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
  runtime = await bootSnapshot({ NODE_ENV: "production" });
  app = createApp(runtime.services, { staticRoot: root, ping: () => runtime.database.ping() });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await runtime?.database.close().catch(() => {});
});

describe("public files", () => {
  it("are served from the build's client folder", async () => {
    const response = await app.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<svg/>");
  });

  it("are not looked for on a page path, which goes to the page renderer", async () => {
    const response = await app.request("/en/faqs/");
    expect(await response.text()).not.toContain("a file where a page is");
  });
});

describe("uploaded pictures", () => {
  it("are served by their digest with their type, for a year, unchanged; anything else is a 404", async () => {
    const png = pngOf(300, 200);
    const address = await storePicture(runtime.database.db, png, inspectPicture(png)!);
    const response = await app.request(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), png)).toBe(0);
    const again = await app.request(address, { headers: { "If-None-Match": response.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    for (const missing of [`${address.slice(0, -5)}0.png`, "/images/uploads/abc.png", "/images/uploads/x.svg"])
      expect((await app.request(missing)).status).toBe(404);
  });
});
