// Queries and audiences are JSON Logic (ADR 0030): data a visitor's browser or an operator writes,
// evaluated here over the evaluation context only. Before a rule runs it is checked: operators from an
// allow-list (no `method`, which calls functions of values, no `log`), literal `var` paths that cannot
// reach prototypes, and bounds on size, depth and nested iteration, so that one rule cannot take the
// server's time. Failures carry the service's names: invalid-query, too-complex-query, evaluation-failed,
// unallowed-result, unserializable-result, timeout.
import jsonLogic from "json-logic-js";
import { AppError } from "../../lib/errors.ts";

export const QUERY_LIMITS = {
  /** Characters of the query as JSON (our own limit: the service's contract sets none; ADR 0030). */
  maxLength: 4_000,
  maxNodes: 200,
  maxDepth: 12,
  /** map/filter/reduce/all/none/some inside one another. */
  maxNestedIterations: 2,
  maxStringLength: 500,
  /** Characters of the result as JSON: a query answers a decision, not a copy of the context. */
  maxResultLength: 10_000,
} as const;

const OPERATORS = new Set([
  "var",
  "missing",
  "missing_some",
  "if",
  "?:",
  "==",
  "===",
  "!=",
  "!==",
  "!",
  "!!",
  "or",
  "and",
  ">",
  ">=",
  "<",
  "<=",
  "max",
  "min",
  "+",
  "-",
  "*",
  "/",
  "%",
  "in",
  "cat",
  "substr",
  "merge",
  "map",
  "filter",
  "reduce",
  "all",
  "none",
  "some",
]);
const ITERATORS = new Set(["map", "filter", "reduce", "all", "none", "some"]);
const PATH_SEGMENT = /^[A-Za-z0-9_]{1,64}$/;
const FORBIDDEN_SEGMENTS = new Set([
  "__proto__",
  "constructor",
  "prototype",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
]);

function invalid(code: string, path: string): AppError {
  return new AppError("PERSONALIZATION_INVALID_QUERY", { issues: [{ path, code }] });
}
function tooComplex(code: string): AppError {
  return new AppError("PERSONALIZATION_TOO_COMPLEX_QUERY", { issues: [{ path: "body.query", code }] });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkVarPath(path: unknown, where: string): void {
  if (typeof path === "number" && Number.isInteger(path) && path >= 0) return;
  if (typeof path !== "string") throw invalid("var_path_not_literal", where);
  if (path === "") return; // the whole current datum
  for (const segment of path.split(".")) {
    if (!PATH_SEGMENT.test(segment) || FORBIDDEN_SEGMENTS.has(segment)) throw invalid("var_path_forbidden", where);
  }
}

/** Refuses a rule that is not JSON Logic over data, or that could take too long: throws a coded AppError. */
export function checkQuery(query: unknown, path = "body.query"): void {
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(query);
  } catch {
    throw invalid("not_json", path);
  }
  if (serialized === undefined) throw invalid("not_json", path);
  if (serialized.length > QUERY_LIMITS.maxLength) throw tooComplex("too_long");
  let nodes = 0;
  const walk = (node: unknown, depth: number, iterations: number, where: string): void => {
    nodes += 1;
    if (nodes > QUERY_LIMITS.maxNodes) throw tooComplex("too_many_nodes");
    if (depth > QUERY_LIMITS.maxDepth) throw tooComplex("too_deep");
    if (typeof node === "string") {
      if (node.length > QUERY_LIMITS.maxStringLength) throw tooComplex("string_too_long");
      return;
    }
    if (node === null || typeof node === "number" || typeof node === "boolean") return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, depth + 1, iterations, `${where}.${index}`));
      return;
    }
    if (!isPlainObject(node)) throw invalid("not_json", where);
    const keys = Object.keys(node);
    // An object of one key is an operation; any other object would be returned as data by JSON Logic,
    // which a query has no use for and which would hide mistyped operators.
    if (keys.length !== 1) throw invalid("not_an_operation", where);
    const operator = keys[0]!;
    if (!OPERATORS.has(operator)) throw invalid("unknown_operator", `${where}.${operator}`);
    const args = node[operator];
    if (operator === "var") {
      const list = Array.isArray(args) ? args : [args];
      checkVarPath(list[0], `${where}.var`);
      list.slice(1).forEach((item, index) => walk(item, depth + 1, iterations, `${where}.var.${index + 1}`));
      return;
    }
    const nested = ITERATORS.has(operator) ? iterations + 1 : iterations;
    if (nested > QUERY_LIMITS.maxNestedIterations) throw tooComplex("too_many_nested_iterations");
    walk(args, depth + 1, nested, `${where}.${operator}`);
  };
  walk(query, 0, 0, path);
}

export interface EvaluationLimits {
  /** Milliseconds since the evaluation started (performance.now based in production). */
  elapsedMs: () => number;
  timeoutMs: number;
}

/** Checks the elapsed time against the limit: the answer is dropped once it is late. */
export function assertInTime(limits: EvaluationLimits): void {
  if (limits.elapsedMs() >= limits.timeoutMs) throw new AppError("PERSONALIZATION_TIMEOUT");
}

function checkResult(result: unknown): void {
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value === "string" || typeof value === "boolean") return;
    if (typeof value === "number") {
      if (!Number.isFinite(value))
        throw new AppError("PERSONALIZATION_UNALLOWED_RESULT", { issues: [{ path: "result", code: "not_finite" }] });
      return;
    }
    if (typeof value === "object") {
      if (seen.has(value))
        throw new AppError("PERSONALIZATION_UNSERIALIZABLE_RESULT", { issues: [{ path: "result", code: "cyclic" }] });
      seen.add(value);
      Object.values(value).forEach(visit);
      return;
    }
    throw new AppError("PERSONALIZATION_UNSERIALIZABLE_RESULT", { issues: [{ path: "result", code: typeof value }] });
  };
  visit(result);
  if (JSON.stringify(result).length > QUERY_LIMITS.maxResultLength) {
    throw new AppError("PERSONALIZATION_UNALLOWED_RESULT", { issues: [{ path: "result", code: "too_large" }] });
  }
}

/**
 * Evaluates a query over a context (pure but for the elapsed-time reading): the JSON result, or a coded
 * AppError. The context is a JSON copy, so the rule sees data only, never the server's objects.
 */
export function evaluateQuery(query: unknown, context: unknown, limits: EvaluationLimits): unknown {
  checkQuery(query);
  const data: unknown = JSON.parse(JSON.stringify(context));
  let result: unknown;
  try {
    result = jsonLogic.apply(query as jsonLogic.RulesLogic, data);
  } catch (error) {
    throw new AppError("PERSONALIZATION_EVALUATION_FAILED", { cause: error });
  }
  assertInTime(limits);
  checkResult(result);
  return result;
}

/** An audience holds when its rule is truthy in JSON Logic's sense; a rule that fails does not hold. */
export function audienceMatches(audience: unknown, context: unknown): boolean {
  try {
    checkQuery(audience, "audience");
    return jsonLogic.truthy(jsonLogic.apply(audience as jsonLogic.RulesLogic, context));
  } catch {
    return false;
  }
}

/** The context paths a rule reads (its literal `var`s): what a cached answer depends on. */
export function varPathsOf(rule: unknown): string[] {
  const paths = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isPlainObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "var") {
        const first = Array.isArray(value) ? value[0] : value;
        if (typeof first === "string" || typeof first === "number") paths.add(String(first));
        if (Array.isArray(value)) value.slice(1).forEach(walk);
      } else walk(value);
    }
  };
  walk(rule);
  return [...paths].sort();
}
