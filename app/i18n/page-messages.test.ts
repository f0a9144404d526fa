import { describe, expect, it } from "vitest";
import { PAGE_MODULES } from "../../lib/routing/page-modules.ts";
import type { PageId } from "../../lib/routing/pages.ts";
import { messageReferencesOf } from "./message-references.test-helper.ts";
import { en } from "../../lib/i18n/messages/en.ts";
import { es } from "../../lib/i18n/messages/es.ts";
import { ROUTE_MODULE_MESSAGES, SHELL_MESSAGES, covers, messageEntriesOf, pickPageMessages } from "./page-messages.ts";

const KEYS = Object.keys(en);
const PAGES = Object.entries(PAGE_MODULES) as [PageId, string][];

/** References no entry covers: a key, or a template's prefix (covered only when one entry covers all it can make). */
function uncovered(entries: readonly string[], references: ReturnType<typeof messageReferencesOf>): string[] {
  const keys = [...references.keys].filter((key) => !entries.some((entry) => covers(entry, key)));
  const prefixes = [...references.prefixes].filter((prefix) =>
    KEYS.filter((key) => key.startsWith(prefix)).some((key) => !entries.some((entry) => covers(entry, key))),
  );
  return [...keys, ...prefixes.map((prefix) => `${prefix}…`)].sort();
}

describe("the messages a page ships cover what its code can show", () => {
  it("the shell (root and everything it renders) needs only the shell's messages", () => {
    expect(uncovered(SHELL_MESSAGES, messageReferencesOf(["app/root.tsx"], KEYS))).toEqual([]);
  });

  it.each(PAGES)("%s (%s)", (pageId, module) => {
    expect(ROUTE_MODULE_MESSAGES[module], `add "${module}" to ROUTE_MODULE_MESSAGES`).toBeDefined();
    expect(uncovered(messageEntriesOf(pageId), messageReferencesOf(["app/root.tsx", `app/${module}`], KEYS))).toEqual(
      [],
    );
  });

  it("names no entry the catalogue lacks", () => {
    const entries = new Set([...SHELL_MESSAGES, ...Object.values(ROUTE_MODULE_MESSAGES).flat()]);
    expect([...entries].filter((entry) => !KEYS.some((key) => covers(entry, key)))).toEqual([]);
  });

  it("the scan finds keys named whole, in templates and behind lazy imports", () => {
    const home = messageReferencesOf(["app/routes/home.tsx"], KEYS);
    expect(home.keys).toContain("meta.home.title");
    const shell = messageReferencesOf(["app/root.tsx"], KEYS);
    expect(shell.prefixes).toContain("page.");
    expect(shell.keys).not.toContain("manage.status.paid");
  });
});

describe("pickPageMessages", () => {
  it("keeps exactly the covered keys, in the page's language", () => {
    const picked = pickPageMessages(es, "cart");
    expect(picked["cart.title"]).toBe(es["cart.title"]);
    expect(picked["booking.passenger.adult"]).toBe(es["booking.passenger.adult"]);
    expect(picked["nav.home"]).toBe(es["nav.home"]);
    expect(picked["checkout.backToCart"]).toBeUndefined();
    expect(picked["manage.status.paid"]).toBeUndefined();
  });

  it("picks once per catalogue and page: the same object for every request", () => {
    expect(pickPageMessages(en, "cart")).toBe(pickPageMessages(en, "cart"));
    expect(pickPageMessages(es, "cart")).not.toBe(pickPageMessages(en, "cart"));
    expect(pickPageMessages(en, "faq")).not.toBe(pickPageMessages(en, "cart"));
  });

  it("ships a fraction of the catalogue: the shell plus the page", () => {
    const size = (messages: object) => JSON.stringify(messages).length;
    expect(size(pickPageMessages(en, "home"))).toBeLessThan(size(en) * 0.45);
    expect(size(pickPageMessages(en, "faq"))).toBeLessThan(size(en) * 0.25);
  });
});
