// `npm run fuzz`: the long variant of tests/fuzz/api.db.test.ts — at least 10,000
// generated requests over every operation of /api/openapi.json (FUZZ_REQUESTS, default 12,000) with a
// fresh seed each run (FUZZ_SEED to replay one), then a summary: statuses, codes and time per operation.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const requests = Number(process.env.FUZZ_REQUESTS ?? 12_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
mkdirSync(".tmp", { recursive: true });
const summaryFile = path.resolve(".tmp/fuzz-summary.json");
process.stdout.write(`Fuzzing ${requests} requests with seed ${seed} (replay: FUZZ_SEED=${seed} npm run fuzz)\n`);

const code = await new Promise((resolve) => {
  const child = spawn("npx", ["vitest", "run", "--project", "db", "tests/fuzz/api.db.test.ts"], {
    stdio: "inherit",
    env: { ...process.env, FUZZ_REQUESTS: String(requests), FUZZ_SEED: String(seed), FUZZ_SUMMARY_FILE: summaryFile },
  });
  child.on("exit", (exitCode) => resolve(exitCode ?? 1));
});

let summary;
try {
  summary = JSON.parse(readFileSync(summaryFile, "utf8"));
} catch {
  process.stdout.write("No summary was written: the fuzzer did not run to its end.\n");
  process.exit(code || 1);
}
const rows = Object.entries(summary.byOperation).sort(([a], [b]) => a.localeCompare(b));
const width = Math.max(...rows.map(([operation]) => operation.length));
process.stdout.write(`\n${"operation".padEnd(width)}  sent  accepted  ms/req  refusals\n`);
for (const [operation, tally] of rows) {
  const codes = Object.entries(tally.codes)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name}×${count}`)
    .join(" ");
  process.stdout.write(
    `${operation.padEnd(width)}  ${String(tally.sent).padStart(4)}  ${String(tally.accepted).padStart(8)}  ${(tally.ms / tally.sent).toFixed(1).padStart(6)}  ${codes}\n`,
  );
}
const statuses = Object.entries(summary.byStatus)
  .map(([status, count]) => `${status}×${count}`)
  .join(" ");
process.stdout.write(
  `\n${summary.requests} requests (${summary.unsendable} the Fetch API would not build) over ${summary.operations} operations in ${summary.seconds.toFixed(1)} s, seed ${summary.seed}\n` +
    `statuses: ${statuses}\n${summary.failures.length} failures\n`,
);
process.exit(code);
