import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  lowerPreloadPriority,
  lowerPreloadPriorityOfBytes,
  lowPriorityPreloads,
} from "./module-preload-priority.server.ts";

const HTML =
  '<body><p>Isla Mujeres — ¡más días, más sol! São Paulo</p><link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-b.js" nonce="n"/><link rel="stylesheet" href="/assets/root.css"/>' +
  '<script type="module" async="">import("/assets/entry.client-a.js")</script></body>';
const EXPECTED = HTML.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

/** Streams `html` cut into pieces at the given byte offsets. */
async function throughStream(html: string, cuts: number[]): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const edges = [0, ...cuts, bytes.length];
  const pieces = edges.slice(1).map((end, index) => bytes.subarray(edges[index], end));
  return text(Readable.from(pieces).pipe(lowPriorityPreloads()));
}

describe("hydration preloads at low priority", () => {
  it("marks every modulepreload link and nothing else", () => {
    const { output, held } = lowerPreloadPriority("", HTML);
    expect(output + held).toBe(EXPECTED);
    expect(EXPECTED.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("holds back a tail that may be the start of a preload tag", () => {
    expect(lowerPreloadPriority("", "<p>a</p><link rel=")).toEqual({ output: "<p>a</p>", held: "<link rel=" });
    expect(lowerPreloadPriority("<link rel=", '"modulepreload" href="/x.js"/>')).toEqual({
      output: '<link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
      held: "",
    });
    expect(lowerPreloadPriority("", "<p>a</p>")).toEqual({ output: "<p>a</p>", held: "" });
  });

  it("does the same on bytes, holding back a tail that may start a tag", () => {
    const bytes = Buffer.from(HTML, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      const first = lowerPreloadPriorityOfBytes(Buffer.alloc(0), bytes.subarray(0, cut));
      const second = lowerPreloadPriorityOfBytes(first.held, bytes.subarray(cut));
      expect(Buffer.concat([first.output, second.output, second.held]).toString("utf8")).toBe(EXPECTED);
    }
  });

  it("gives the same page whatever byte the stream is cut at, multi-byte characters included", async () => {
    const length = Buffer.byteLength(HTML, "utf8");
    for (let cut = 1; cut < length; cut++) expect(await throughStream(HTML, [cut])).toBe(EXPECTED);
    expect(await throughStream(HTML, [3, 40, 41, 97, 130, 131, 132, 200])).toBe(EXPECTED);
  });

  it("passes on what was written between two flushes as one piece", async () => {
    const stream = lowPriorityPreloads();
    const pieces: string[] = [];
    stream.on("data", (piece: Buffer) => pieces.push(piece.toString("utf8")));
    const bytes = Buffer.from(HTML, "utf8");
    for (let start = 0; start < 100; start += 10) stream.write(bytes.subarray(start, start + 10));
    stream.flush();
    stream.write(bytes.subarray(100));
    stream.flush();
    await new Promise((resolve) => stream.end(resolve));
    expect(pieces.join("")).toBe(EXPECTED);
    expect(pieces.length).toBeLessThanOrEqual(3);
  });
});
