// A rendered page kept as bytes that a hit can answer with in well under a millisecond, each answer
// with its own CSP nonce and request id (ADR 0052). The page is cut at every place the render wrote
// its nonce or request id; the pieces between are kept as they are and as raw deflate, each piece
// ending byte-aligned and referring back only to bytes that are the same in every answer. A hit writes a
// fresh value into each cut: for identity a copy, for gzip a stored (uncompressed) deflate block,
// then the gzip trailer's CRC-32 (combined from the pieces' own) and length over the bytes sent.
import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { combine, shiftOperator } from "./crc32-combine.ts";

export type SlotName = "nonce" | "requestId";
export type SlotValues = Readonly<Record<SlotName, string>>;

export interface StoredBody {
  /** The page's bytes between the cuts: `slots.length + 1` pieces. */
  pieces: Buffer[];
  /** What goes into each cut, in order. */
  slots: SlotName[];
  /** Each piece as raw deflate, byte-aligned at its end; the last one ends the stream. */
  deflatedPieces: Buffer[];
  /** Each piece's CRC-32 and the operator that moves a CRC past it (crc32-combine.ts). */
  pieceChecksums: number[];
  pieceShifts: Uint32Array[];
  /** Weak: answers differ in their nonce only, which does not change what the page means. */
  etag: string;
  /** What the body costs in memory, counted against the cache's size. */
  bytes: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);

/** Cuts `html` at every occurrence of the render's own nonce and request id and compresses the pieces. */
export function storeBody(html: string, rendered: SlotValues): StoredBody {
  const pieces: Buffer[] = [];
  const slots: SlotName[] = [];
  const cut = new RegExp(`${escapeRegExp(rendered.nonce)}|${escapeRegExp(rendered.requestId)}`, "g");
  let from = 0;
  for (const match of html.matchAll(cut)) {
    pieces.push(Buffer.from(html.slice(from, match.index), "utf8"));
    slots.push(match[0] === rendered.nonce ? "nonce" : "requestId");
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(html.slice(from), "utf8"));
  const deflatedPieces = deflatePieces(
    pieces,
    slots,
    !html.includes("\0") && Buffer.byteLength(rendered.nonce) === NONCE_BYTES,
  );
  const hash = createHash("sha256");
  for (const [index, piece] of pieces.entries()) hash.update(piece).update(slots[index] ?? "");
  const bytes = [...pieces, ...deflatedPieces].reduce((sum, buffer) => sum + buffer.length + 160, 0);
  return {
    pieces,
    slots,
    deflatedPieces,
    pieceChecksums: pieces.map((piece) => crc32(piece)),
    pieceShifts: pieces.map((piece) => shiftOperator(piece.length)),
    etag: `W/"${hash.digest("base64url").slice(0, 27)}"`,
    bytes,
  };
}

/** Every nonce the front makes: 16 random bytes in base64. */
const NONCE_BYTES = 24;
/** How far back deflate may refer. */
const DEFLATE_WINDOW = 32 * 1024;

/**
 * Each piece as raw deflate, byte-aligned at its end, so that a stored block can follow it. A piece
 * may refer back to the pieces before it (a dictionary of what precedes it) as long as the decoder's
 * history holds the same bytes at the same distances: a nonce cut is as long in every answer and is
 * given to the encoder as NUL bytes, which no page contains, so no match can start in it or reach
 * into it; a request id may differ in length, so no piece refers back across one. Without that
 * guarantee (a page with a NUL byte) every piece is compressed on its own.
 */
function deflatePieces(pieces: readonly Buffer[], slots: readonly SlotName[], shareHistory: boolean): Buffer[] {
  let history = Buffer.alloc(0);
  return pieces.map((piece, index) => {
    const last = index === pieces.length - 1;
    const dictionary = shareHistory ? history.subarray(Math.max(0, history.length - DEFLATE_WINDOW)) : null;
    const deflated = deflateRawSync(piece, {
      level: 6,
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
    });
    history =
      slots[index] === "nonce"
        ? Buffer.concat([
            history.subarray(Math.max(0, history.length - DEFLATE_WINDOW)),
            piece,
            Buffer.alloc(NONCE_BYTES),
          ])
        : Buffer.alloc(0);
    return deflated;
  });
}

/** The page as sent without compression, with `values` in its cuts: buffers to write in order. */
export function identityParts(body: StoredBody, values: SlotValues): Buffer[] {
  const parts: Buffer[] = [];
  for (const [index, piece] of body.pieces.entries()) {
    parts.push(piece);
    const slot = body.slots[index];
    if (slot) parts.push(Buffer.from(values[slot], "utf8"));
  }
  return parts;
}

/** The page gzipped, with `values` in its cuts: buffers to write in order. */
export function gzipParts(body: StoredBody, values: SlotValues): Buffer[] {
  const inserts = { nonce: insertOf(values.nonce), requestId: insertOf(values.requestId) };
  const parts: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  let length = 0;
  for (const [index, deflated] of body.deflatedPieces.entries()) {
    parts.push(deflated);
    checksum = combine(checksum, body.pieceChecksums[index] as number, body.pieceShifts[index] as Uint32Array);
    length += (body.pieces[index] as Buffer).length;
    const slot = body.slots[index];
    if (slot) {
      const insert = inserts[slot];
      parts.push(insert.block);
      checksum = combine(checksum, insert.checksum, insert.shift);
      length += insert.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(trailer);
  return parts;
}

/** One answer's value as a stored deflate block, with what its CRC-32 needs. */
function insertOf(value: string) {
  const data = Buffer.from(value, "utf8");
  return { block: storedBlock(data), checksum: crc32(data), shift: shiftOperator(data.length), length: data.length };
}

export function byteLength(parts: readonly Buffer[]): number {
  return parts.reduce((sum, part) => sum + part.length, 0);
}

/** A non-final deflate block of type 00 (stored): byte-aligned header, LEN, NLEN, the bytes. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError("a stored deflate block holds at most 65,535 bytes");
  const block = Buffer.alloc(5 + data.length);
  block.writeUInt8(0x00, 0);
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
