// Another commit of this repository built and started as it was, to be measured beside today's build in
// the same run: a figure from another day or another machine says nothing on this noisy 2-core one. The
// commit is taken from the repository's own history (`git archive`) into .tmp/bench-base/<commit>/,
// installed from its own lockfile, built by its own `npm run build` and started by its own `npm start`,
// so nothing of today's tree leaks into it. The copy is kept, keyed by commit, and reused.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BASES = path.join(ROOT, ".tmp", "bench-base");
/** Written last, once the copy is installed and built: a copy without it is made again. */
const READY = ".bench-base-ready";
const STEP_TIMEOUT_MS = 15 * 60_000;
/** Every step's whole output, the last preparation's. */
const STEP_LOG = path.join(BASES, "prepare.log");

/**
 * @typedef {{ commit: string; short: string; dir: string; reused: boolean }} BaseBuild
 */

/**
 * Runs one step of the preparation; on failure throws with the step's last lines of output.
 * @param {string} what
 * @param {string} program
 * @param {string[]} args
 * @param {{ cwd: string; env?: NodeJS.ProcessEnv }} options
 */
function step(what, program, args, { cwd, env = process.env }) {
  const result = spawnSync(program, args, {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    timeout: STEP_TIMEOUT_MS,
  });
  const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`;
  appendFileSync(STEP_LOG, `\n$ ${program} ${args.join(" ")}  (in ${cwd})\n${output}`);
  if (result.status !== 0) {
    // Stack frames say little; the messages above them say what failed.
    const lines = output
      .split("\n")
      .filter((line) => line.trim() !== "" && !/^\s+at /.test(line))
      .slice(-12);
    const how = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(
      `${what} failed (${how}; the whole output is in ${path.relative(ROOT, STEP_LOG)}):\n${lines.join("\n")}`,
    );
  }
  return result.stdout;
}

/**
 * The full hash of `commit` in this repository's history; throws when it is not there (a shallow clone
 * has only the newest commits).
 * @param {string} commit
 */
export function resolveCommit(commit) {
  const result = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const hash = result.status === 0 ? result.stdout.trim() : "";
  if (!/^[0-9a-f]{40}$/.test(hash)) {
    throw new Error(
      `commit ${commit} is not in this checkout's history (a shallow clone? \`git fetch --unshallow\` brings it)`,
    );
  }
  return hash;
}

/**
 * `commit` checked out, installed and built in .tmp/bench-base/<commit>/ (made once, then reused).
 * Throws with the reason when the commit is missing or its install or build fails.
 * @param {string} commit a hash or any name git resolves
 * @param {(message: string) => void} log
 * @returns {BaseBuild}
 */
export function prepareBaseBuild(commit, log) {
  const hash = resolveCommit(commit);
  const short = hash.slice(0, 7);
  const dir = path.join(BASES, hash);
  if (existsSync(path.join(dir, READY)) && existsSync(path.join(dir, "build/server/index.js"))) {
    return { commit: hash, short, dir, reused: true };
  }
  // Made beside its final place and moved there whole, so an interrupted preparation is never reused.
  const work = `${dir}.partial`;
  rmSync(work, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(STEP_LOG, `preparing ${hash} with Node ${process.version}\n`);
  const archive = path.join(BASES, `${hash}.tar`);
  log(`  preparing the base build ${short} in ${path.relative(ROOT, dir)}…`);
  try {
    step(`git archive ${short}`, "git", ["archive", "--format=tar", "-o", archive, hash], { cwd: ROOT });
    step("unpacking the archive", "tar", ["-xf", archive, "-C", work], { cwd: ROOT });
  } finally {
    rmSync(archive, { force: true });
  }
  // Its own environment for its own tools: today's BUILD_DIR would send its build into today's.
  const env = { ...process.env };
  delete env.BUILD_DIR;
  delete env.TEST_SKIP_BUILD;
  log(`  installing ${short}'s dependencies from its own lockfile (npm ci)…`);
  step(`npm ci in ${short}`, "npm", ["ci", "--no-audit", "--no-fund"], { cwd: work, env });
  log(`  building ${short} with its own npm run build…`);
  step(`npm run build in ${short}`, "npm", ["run", "build"], { cwd: work, env });
  if (!existsSync(path.join(work, "build/server/index.js")))
    throw new Error(`${short}'s npm run build left no build/server/index.js`);
  writeFileSync(path.join(work, READY), `${JSON.stringify({ commit: hash, node: process.version })}\n`);
  renameSync(work, dir);
  return { commit: hash, short, dir, reused: false };
}

/**
 * The `npm start` of a prepared base, as the bench harness starts a command; checked against its own
 * package.json, which must have a start script.
 * @param {BaseBuild} base
 * @returns {import("./harness.mjs").ServerCommand}
 */
export function baseStartCommand(base) {
  const scripts = JSON.parse(readFileSync(path.join(base.dir, "package.json"), "utf8")).scripts ?? {};
  if (typeof scripts.start !== "string") throw new Error(`${base.short} has no npm start script`);
  return { program: "npm", args: ["start"], cwd: base.dir };
}
