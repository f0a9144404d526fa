// Comments and docs state each rule in their own words. A citation of a document a clone does not
// have (a product specification's section, a tracker's issue number, a path beside the repository)
// tells a reader nothing, so none may come back. Scans the tracked and untracked, not ignored, text files.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const TEXT = /\.(?:[cm]?[jt]sx?|md|sql|ya?ml|json|html|css|patch|sh|conf|txt)$/;
const SKIPPED = new Set(["package-lock.json", "tests/repo/self-contained.test.ts"]);

/** What no file may say, each with a name a failure is reported under. */
const CITATIONS: readonly { name: string; pattern: RegExp; skip?: RegExp }[] = [
  // A section sign with a number, except in a standard's citation (RFC 9110 §13.1.2 is public).
  { name: "a section of a document", pattern: /(?<!(?:RFC|ISO|IEC) ?[\d-]{1,9} ?)§ ?\d/ },
  { name: "an issue number", pattern: /\bissues? #?\d+\b/i },
  // "#12" in prose; a colour (#333;, #0002}) is followed by CSS punctuation, not by prose.
  { name: "a ticket number", pattern: /(?:^|[\s(])#\d{1,5}(?=[\s).,:]|$)/, skip: /\.css$/ },
  { name: "a path beside the repository", pattern: /\.\.\/shared\// },
  // "The spec" with nothing named is the product specification; a public standard is named instead
  // ("the GTFS Schedule reference", "the Standard Webhooks specification").
  { name: "an unnamed specification", pattern: /\bthe spec(?:['’]s|\b)|\bthe specifications?\b/i },
];

function trackedTextFiles(): string[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listing.split("\0").filter((path) => TEXT.test(path) && !SKIPPED.has(path));
}

describe("comments and docs stand on their own", () => {
  it("cite no specification, section, issue number or path outside the repository", () => {
    const found: string[] = [];
    for (const path of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue; // listed but deleted in the work tree
      }
      const lines = text.split("\n");
      for (const { name, pattern, skip } of CITATIONS) {
        if (skip?.test(path) || !pattern.test(text)) continue;
        lines.forEach((line, index) => {
          if (pattern.test(line)) found.push(`${path}:${index + 1} cites ${name}: ${line.trim().slice(0, 120)}`);
        });
      }
    }
    expect(found, "say the rule itself instead of pointing at a document the repository lacks").toEqual([]);
  });
});
