// Runs scripts/staff-create.ts with Vite's module runner (the TypeScript sources need no build step).
import { runnerImport } from "vite";

const { module } = await runnerImport(new URL("./staff-create.ts", import.meta.url).pathname, {
  configFile: false,
  logLevel: "error",
});
process.exitCode = await module.main(process.argv.slice(2), process.env);
