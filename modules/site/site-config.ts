// Decides what a site offers: which languages (the language limiter) and which flags.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../lib/language.ts";

export interface SiteConfig {
  code: string;
  name: string;
  languages: Language[];
  flags: Record<string, boolean>;
}

/** Keeps only known languages, in the site's order; a site always offers at least English. */
export function limitLanguages(configured: readonly string[]): Language[] {
  const known = configured.filter(isLanguage);
  const unique = [...new Set(known)];
  return unique.length > 0 ? unique : [DEFAULT_LANGUAGE];
}

/**
 * The site flags the code reads: Croct personalisation, and Uplift's pay-monthly offer on the
 * payment page (the seeded site has it on).
 */
export const SITE_FLAGS = ["enableCroct", "enableCroctShopping", "enableUplift"] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

export function isFlagOn(site: SiteConfig, flag: string): boolean {
  return site.flags[flag] === true;
}

/**
 * How long a process trusts a read of the site configuration, counted from when it started: operators
 * edit the row with SQL on any node, so no process can be told of an edit, and every node shows it
 * within this bound. A process that edits the row itself forgets its copy at once.
 */
export const SITE_CONFIG_BOUND_MS = 1_000;
