import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";
import { SANDBOX_UPLIFT_API_KEY, upliftScriptFor, upliftScriptForPage, type UpliftDecisionInput } from "./uplift.ts";

const ALLOWED = ["USD", "CAD"];
const SRC = "https://cdn.uplift.example/up.js";

describe("upliftScriptFor (English, site enabled, allowed currency, non-empty key)", () => {
  // Every combination of the four conditions: only all four true load the script.
  const rows: [language: string, siteEnabled: boolean, currency: string, apiKey: string][] = [];
  for (const language of ["en", "es"]) {
    for (const siteEnabled of [true, false]) {
      for (const currency of ["USD", "MXN"]) {
        for (const apiKey of ["pk_sandbox_1", ""]) rows.push([language, siteEnabled, currency, apiKey]);
      }
    }
  }
  it.each(rows)("language %s, site %s, currency %s, key %j", (language, siteEnabled, currency, apiKey) => {
    const input: UpliftDecisionInput = {
      language,
      siteEnabled,
      currency,
      allowedCurrencies: ALLOWED,
      apiKey,
      scriptUrl: SRC,
    };
    const loads = language === "en" && siteEnabled && currency === "USD" && apiKey !== "";
    expect(upliftScriptFor(input)).toEqual(loads ? { src: SRC, apiKey } : null);
  });

  it("takes each allowed currency, in any case, and refuses the others (pt and es pages never load it)", () => {
    const base = { language: "en", siteEnabled: true, allowedCurrencies: ALLOWED, apiKey: "pk", scriptUrl: SRC };
    expect(upliftScriptFor({ ...base, currency: "CAD" })).toEqual({ src: SRC, apiKey: "pk" });
    expect(upliftScriptFor({ ...base, currency: "cad" })).toEqual({ src: SRC, apiKey: "pk" });
    expect(upliftScriptFor({ ...base, currency: "EUR" })).toBeNull();
    expect(upliftScriptFor({ ...base, currency: "USD", allowedCurrencies: [] })).toBeNull();
    expect(upliftScriptFor({ ...base, currency: "USD", language: "pt" })).toBeNull();
  });

  it("treats a key of spaces, or no script URL, as none", () => {
    const base = { language: "en", siteEnabled: true, currency: "USD", allowedCurrencies: ALLOWED, scriptUrl: SRC };
    expect(upliftScriptFor({ ...base, apiKey: "   " })).toBeNull();
    expect(upliftScriptFor({ ...base, apiKey: " pk " })).toEqual({ src: SRC, apiKey: "pk" });
    expect(upliftScriptFor({ ...base, apiKey: "pk", scriptUrl: "" })).toBeNull();
  });
});

describe("upliftScriptForPage", () => {
  it("reads the deployment's settings and the site's enableUplift flag", () => {
    const page = { siteFlags: { enableUplift: true }, language: "en", currency: "USD" };
    // The default deployment pays through the sandboxes: Uplift's sandbox with its public key.
    expect(upliftScriptForPage(parseConfig({ NODE_ENV: "test" }), page)).toEqual({
      src: "/sandbox-uplift/v1/up.js",
      apiKey: SANDBOX_UPLIFT_API_KEY,
    });
    expect(upliftScriptForPage(parseConfig({ NODE_ENV: "test", UPLIFT_CURRENCIES: "" }), page)).toBeNull();
    // The real Uplift is never sent the sandbox's key: without a configured key it stays off.
    expect(
      upliftScriptForPage(
        parseConfig({ NODE_ENV: "test", UPLIFT_SCRIPT_URL: "https://cdn.uplift.example/up.js" }),
        page,
      ),
    ).toBeNull();
    const config = parseConfig({ NODE_ENV: "test", UPLIFT_API_KEY: "pk_sandbox_1" });
    expect(upliftScriptForPage(config, page)).toEqual({ src: "/sandbox-uplift/v1/up.js", apiKey: "pk_sandbox_1" });
    expect(upliftScriptForPage(config, { ...page, siteFlags: { enableUplift: false } })).toBeNull();
    expect(upliftScriptForPage(config, { ...page, siteFlags: {} })).toBeNull();
    expect(upliftScriptForPage(config, { ...page, currency: "MXN" })).toBeNull();
  });
});
