// Which variant of a slot a visitor gets: the first, in the slot's order, whose audience holds; else
// the default (the variant without an audience). Pure.
import { audienceMatches, varPathsOf } from "./query.ts";
import type { SlotContent } from "./types.ts";

export interface SlotVariant {
  name: string;
  position: number;
  audience: unknown;
  content: SlotContent;
}

export function pickVariant<V extends SlotVariant>(variants: readonly V[], context: unknown): V | null {
  const ordered = [...variants].sort((a, b) => a.position - b.position);
  return (
    ordered.find((variant) => variant.audience != null && audienceMatches(variant.audience, context)) ??
    defaultVariant(ordered)
  );
}

/** The variant without an audience (what static content serves), else the last one. */
export function defaultVariant<V extends SlotVariant>(variants: readonly V[]): V | null {
  const ordered = [...variants].sort((a, b) => a.position - b.position);
  return ordered.find((variant) => variant.audience == null) ?? ordered.at(-1) ?? null;
}

const ITERATORS = /"(map|filter|reduce|all|none|some)"\s*:/;

function readPath(context: unknown, path: string): unknown {
  let value: unknown = context;
  for (const segment of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, segment)) return null;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * The part of the context the slot's audiences read, as a string: two visitors with the same key get
 * the same variant, so an answer can be cached under it. A rule that iterates (its `var`s are relative
 * to items) or reads the whole context keys on the whole context.
 */
export function audienceKey(variants: readonly SlotVariant[], context: unknown): string {
  const rules = variants.map((variant) => variant.audience).filter((audience) => audience != null);
  if (rules.length === 0) return "";
  const serialized = JSON.stringify(rules);
  const paths = [...new Set(rules.flatMap(varPathsOf))].sort();
  if (ITERATORS.test(serialized) || paths.includes("")) return JSON.stringify(context);
  return JSON.stringify(paths.map((path) => [path, readPath(context, path)]));
}
