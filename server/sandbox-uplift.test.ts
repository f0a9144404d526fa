// The sandbox Uplift script run in a bare VM with a minimal DOM: what a page that loads it sees.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { SANDBOX_UPLIFT_SCRIPT } from "./sandbox-uplift.ts";

class FakeNode {
  children: FakeNode[] = [];
  attributes: Record<string, string> = {};
  listeners: Record<string, (() => void)[]> = {};
  textContent = "";
  hidden = false;
  checked = false;
  open = false;
  parentNode: FakeNode | null = null;
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  removeAttribute(name: string) {
    delete this.attributes[name];
  }
  appendChild(child: FakeNode) {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  removeChild(child: FakeNode) {
    this.children = this.children.filter((node) => node !== child);
    child.parentNode = null;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  fire(type: string) {
    for (const listener of this.listeners[type] ?? []) listener();
  }
  showModal() {
    this.open = true;
  }
  close() {
    this.open = false;
  }
  find(role: string): FakeNode {
    const found = this.all().find((node) => node.attributes["data-uplift"] === role);
    if (!found) throw new Error(`no ${role}`);
    return found;
  }
  all(): FakeNode[] {
    return this.children.flatMap((child) => [child, ...child.all()]);
  }
}

interface UpliftGlobal {
  Payments: {
    init(options: Record<string, unknown>): void;
    load(amount: { amountMinor: number; currency: string }): void;
  };
}

function loadScript(): UpliftGlobal {
  const window: { Uplift?: UpliftGlobal } = {};
  const document = {
    createElement: (tag: string) => new FakeNode(tag),
    createTextNode: (text: string) => Object.assign(new FakeNode("#text"), { textContent: text }),
  };
  runInNewContext(SANDBOX_UPLIFT_SCRIPT, { window, document, Intl, Math, Number, Object, String, Error });
  return window.Uplift!;
}

describe("the sandbox Uplift script", () => {
  it("refuses to start without a key", () => {
    const uplift = loadScript();
    expect(() => uplift.Payments.init({ apiKey: "", currency: "USD", container: new FakeNode("div") })).toThrow(
      /apiKey/,
    );
    expect(() => uplift.Payments.init({ currency: "USD", container: new FakeNode("div") })).toThrow(/apiKey/);
  });

  it("offers 12 interest-free months of the amount, rounded up, and follows a new amount", () => {
    const uplift = loadScript();
    const container = new FakeNode("div");
    uplift.Payments.init({ apiKey: "pk_sandbox", locale: "en-US", currency: "USD", checkout: true, container });
    expect(container.find("offer").hidden).toBe(true); // no amount yet
    uplift.Payments.load({ amountMinor: 100_000, currency: "USD" });
    expect(container.find("offer").hidden).toBe(false);
    expect(container.find("headline").textContent).toBe("Pay monthly from US$83.34/mo with Uplift");
    uplift.Payments.load({ amountMinor: 24_000, currency: "CAD" });
    expect(container.find("headline").textContent).toBe("Pay monthly from CA$20.00/mo with Uplift");
  });

  it("reports the choice, then approves in its own dialog with a single-use card token", () => {
    const uplift = loadScript();
    const container = new FakeNode("div");
    const changes: unknown[] = [];
    const approvals: unknown[] = [];
    uplift.Payments.init({
      apiKey: "pk_sandbox",
      currency: "USD",
      checkout: true,
      container,
      onChange: (change: unknown) => changes.push(change),
      onApproved: (approval: unknown) => approvals.push(approval),
    });
    uplift.Payments.load({ amountMinor: 50_000, currency: "USD" });
    const select = container.find("select");
    const proceed = container.find("continue");
    expect(proceed.hidden).toBe(true);
    select.checked = true;
    select.fire("change");
    expect(changes).toEqual([{ selected: true }]);
    expect(proceed.hidden).toBe(false);
    proceed.fire("click");
    const dialog = container.find("dialog");
    expect(dialog.open).toBe(true);
    expect(container.find("plan").textContent).toBe("12 payments of US$41.67 (total US$500.00, 0% APR).");
    container.find("cancel").fire("click");
    expect([dialog.open, approvals]).toEqual([false, []]);
    proceed.fire("click");
    container.find("approve").fire("click");
    expect(approvals).toEqual([{ cardToken: "tok_test_4242" }]);
    select.checked = false;
    select.fire("change");
    expect(changes).toEqual([{ selected: true }, { selected: false }]);
  });

  it("defines Uplift once, even when the script runs twice on a page", () => {
    const window: { Uplift?: unknown } = {};
    const context = { window, document: {}, Intl, Math, Number, Object, String, Error };
    runInNewContext(SANDBOX_UPLIFT_SCRIPT, context);
    const first = window.Uplift;
    runInNewContext(SANDBOX_UPLIFT_SCRIPT, context);
    expect(window.Uplift).toBe(first);
  });
});
