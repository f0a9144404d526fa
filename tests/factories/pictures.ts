// Picture files for the tests of uploads: a real PNG (pngjs writes it), a JPEG's header and end
// (enough for a content check that reads its frame size), and bytes that only claim a type.
import { PNG } from "pngjs";

/** A real PNG of one colour, `width` × `height`. */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [14, 116, 144]): Buffer {
  const png = new PNG({ width, height });
  for (let at = 0; at < png.data.length; at += 4) {
    png.data[at] = rgb[0];
    png.data[at + 1] = rgb[1];
    png.data[at + 2] = rgb[2];
    png.data[at + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** A JPEG's start, an APP0 segment, its frame header (baseline, `width` × `height`) and its end. */
export function jpegHeaderOf(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...Array(9).fill(1), 0xff, 0xd9]);
}
