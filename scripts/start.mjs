// `npm start`: build when the sources are newer than the build, then run the production server on the
// embedded defaults (PGlite in .data/, mail to the outbox, sandbox payments) unless configured otherwise.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ENTRY = `${BUILD_DIR}/server/index.js`;
const SOURCES = ["app", "server", "modules", "flows", "lib", "db", "public", "content", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = existsSync(ENTRY) ? statSync(ENTRY).mtimeMs : 0;
if (built < Math.max(...SOURCES.map(newestMtime))) {
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The production server needs its public origin (links never come from a Host header); on this
// machine it is the address `npm start` listens on, unless one is configured.
const env = { PUBLIC_ORIGIN: `http://localhost:${process.env.PORT || 3000}`, ...process.env };
const server = spawnSync(process.execPath, [ENTRY], { stdio: "inherit", env });
process.exit(server.status ?? 0);
