// A test that makes anything call console.error fails, with what was logged. A test that expects an
// error to be logged says so: `expectConsoleError(/pattern/)` before the code that logs it.
import { format } from "node:util";
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

let spy: MockInstance<typeof console.error> | undefined;
let logged: string[] = [];
let expected: RegExp[] = [];

beforeEach(() => {
  logged = [];
  expected = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
});

afterEach(() => {
  spy?.mockRestore();
  spy = undefined;
  const unexpected = logged.filter((line) => !expected.some((pattern) => pattern.test(line)));
  const missing = expected.filter((pattern) => !logged.some((line) => pattern.test(line)));
  logged = [];
  expected = [];
  if (unexpected.length > 0) {
    throw new Error(`console.error was called during the test:\n${unexpected.map((line) => `  ${line}`).join("\n")}`);
  }
  if (missing.length > 0) {
    throw new Error(`an expected console.error did not happen: ${missing.map(String).join(", ")}`);
  }
});

/** Declares a console.error this test expects (and requires it to happen). */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}
