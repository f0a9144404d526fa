// `node --import tests/bench/profile/preload.mjs`: a CPU profile of this process through node:inspector,
// between two SIGUSR2 signals (the first starts it, the second writes CPU_PROFILE_OUT, default
// ./render.cpuprofile). Sampling starts only when asked, so start-up and warm-up stay out of it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const out = process.env.CPU_PROFILE_OUT ?? "render.cpuprofile";
const interval = Number(process.env.CPU_PROFILE_INTERVAL_US ?? 100);
const session = new Session();
session.connect();
let running = false;

/** @param {string} method @param {object} [params] */
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

process.on("SIGUSR2", () => {
  if (!running) {
    running = true;
    void post("Profiler.enable")
      .then(() => post("Profiler.setSamplingInterval", { interval }))
      .then(() => post("Profiler.start"));
    return;
  }
  running = false;
  void post("Profiler.stop").then((result) => {
    writeFileSync(out, JSON.stringify(/** @type {{ profile: unknown }} */ (result).profile));
    process.stderr.write(`cpu profile written to ${out}\n`);
  });
});
