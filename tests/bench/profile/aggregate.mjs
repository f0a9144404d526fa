// `node tests/bench/profile/aggregate.mjs file.cpuprofile [top]`: self time of a .cpuprofile by
// package (node_modules/<name>, the build's own code as "app", Node's internals as "node:"), and the
// heaviest functions, as shares of the sampled time that was not idle.
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: aggregate.mjs file.cpuprofile [top]");
const profile = JSON.parse(readFileSync(file, "utf8"));
const top = Number(topArg ?? 40);

/** @param {{ url: string; functionName: string }} frame */
function packageOf(frame) {
  const url = frame.url ?? "";
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return "app " + url.replace(/^.*\/(build[^/]*|\.tmp)\//, "");
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
/** @type {Map<number, number>} */
const selfUs = new Map();
const deltas = profile.timeDeltas;
for (let index = 0; index < profile.samples.length; index++) {
  const id = profile.samples[index];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[index + 1] ?? deltas[index] ?? 0));
}
let total = 0;
/** @type {Map<string, number>} */
const byPackage = new Map();
/** @type {Map<string, number>} */
const byFunction = new Map();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  const frame = node.callFrame;
  if (frame.functionName === "(idle)") continue;
  total += us;
  const pkg = packageOf(frame);
  byPackage.set(pkg.startsWith("app ") ? "app" : pkg, (byPackage.get(pkg.startsWith("app ") ? "app" : pkg) ?? 0) + us);
  const key = `${frame.functionName || "(anonymous)"}  ${pkg.startsWith("app ") ? pkg.slice(4) : pkg}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const pct = (/** @type {number} */ us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
process.stdout.write(`busy ${(total / 1000).toFixed(0)} ms sampled\n\nby package\n`);
for (const [pkg, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25))
  process.stdout.write(`${pct(us)}  ${pkg}\n`);
process.stdout.write("\nby function (self)\n");
for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  process.stdout.write(`${pct(us)}  ${fn}\n`);
