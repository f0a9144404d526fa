// The evaluation context (types.ts) built from one request: the server's facts (edge geolocation,
// visits, carts) and what the browser may add. Pure: headers and rows are passed in.
import { z } from "zod";
import { isLanguage, type Language } from "../../lib/language.ts";
import type { CartSummary, EvaluationContext } from "./types.ts";

/** What a browser may send as `context`: the page it is on and a few attributes of its own. */
export const ClientContext = z.strictObject({
  page: z.strictObject({ url: z.string().max(2_000), referrer: z.string().max(2_000).optional() }).optional(),
  device: z.enum(["mobile", "desktop"]).optional(),
  attributes: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/),
      z.union([z.string().max(200), z.number().finite(), z.boolean()]),
    )
    .refine((attributes) => Object.keys(attributes).length <= 10, { message: "at most 10 attributes" })
    .optional(),
});
export type ClientContext = z.infer<typeof ClientContext>;

/** ISO 3166-2 subdivision code without the country ("ROO"), or "MX-ROO" reduced to it. */
export function stateFromHeaders(headers: Headers, names: readonly string[]): string | null {
  for (const name of names) {
    const raw = headers.get(name)?.trim().toUpperCase();
    if (!raw) continue;
    const code = raw.includes("-") ? raw.slice(raw.indexOf("-") + 1) : raw;
    if (/^[A-Z0-9]{1,3}$/.test(code)) return code;
  }
  return null;
}

/** The device class from the User-Agent when the browser did not say (phones and tablets are mobile). */
export function deviceOf(userAgent: string | null | undefined): "mobile" | "desktop" {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent ?? "") ? "mobile" : "desktop";
}

export interface ServerFacts {
  country: string | null;
  state: string | null;
  language: Language | string | null;
  userAgent: string | null;
  visits: number;
  cart: CartSummary | null;
  lastCart: CartSummary | null;
}

export function buildEvaluationContext(facts: ServerFacts, client: ClientContext | undefined): EvaluationContext {
  return {
    location: { country: facts.country, state: facts.state },
    language: isLanguage(facts.language) ? facts.language : "en",
    device: client?.device ?? deviceOf(facts.userAgent),
    visitor: { visits: facts.visits, returning: facts.visits > 1, lastCart: facts.lastCart },
    cart: facts.cart,
    page: { url: client?.page?.url ?? null, referrer: client?.page?.referrer ?? null },
    attributes: client?.attributes ?? {},
  };
}

/** A visit is a new one when the browser was last seen more than half an hour ago (analytics' session). */
export const VISIT_GAP_MS = 30 * 60 * 1000;

/** A browser last seen before this moment starts a new visit now. */
export function newVisitIfSeenBefore(now: Date): Date {
  return new Date(now.getTime() - VISIT_GAP_MS);
}

/** The UTC month a use of an API key counts in ("2026-11"): quotas are monthly active users. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}
