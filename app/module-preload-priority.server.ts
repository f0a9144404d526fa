// Hydration scripts load after what the visitor sees. React Router's <Scripts> writes a
// <link rel="modulepreload"> for every chunk a page hydrates with (about 30 on the home page, 160 KB
// gzip), and Chromium fetches modulepreloads at High priority, beside the stylesheet and ahead of the
// hero image. On a slow phone connection they took the bandwidth the first paint needed: Lighthouse's
// mobile simulation put first contentful paint at 2.5 s, and at 1.0 s with the preloads at low
// priority (ADR 0045). The page is server-rendered and its forms work before hydration, so the
// scripts lose nothing that is on screen. <Scripts> takes no priority, so the rendered HTML is
// rewritten on its way out.
import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Rewrites one piece of streamed HTML. The end of a piece may be the start of a preload tag that the
 * next piece completes: that tail is held back and handed to the next call.
 */
export function lowerPreloadPriority(held: string, piece: string): { output: string; held: string } {
  const text = (held + piece).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) {
      return { output: text.slice(0, text.length - length), held: text.slice(text.length - length) };
    }
  }
  return { output: text, held: "" };
}

const PRELOAD_BYTES = Buffer.from(PRELOAD);
const LOW_PRIORITY_PRELOAD_BYTES = Buffer.from(LOW_PRIORITY_PRELOAD);

/**
 * lowerPreloadPriority on UTF-8 bytes: the tag is ASCII, so it is found byte for byte and the rest of
 * the page is passed on without being decoded and encoded again (a page is some 140 KB).
 */
export function lowerPreloadPriorityOfBytes(held: Buffer, piece: Buffer): { output: Buffer; held: Buffer } {
  const bytes = held.length > 0 ? Buffer.concat([held, piece]) : piece;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(PRELOAD_BYTES); at !== -1; at = bytes.indexOf(PRELOAD_BYTES, from)) {
    parts.push(bytes.subarray(from, at), LOW_PRIORITY_PRELOAD_BYTES);
    from = at + PRELOAD_BYTES.length;
  }
  let kept = 0;
  for (let length = Math.min(PRELOAD_BYTES.length - 1, bytes.length - from); length > 0; length--) {
    if (bytes.subarray(bytes.length - length).equals(PRELOAD_BYTES.subarray(0, length))) {
      kept = length;
      break;
    }
  }
  parts.push(bytes.subarray(from, bytes.length - kept));
  return {
    output: parts.length === 1 ? parts[0]! : Buffer.concat(parts),
    held: Buffer.from(bytes.subarray(bytes.length - kept)),
  };
}

/** What React's renderer calls at the end of each flush of the page, as it does on a compression stream. */
export type FlushableTransform = Transform & { flush: () => void };

/**
 * A stream that applies lowerPreloadPriority to the HTML as it passes. It also gathers what React
 * writes in one flush (the shell is some 35 writes of 4 KB) and passes it on as one piece when React
 * calls `flush()` at the end of it: each piece costs the streams behind it (the response body, the
 * web stream, the socket) the same however small, and the page's bytes and the moments they leave
 * are the same.
 */
export function lowPriorityPreloads(): FlushableTransform {
  let held: Buffer = Buffer.alloc(0);
  let gathered: Buffer[] = [];
  const rewrite = () => {
    const next = lowerPreloadPriorityOfBytes(held, gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered));
    gathered = [];
    held = next.held;
    return next.output;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      gathered.push(chunk);
      callback();
    },
    flush(callback) {
      const rest = gathered.length > 0 ? rewrite() : Buffer.alloc(0);
      callback(null, Buffer.concat([rest, held]));
    },
  }) as FlushableTransform;
  stream.flush = () => {
    if (gathered.length === 0) return;
    const output = rewrite();
    if (output.length > 0) stream.push(output);
  };
  return stream;
}
