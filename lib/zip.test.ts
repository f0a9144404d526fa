import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { zipFiles } from "./zip.ts";

describe("zipFiles", () => {
  it("makes an archive that Info-ZIP's unzip checks (CRCs) and reads back byte for byte; the same files make the same bytes", () => {
    const entries = [
      { name: "agency.txt", content: "agency_id,agency_name\ntravesia,Travesía\n" },
      { name: "empty.txt", content: "" },
      { name: "big.txt", content: "x".repeat(100_000) },
    ];
    const archive = zipFiles(entries);
    expect(zipFiles(entries).equals(archive)).toBe(true);
    const dir = mkdtempSync(path.join(os.tmpdir(), "tv-zip-"));
    try {
      const file = path.join(dir, "feed.zip");
      writeFileSync(file, archive);
      expect(execFileSync("unzip", ["-tq", file]).toString()).toContain("No errors detected");
      for (const entry of entries)
        expect(execFileSync("unzip", ["-p", file, entry.name], { maxBuffer: 1 << 20 }).toString("utf8")).toBe(
          entry.content,
        );
      expect(readFileSync(file).subarray(0, 4).toString("hex")).toBe("504b0304");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
