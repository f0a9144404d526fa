// Development server: Vite (HMR) in front, the same Hono app behind it, booted once.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { boot } = await vite.ssrLoadModule("/server/boot.ts");
const runtime = await boot({ NODE_ENV: "development", LOG_LEVEL: "debug", ...process.env });
const { startJobRunner } = await vite.ssrLoadModule("/server/jobs.ts");
startJobRunner(runtime);

const server = http.createServer((req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      const { createApp } = await vite.ssrLoadModule("/server/app.ts");
      const app = createApp(runtime.services, { ping: runtime.database.ping });
      await getRequestListener(app.fetch)(req, res);
    } catch (error) {
      vite.ssrFixStacktrace(error);
      runtime.logger.error({ err: error }, "dev server error");
      res.statusCode = 500;
      res.end("Internal Error");
    }
  });
});
server.listen(runtime.config.PORT, () => runtime.logger.info(`dev server on http://localhost:${runtime.config.PORT}`));
