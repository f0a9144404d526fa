import { afterEach, describe, expect, it, vi } from "vitest";
import { boundedMemo } from "./bounded-memo.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("boundedMemo", () => {
  it("reads once per database and key within the bound, and again after it", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const memo = boundedMemo<string>(1_000);
    const one = {};
    const other = {};
    let reads = 0;
    const read = (value: string) => () => Promise.resolve(`${value}#${++reads}`);
    expect(await memo(one, "en", read("en"))).toBe("en#1");
    expect(await memo(one, "en", read("en"))).toBe("en#1");
    expect(await memo(one, "es", read("es"))).toBe("es#2");
    expect(await memo(other, "en", read("en"))).toBe("en#3");
    vi.advanceTimersByTime(1_000);
    expect(await memo(one, "en", read("en"))).toBe("en#4");
  });

  it("keeps no failed read", async () => {
    const memo = boundedMemo<string>(1_000);
    const db = {};
    let calls = 0;
    const read = () => (++calls === 1 ? Promise.reject(new Error("down")) : Promise.resolve("up"));
    await expect(memo(db, "en", read)).rejects.toThrow("down");
    expect(await memo(db, "en", read)).toBe("up");
  });
});
