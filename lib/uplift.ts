// Uplift (pay monthly) on the payment page: the script is
// loaded only when the language is English, the site has it enabled, the currency is one Uplift sells
// in and there is a key: the configured one, or the sandbox's public key when the script is our own
// sandbox of Uplift (the default, as payments default to the sandbox provider; ADR 0050). Otherwise
// it is never requested. Pure, so the server (which decides) and
// the browser (which loads) share it without pulling server code.
import type { Config } from "./config.ts";

export interface UpliftScript {
  src: string;
  apiKey: string;
}

export interface UpliftDecisionInput {
  language: string;
  /** The site's `enableUplift` flag. */
  siteEnabled: boolean;
  currency: string;
  allowedCurrencies: readonly string[];
  apiKey: string;
  scriptUrl: string;
}

/** The script to load and the key to initialise it with, or null when Uplift must not be loaded. */
export function upliftScriptFor(input: UpliftDecisionInput): UpliftScript | null {
  const apiKey =
    input.apiKey.trim() || (input.scriptUrl.trim() === SANDBOX_UPLIFT_SCRIPT_PATH ? SANDBOX_UPLIFT_API_KEY : "");
  if (input.language !== "en" || !input.siteEnabled || apiKey === "" || input.scriptUrl.trim() === "") return null;
  if (!input.allowedCurrencies.includes(input.currency.toUpperCase())) return null;
  return { src: input.scriptUrl, apiKey };
}

/** The decision for one page: this deployment's Uplift settings, the site's `enableUplift` flag, the page's language and currency. */
export function upliftScriptForPage(
  config: Pick<Config, "UPLIFT_API_KEY" | "UPLIFT_SCRIPT_URL" | "UPLIFT_CURRENCIES">,
  page: { siteFlags: Readonly<Record<string, boolean>>; language: string; currency: string },
): UpliftScript | null {
  return upliftScriptFor({
    language: page.language,
    siteEnabled: page.siteFlags.enableUplift === true,
    currency: page.currency,
    allowedCurrencies: config.UPLIFT_CURRENCIES,
    apiKey: config.UPLIFT_API_KEY,
    scriptUrl: config.UPLIFT_SCRIPT_URL,
  });
}

/** Where our sandbox of Uplift's script is served (the default UPLIFT_SCRIPT_URL). */
export const SANDBOX_UPLIFT_SCRIPT_PATH = "/sandbox-uplift/v1/up.js";

/** The sandbox's public key (a browser-side key, and the sandbox lends no money): used when none is configured. */
export const SANDBOX_UPLIFT_API_KEY = "pk_sandbox_travesia_uplift";

/** The test card token the sandbox's Uplift hands over on approval: its single-use virtual card. */
export const SANDBOX_UPLIFT_CARD_TOKEN = "tok_test_4242";
