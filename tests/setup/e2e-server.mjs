// Playwright's webServer: the production build on a fresh embedded database in a temporary DATA_DIR,
// removed when the server stops. Builds first when the build is missing or older than the sources
// (`npm test` builds once before; TEST_SKIP_BUILD=true skips the check when the build exists).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

const ENTRY = path.join(ensureBuild(), "server/index.js");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "tv-tests-e2e-"));
const child = spawn(process.execPath, [ENTRY], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    ENABLE_FAULT_ROUTES: "true",
    // Every browser of the suite is one address: the hold limit per address (ADR 0033) would count the
    // whole suite as one visitor. The per-cart limit stays.
    HOLD_LIMIT_PER_ADDRESS: "1000000",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});

let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => child.kill("SIGTERM"));
}
child.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
