// Files of the build's client folder next to pages: a page path never looks for a file.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
