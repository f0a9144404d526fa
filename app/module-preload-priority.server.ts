// Hydration scripts load after what the visitor sees. React Router's <Scripts> writes a
// <link rel="modulepreload"> for every chunk a page hydrates with (about 30 on the home page, 160 KB
// gzip), and Chromium fetches modulepreloads at High priority, beside the stylesheet and ahead of the
// hero image. On a slow phone connection they took the bandwidth the first paint needed: Lighthouse's
// mobile simulation put first contentful paint at 2.5 s, and at 1.0 s with the preloads at low
// priority (ADR 0045). The page is server-rendered and its forms work before hydration, so the
// scripts lose nothing that is on screen. <Scripts> takes no priority, so the rendered HTML is
// rewritten on its way out.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

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

/**
 * A stream that applies lowerPreloadPriority to UTF-8 HTML as it passes; the decoder keeps a character
 * whose bytes a chunk boundary splits.
 */
export function lowPriorityPreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const next = lowerPreloadPriority(held, decoder.write(chunk));
      held = next.held;
      callback(null, next.output);
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}
