// A picture is told by its bytes: its type, its size and an intact end, whatever its name says.
import { describe, expect, it } from "vitest";
import { jpegHeaderOf, pngOf } from "../../tests/factories/pictures.ts";
import { PICTURE_MAX_BYTES, inspectPicture, pictureIssues } from "./pictures.ts";

describe("pictureIssues", () => {
  it("reads a PNG's and a JPEG's size from their headers", () => {
    expect(inspectPicture(pngOf(320, 240))).toEqual({ type: "png", width: 320, height: 240 });
    expect(inspectPicture(jpegHeaderOf(1200, 800))).toEqual({ type: "jpeg", width: 1200, height: 800 });
    expect(pictureIssues(pngOf(320, 240))).toEqual([]);
  });

  it("reads a WebP's size from its VP8X header", () => {
    const webp = Buffer.alloc(30);
    webp.write("RIFF", 0);
    webp.writeUInt32LE(22, 4);
    webp.write("WEBPVP8X", 8);
    webp.writeUIntLE(639, 24, 3);
    webp.writeUIntLE(479, 27, 3);
    expect(inspectPicture(webp)).toEqual({ type: "webp", width: 640, height: 480 });
  });

  it("refuses what is not a picture, one cut short, too small, too wide or too heavy", () => {
    const script = Buffer.from("<svg onload=alert(1)></svg>");
    expect(pictureIssues(script)).toEqual([{ path: "picture", code: "not_a_picture" }]);
    const png = pngOf(320, 240);
    expect(pictureIssues(png.subarray(0, png.length - 12))).toEqual([{ path: "picture", code: "not_a_picture" }]);
    expect(pictureIssues(pngOf(120, 240))).toEqual([{ path: "picture", code: "too_small" }]);
    expect(pictureIssues(jpegHeaderOf(6400, 800))).toEqual([{ path: "picture", code: "too_wide" }]);
    expect(pictureIssues(new Uint8Array(PICTURE_MAX_BYTES + 1))).toEqual([{ path: "picture", code: "too_large" }]);
  });
});
