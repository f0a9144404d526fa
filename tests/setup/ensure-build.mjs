// The production build the server tier and Playwright start: built into BUILD_DIR (default
// .tmp/build-test) when it is missing or older than the sources. `npm test` builds once before.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "server",
  "modules",
  "flows",
  "sandbox-psp",
  "lib",
  "db",
  "public",
  "content",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0; // a directory's own mtime moves when a test file is added beside a subject
  for (const entry of readdirSync(target)) {
    if (/\.(db|pg)?\.?test\.ts$/.test(entry)) continue; // tests beside their subjects are not built
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** @returns {string} the build directory, ready to start */
export function ensureBuild(buildDir = process.env.BUILD_DIR ?? ".tmp/build-test") {
  const entry = path.join(buildDir, "server/index.js");
  if (process.env.TEST_SKIP_BUILD === "true" && existsSync(entry)) return buildDir;
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map(newestMtime))) return buildDir;
  process.stdout.write(`building the production build into ${buildDir}…\n`);
  const result = spawnSync("npx", ["react-router", "build"], {
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    // A production build whoever asks: under Vitest NODE_ENV is "test", and Vite would then bundle
    // React's development build (its hydration warnings fail the e2e suite's console check).
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}\n`);
    throw new Error(`the production build failed (exit ${result.status})`);
  }
  return buildDir;
}
