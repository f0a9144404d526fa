// A PDF read back the way a boarding scanner would: rasterized by poppler (pdftoppm) and each page's
// QR decoded with jsQR. One entry per page; null where no QR was found. 150 dpi is a printed page; the
// 7.4 cm QR still has several pixels per module at 72 dpi, which decodes an A4 page in a fraction of
// the time (jsQR's time grows with the pixels).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";

export function decodePdfQrs(pdf: Buffer, dpi = 150): (string | null)[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-pdf-qr-"));
  try {
    const file = path.join(dir, "tickets.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", String(dpi), file, path.join(dir, "page")]);
    const pages = readdirSync(dir)
      .filter((entry) => entry.startsWith("page-") && entry.endsWith(".png"))
      .sort();
    return pages.map((page) => {
      const png = PNG.sync.read(readFileSync(path.join(dir, page)));
      return (
        jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height, {
          inversionAttempts: "dontInvert",
        })?.data ?? null
      );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
