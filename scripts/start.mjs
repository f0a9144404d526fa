// `npm start`: build when the sources are newer than the build, then run the production server on the
// embedded defaults (PGlite in .data/, mail to the outbox, sandbox payments) unless configured otherwise.
// Production refuses the public development secrets (lib/config.ts); on the embedded database, one
// process on one machine, the secrets left unset are made at random once and kept beside the data, so
// that a fresh clone starts and its tickets and links outlive a restart. With DATABASE_URL (several
// nodes, a real deployment) nothing is made: the operator sets the same secrets on every node.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ENTRY = `${BUILD_DIR}/server/index.js`;
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
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

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

/** The secrets production needs (PRODUCTION_SECRETS in lib/config.ts). */
const SECRET_NAMES = [
  "TICKET_SIGNING_SECRET",
  "SANDBOX_PSP_SECRET_KEY",
  "SANDBOX_PSP_WEBHOOK_SECRET",
  "GUEST_ACCESS_SECRET",
  "PERSONALIZATION_PREVIEW_SECRET",
  "SEARCH_TOKEN_SECRET",
];

/** The unset secrets of an embedded, production-mode start, from DATA_DIR/local-secrets.json (made once). */
function localSecrets(env) {
  if (env.DATABASE_URL || (env.NODE_ENV ?? "production") !== "production") return {};
  const missing = SECRET_NAMES.filter((name) => !env[name]?.trim());
  if (missing.length === 0) return {};
  const dataDir = env.DATA_DIR ?? ".data";
  const file = path.join(dataDir, "local-secrets.json");
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  for (const name of SECRET_NAMES) kept[name] ??= randomBytes(32).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  console.log(
    `npm start: ${missing.join(", ")} unset; using this machine's own, kept in ${file} (set them for a real deployment)`,
  );
  return Object.fromEntries(missing.map((name) => [name, kept[name]]));
}

// The production server needs its public origin (links never come from a Host header); on this
// machine it is the address `npm start` listens on, unless one is configured.
const env = { PUBLIC_ORIGIN: `http://localhost:${process.env.PORT || 3000}`, ...process.env };
const server = spawnSync(process.execPath, [ENTRY], { stdio: "inherit", env: { ...env, ...localSecrets(env) } });
process.exit(server.status ?? 0);
