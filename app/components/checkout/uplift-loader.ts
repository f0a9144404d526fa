// Loads Uplift's script once per page and hands back its API. Separate from the component so the rule
// "requested only when the decision allows it" is tested without a browser: the document is injected.
import type { UpliftScript } from "../../../lib/uplift.ts";

export interface UpliftInitOptions {
  apiKey: string;
  locale: string;
  currency: string;
  checkout: true;
  container: HTMLElement;
  onChange?: (change: { selected: boolean }) => void;
  onApproved?: (approval: { cardToken: string }) => void;
}

export interface UpliftPayments {
  init(options: UpliftInitOptions): void;
  load(amount: { amountMinor: number; currency: string }): void;
}

/** What the loader needs of `window` and `document`: a fake in unit tests. */
export interface UpliftHost {
  uplift(): UpliftPayments | undefined;
  findScript(src: string): ScriptLike | null;
  createScript(): ScriptLike;
  append(script: ScriptLike): void;
}

export interface ScriptLike {
  src: string;
  async: boolean;
  dataset: Record<string, string | undefined>;
  addEventListener(type: "load" | "error", listener: () => void, options?: { once: boolean }): void;
}

export function browserUpliftHost(): UpliftHost {
  return {
    uplift: () => (window as unknown as { Uplift?: { Payments?: UpliftPayments } }).Uplift?.Payments,
    findScript: (src) =>
      [...document.querySelectorAll<HTMLScriptElement>("script[data-uplift-script]")].find(
        (script) => script.dataset.upliftScript === src,
      ) ?? null,
    createScript: () => document.createElement("script"),
    append: (script) => document.head.appendChild(script as HTMLScriptElement),
  };
}

/**
 * The Uplift API for this script: at once when it is already there, else after its script loads (one
 * script element per src, shared by every caller). Null config: nothing is requested, ever.
 */
export function loadUplift(host: UpliftHost, script: UpliftScript | null): Promise<UpliftPayments> | null {
  if (script === null) return null;
  const ready = host.uplift();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    let element = host.findScript(script.src);
    if (!element) {
      element = host.createScript();
      element.src = script.src;
      element.async = true;
      element.dataset.upliftScript = script.src;
      host.append(element);
    }
    element.addEventListener(
      "load",
      () => {
        const payments = host.uplift();
        if (payments) resolve(payments);
        else reject(new Error("Uplift's script loaded without window.Uplift.Payments"));
      },
      { once: true },
    );
    element.addEventListener("error", () => reject(new Error(`Uplift's script failed to load: ${script.src}`)), {
      once: true,
    });
  });
}
