// One reader for the fields of an HTML form post. Each field is a zod schema that accepts anything
// (absent, a file, any text) and never fails: a page answers a bad field with the use case's coded
// refusal, in the visitor's language, never with a parse error or a 500.
import { z } from "zod";

/** A body that is not a form (another content type, cut short) reads as an empty form. */
export async function readFormData(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

function textOf(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The field kinds a page reads. */
export const formField = {
  /** Text as typed, trimmed and cut at `max` characters; "" when absent. */
  text: (max = Number.POSITIVE_INFINITY) =>
    z.preprocess((value) => textOf(value)?.trim().slice(0, max) ?? "", z.string()),
  /** Text not trimmed (a password: spaces may be part of it), cut at `max`; "" when absent. */
  raw: (max = Number.POSITIVE_INFINITY) => z.preprocess((value) => textOf(value)?.slice(0, max) ?? "", z.string()),
  /** Trimmed text, or null when absent or blank. */
  optional: () => z.preprocess((value) => textOf(value)?.trim() || null, z.string().nullable()),
  /** A row id: up to 15 digits (a safe integer), or null. */
  id: () =>
    z.preprocess((value) => {
      const digits = textOf(value)?.trim() ?? "";
      return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
    }, z.number().nullable()),
  /** One of `values` (trimmed), else `fallback`. */
  choice: <const T extends string>(values: readonly T[], fallback: T) =>
    z.preprocess((value) => {
      const chosen = textOf(value)?.trim() ?? "";
      return (values as readonly string[]).includes(chosen) ? chosen : fallback;
    }, z.string()) as unknown as z.ZodType<T>,
};

export type FormShape = Record<string, z.ZodType>;
export type FormValues<S extends FormShape> = { [K in keyof S]: z.output<S[K]> };

/** Where fields are read from: a posted form, or a URL's query (the same kinds of field). */
export interface FieldSource {
  get(name: string): FormDataEntryValue | null;
}

/** The named fields of a form or a query, each through its schema. */
export function formValuesOf<S extends FormShape>(source: FieldSource, shape: S): FormValues<S> {
  const input = Object.fromEntries(Object.keys(shape).map((name) => [name, source.get(name)]));
  return z.object(shape).parse(input) as FormValues<S>;
}

/** One text field, trimmed and cut at `max` (as formField.text reads it). */
export function fieldText(source: FieldSource, name: string, max = Number.POSITIVE_INFINITY): string {
  return formField.text(max).parse(source.get(name));
}

/** Reads a posted form's named fields: `readForm(request, { email: formField.text(254) })`. */
export async function readForm<S extends FormShape>(request: Request, shape: S): Promise<FormValues<S>> {
  return formValuesOf(await readFormData(request), shape);
}
