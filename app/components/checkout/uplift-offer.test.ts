import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadUplift, type ScriptLike, type UpliftHost, type UpliftPayments } from "./uplift-loader.ts";
import { UpliftOffer } from "./uplift-offer.tsx";

const SCRIPT = { src: "/sandbox-uplift/v1/up.js", apiKey: "pk_sandbox_test" };

/** A page without a browser: counts the scripts it is asked to add, and loads them on demand. */
function fakeHost() {
  const scripts: (ScriptLike & { fire(type: "load" | "error"): void })[] = [];
  let payments: UpliftPayments | undefined;
  const host: UpliftHost = {
    uplift: () => payments,
    findScript: (src) => scripts.find((script) => script.dataset.upliftScript === src) ?? null,
    createScript: () => {
      const listeners: { type: string; listener: () => void }[] = [];
      return {
        src: "",
        async: false,
        dataset: {},
        addEventListener: (type, listener) => listeners.push({ type, listener }),
        fire: (type: string) => listeners.filter((entry) => entry.type === type).forEach((entry) => entry.listener()),
      } as ScriptLike & { fire(type: "load" | "error"): void };
    },
    append: (script) => scripts.push(script as ScriptLike & { fire(type: "load" | "error"): void }),
  };
  return { host, scripts, define: (api: UpliftPayments) => (payments = api) };
}

const api: UpliftPayments = { init: () => undefined, load: () => undefined };

describe("loading Uplift's script", () => {
  it("requests nothing when the decision is null", () => {
    const page = fakeHost();
    expect(loadUplift(page.host, null)).toBeNull();
    expect(page.scripts).toHaveLength(0);
  });

  it("adds one async script for its src, shared by every caller, and resolves once it defines Uplift", async () => {
    const page = fakeHost();
    const first = loadUplift(page.host, SCRIPT)!;
    const second = loadUplift(page.host, SCRIPT)!;
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]).toMatchObject({ src: SCRIPT.src, async: true });
    page.define(api);
    page.scripts[0]!.fire("load");
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
    // Already there: no new request.
    await expect(loadUplift(page.host, SCRIPT)).resolves.toBe(api);
    expect(page.scripts).toHaveLength(1);
  });

  it("fails when the script does not load or does not define Uplift", async () => {
    const failing = fakeHost();
    const broken = loadUplift(failing.host, SCRIPT)!;
    failing.scripts[0]!.fire("error");
    await expect(broken).rejects.toThrow(/failed to load/);
    const empty = fakeHost();
    const nothing = loadUplift(empty.host, SCRIPT)!;
    empty.scripts[0]!.fire("load");
    await expect(nothing).rejects.toThrow(/without window.Uplift/);
  });
});

describe("<UpliftOffer>", () => {
  it("renders nothing without a script decision, and its container with one", () => {
    expect(renderToString(createElement(UpliftOffer, { script: null, amountMinor: 10_000, currency: "USD" }))).toBe("");
    const html = renderToString(createElement(UpliftOffer, { script: SCRIPT, amountMinor: 10_000, currency: "USD" }));
    expect(html).toContain('data-testid="uplift-offer"');
    // The script is never part of the server's HTML: it is added in the browser, after the decision.
    expect(html).not.toContain("<script");
  });
});
