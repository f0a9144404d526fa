import { describe, expect, it } from "vitest";
import { cachedSource, isReadFresh } from "./cached-source.ts";

function counter(values: Array<number | Error>) {
  const reads = { count: 0 };
  const read = async () => {
    const value = values[Math.min(reads.count, values.length - 1)]!;
    reads.count += 1;
    if (value instanceof Error) throw value;
    return value;
  };
  return { read, reads };
}

describe("isReadFresh", () => {
  it.each([
    [0, 0, true],
    [0, 999, true],
    [0, 1_000, false], // a read exactly the bound old is not trusted
    [500, 100, false], // a clock that went back trusts nothing
  ])("a read started at %d, asked at %d: %s", (startedAt, now, fresh) => {
    expect(isReadFresh(startedAt, now, 1_000)).toBe(fresh);
  });
});

describe("cachedSource", () => {
  it("reads once per bound, counted from the start of the read", async () => {
    let now = 0;
    const { read, reads } = counter([1, 2, 3]);
    const source = cachedSource(read, { boundMs: 1_000, now: () => now });
    expect(await source.current()).toBe(1);
    now = 999;
    expect(await source.current()).toBe(1);
    expect(reads.count).toBe(1);
    now = 1_000;
    expect(await source.current()).toBe(2);
    expect(reads.count).toBe(2);
  });

  it("shares one read among concurrent callers", async () => {
    const { read, reads } = counter([7]);
    const source = cachedSource(read, { boundMs: 1_000, now: () => 0 });
    expect(await Promise.all([source.current(), source.current(), source.current()])).toEqual([7, 7, 7]);
    expect(reads.count).toBe(1);
  });

  it("forgets its copy when told: the editing process sees its edit at once", async () => {
    const { read, reads } = counter([1, 2]);
    const source = cachedSource(read, { boundMs: 1_000, now: () => 0 });
    expect(await source.current()).toBe(1);
    source.forget();
    expect(await source.current()).toBe(2);
    expect(reads.count).toBe(2);
  });

  it("keeps no failure: the next caller reads again", async () => {
    const { read, reads } = counter([new Error("database away"), 5]);
    const source = cachedSource(read, { boundMs: 1_000, now: () => 0 });
    await expect(source.current()).rejects.toThrow("database away");
    expect(await source.current()).toBe(5);
    expect(reads.count).toBe(2);
  });
});
