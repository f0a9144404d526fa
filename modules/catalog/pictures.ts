// Pictures the operator uploads (ADR 0079): checked by their content, not their name or declared type
// (PNG, JPEG or WebP: signature, header, dimensions and an intact end), stored once by their digest and
// served from /images/uploads/ under that name, so an address never changes what it shows. Nothing is
// decoded or re-encoded: no image library is among the dependencies, and a picture is served as sent.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../lib/db.ts";
import type { ErrorIssue } from "../../lib/errors.ts";
import { pictures } from "./schema.ts";

/** 2 MiB: a product's picture at the width the site shows (up to 1920 px) in any of the three types. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Each side in pixels: smaller blurs on a product page; larger is a camera original, not a web picture. */
export const PICTURE_MIN_SIDE = 200;
export const PICTURE_MAX_SIDE = 6000;
export const UPLOADED_PICTURE_PREFIX = "/images/uploads/";
/** The name a stored picture is served under: 32 hex digits of its SHA-256 and its type's extension. */
export const UPLOADED_PICTURE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export type PictureType = "png" | "jpeg" | "webp";
export const PICTURE_CONTENT_TYPES: Record<PictureType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};
const EXTENSIONS: Record<PictureType, string> = { png: "png", jpeg: "jpg", webp: "webp" };

export interface PictureFacts {
  type: PictureType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_END = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32le = (b: Uint8Array, at: number) => u24le(b, at) + b[at + 3]! * 0x1000000;

/** PNG: the signature, IHDR as the first chunk (its size), IEND as the last. */
function pngFacts(b: Uint8Array): PictureFacts | null {
  if (b.length < 57 || !startsWith(b, PNG_SIGNATURE) || ascii(b, 12, 4) !== "IHDR") return null;
  if (!startsWith(b, PNG_END, b.length - 8)) return null;
  return { type: "png", width: u32be(b, 16), height: u32be(b, 20) };
}

/** JPEG: SOI, segments up to a start-of-frame (its size), EOI at the end. */
function jpegFacts(b: Uint8Array): PictureFacts | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  if (b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16be(b, at + 2);
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame's height then width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { type: "jpeg", height: u16be(b, at + 5), width: u16be(b, at + 7) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container whose size is the file's, and a VP8, VP8L or VP8X first chunk (its size). */
function webpFacts(b: Uint8Array): PictureFacts | null {
  if (b.length < 30 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return null;
  if (u32le(b, 4) + 8 !== b.length) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 " && startsWith(b, [0x9d, 0x01, 0x2a], 23))
    return { type: "webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    return { type: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { type: "webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** What a file is by its bytes, or null when it is none of the accepted types (or is cut short). */
export function inspectPicture(bytes: Uint8Array): PictureFacts | null {
  return pngFacts(bytes) ?? jpegFacts(bytes) ?? webpFacts(bytes);
}

/** What is wrong with an uploaded file as a product's picture; empty when it may be stored. */
export function pictureIssues(bytes: Uint8Array): ErrorIssue[] {
  if (bytes.length > PICTURE_MAX_BYTES) return [{ path: "picture", code: "too_large" }];
  const facts = inspectPicture(bytes);
  if (!facts) return [{ path: "picture", code: "not_a_picture" }];
  const sides = [facts.width, facts.height];
  if (sides.some((side) => side < PICTURE_MIN_SIDE)) return [{ path: "picture", code: "too_small" }];
  if (sides.some((side) => side > PICTURE_MAX_SIDE)) return [{ path: "picture", code: "too_wide" }];
  return [];
}

/** Stores a checked picture (once: the same bytes make the same name) and answers its address. */
export async function storePicture(tx: Database, bytes: Uint8Array, facts: PictureFacts): Promise<string> {
  const name = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${EXTENSIONS[facts.type]}`;
  await tx
    .insert(pictures)
    .values({
      name,
      contentType: PICTURE_CONTENT_TYPES[facts.type],
      bytes: Buffer.from(bytes),
      width: facts.width,
      height: facts.height,
    })
    .onConflictDoNothing();
  return `${UPLOADED_PICTURE_PREFIX}${name}`;
}

export async function findPicture(db: Database, name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!UPLOADED_PICTURE_NAME.test(name)) return null;
  const [row] = await db
    .select({ contentType: pictures.contentType, bytes: pictures.bytes })
    .from(pictures)
    .where(eq(pictures.name, name));
  return row ?? null;
}
