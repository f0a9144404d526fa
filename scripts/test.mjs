// `npm test`: every tier — typecheck (then the build) beside lint and unit, then db beside server, then e2e.
// A test tier that reports no tests could not run, and that is a failure. Prints a summary table and, last, one line:
// "N passed, N failed[, N skipped]" — tests, plus one failure for each check (typecheck, lint, build)
// or tier that failed without a failing test to show for it.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const REPORTS = ".tmp/test-reports";
const BUILD_DIR = process.env.BUILD_DIR ?? ".tmp/build-test";
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const testEnv = { ...process.env, BUILD_DIR, TEST_SKIP_BUILD: "true" };

/** Runs a command; with `quiet`, its output is held back and printed when it ends (parallel checks). */
function run(command, args, env = process.env, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("exit", (code, signal) => {
      if (quiet && output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on("error", () => resolve(127));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function vitestTier(project, { quiet = false, workers = null } = {}) {
  const report = path.join(REPORTS, `${project}.json`);
  return {
    name: project,
    kind: "tests",
    run: () =>
      run(
        "npx",
        [
          "vitest",
          "run",
          "--project",
          project,
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${report}`,
          ...(workers ? [`--maxWorkers=${workers}`] : []),
        ],
        testEnv,
        quiet,
      ),
    counts: () => {
      const json = readJson(report);
      if (!json) return null;
      // A file that failed to load (import error, failing beforeAll) has no failed test: count it once.
      const brokenFiles = (json.testResults ?? []).filter(
        (file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
      ).length;
      return {
        passed: json.numPassedTests ?? 0,
        failed: (json.numFailedTests ?? 0) + brokenFiles,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      };
    },
  };
}

const e2eReport = path.join(REPORTS, "e2e.json");
const STEPS = [
  // Typecheck, then the build, on one core; lint (ESLint, then Biome) and the unit tier share the other.
  // Typecheck ends first, so the build follows it rather than the unit tier: the phase ends when the
  // last of the three does, not after unit and build one after the other.
  {
    name: "typecheck",
    kind: "check",
    run: () => run("npm", ["run", "--silent", "typecheck"]),
    then: {
      name: "build",
      kind: "check",
      run: () => run("npx", ["react-router", "build"], { ...process.env, BUILD_DIR }, true),
    },
  },
  {
    name: "lint",
    kind: "check",
    parallelWithPrevious: true,
    run: () => run("npm", ["run", "--silent", "lint"], process.env, true),
  },
  { ...vitestTier("unit", { quiet: true }), parallelWithPrevious: true },
  // Vitest keeps one core free by default, one worker here; two workers finish the db files in four
  // fifths of the time. Each worker lends its files PGlite databases from a pool (tests/setup/db.ts).
  vitestTier("db", { workers: 2 }),
  // The server tier beside the db tier: alone it leaves half the machine idle (its files wait on
  // PostgreSQL and on the servers they start), and the db tier's PGlite files take what it leaves;
  // together they finish in about three quarters of the time one after the other. Not beside the e2e
  // tier: there, on two cores, the browsers' timing-bound journeys and the identity provider's key
  // tests failed for want of CPU (ADR 0026 addendum; starting the e2e tier when the db tier ended
  // slowed the server tier by half and saved 5 s). Two files at a time: a file waits on the servers
  // it starts, and beside the db tier two finished the pair in 193 s where one took 216 s (ADR 0062).
  // Its report prints when it ends.
  { ...vitestTier("server", { quiet: true, workers: 2 }), needsBuild: true, parallelWithPrevious: true },
  {
    name: "e2e",
    kind: "tests",
    needsBuild: true,
    run: () => run("npx", ["playwright", "test"], { ...testEnv, E2E_REPORTER: "json", E2E_REPORT_FILE: e2eReport }),
    counts: () => {
      const json = readJson(e2eReport);
      if (!json?.stats) return null;
      return {
        passed: json.stats.expected + json.stats.flaky,
        failed: json.stats.unexpected,
        skipped: json.stats.skipped,
      };
    },
  },
];

const results = [];
const started = performance.now();

function record(step, code, seconds) {
  if (step.kind === "check") {
    results.push({
      name: step.name,
      status: code === 0 ? "ok" : `failed (exit ${code})`,
      passed: 0,
      failed: code === 0 ? 0 : 1,
      skipped: 0,
      seconds,
      check: true,
    });
    return;
  }
  const counts = step.counts();
  let status = "ok";
  let failed = counts?.failed ?? 0;
  if (!counts || counts.passed + counts.failed === 0) {
    status = "could not run: no tests reported";
    failed = Math.max(failed, 1);
  } else if (code !== 0 && failed === 0) {
    status = `failed (exit ${code}) without a failing test`;
    failed = 1;
  } else if (failed > 0) {
    status = "failed";
  }
  results.push({
    name: step.name,
    status,
    passed: counts?.passed ?? 0,
    failed,
    skipped: counts?.skipped ?? 0,
    seconds,
  });
}

async function timed(step) {
  const stepStarted = performance.now();
  const code = await step.run();
  return { step, code, seconds: (performance.now() - stepStarted) / 1000 };
}

/** A step, then the step it names in `then` (each recorded on its own): both in one slot of a group. */
async function timedChain(step) {
  const done = [await timed(step)];
  if (step.then) done.push(await timed(step.then));
  return done;
}

for (let index = 0; index < STEPS.length; index++) {
  const step = STEPS[index];
  const group = [step];
  for (let following = STEPS[index + 1]; following?.parallelWithPrevious; following = STEPS[index + group.length])
    group.push(following);
  index += group.length - 1;
  process.stdout.write(
    `\n━━━ ${group.map((member) => (member.then ? `${member.name} → ${member.then.name}` : member.name)).join(" + ")} ━━━\n`,
  );
  const buildFailed = results.some((result) => result.name === "build" && result.status !== "ok");
  const hasBuild = !buildFailed && existsSync(path.join(BUILD_DIR, "server/index.js"));
  const runnable = group.filter((member) => hasBuild || !member.needsBuild);
  for (const member of group.filter((candidate) => !runnable.includes(candidate))) {
    results.push({ name: member.name, status: "not run (no build)", passed: 0, failed: 1, skipped: 0, seconds: 0 });
  }
  for (const { step: member, code, seconds } of (await Promise.all(runnable.map(timedChain))).flat())
    record(member, code, seconds);
}

const total = results.reduce(
  (sum, result) => ({
    passed: sum.passed + result.passed,
    failed: sum.failed + result.failed,
    skipped: sum.skipped + result.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const rows = [
  ["tier", "status", "passed", "failed", "skipped", "time"],
  ...results.map((result) => [
    result.name,
    result.status,
    result.check ? "–" : String(result.passed),
    result.check ? "–" : String(result.failed),
    result.check ? "–" : String(result.skipped),
    `${result.seconds.toFixed(1)} s`,
  ]),
  [
    "total",
    total.failed === 0 ? "ok" : "FAILED",
    String(total.passed),
    String(total.failed),
    String(total.skipped),
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
  ],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
const line = (row) =>
  row.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ");
process.stdout.write(`\n${line(rows[0])}\n${widths.map((width) => "─".repeat(width)).join("  ")}\n`);
for (const row of rows.slice(1, -1)) process.stdout.write(`${line(row)}\n`);
process.stdout.write(`${widths.map((width) => "─".repeat(width)).join("  ")}\n${line(rows.at(-1))}\n\n`);
process.stdout.write(
  `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ""}\n`,
);
process.exit(total.failed === 0 ? 0 : 1);
