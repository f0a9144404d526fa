import { describe, expect, it } from "vitest";
import { chunkLoader } from "./chunk-loader.ts";

describe("chunkLoader", () => {
  it("imports once and shares the import with every later call", async () => {
    let imports = 0;
    const load = chunkLoader(async () => ({ chunk: ++imports }));
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(imports).toBe(1);
  });

  it("forgets a failed import, so that the next call imports anew", async () => {
    let imports = 0;
    const load = chunkLoader(async () => {
      imports += 1;
      if (imports === 1) throw new Error("offline");
      return "chunk";
    });
    await expect(load()).rejects.toThrow("offline");
    expect(await load()).toBe("chunk");
    expect(imports).toBe(2);
  });
});
