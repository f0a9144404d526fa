import { describe, expect, it } from "vitest";
import { getOrInsertComputed } from "./maps.ts";

describe("getOrInsertComputed", () => {
  it("makes a value once and keeps it, falsy values included", () => {
    const map = new Map<string, number>();
    let made = 0;
    const make = () => {
      made += 1;
      return 0;
    };
    expect(getOrInsertComputed(map, "a", make)).toBe(0);
    expect(getOrInsertComputed(map, "a", make)).toBe(0);
    expect(made).toBe(1);
    expect(getOrInsertComputed(map, "b", (key) => key.length)).toBe(1);
  });

  it("works on a WeakMap", () => {
    const key = {};
    const map = new WeakMap<object, string[]>();
    const first = getOrInsertComputed(map, key, () => []);
    expect(getOrInsertComputed(map, key, () => ["other"])).toBe(first);
  });
});
