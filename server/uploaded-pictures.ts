// Pictures uploaded from the console, served at /images/uploads/<digest>.<type> (ADR 0079). They live
// in the database, so every node serves every picture whichever node took the upload. The name is the
// digest of the bytes: an address never shows other bytes, so browsers and caches keep it for a year.
import { Hono } from "hono";
import { findPicture, UPLOADED_PICTURE_PREFIX } from "../modules/catalog/index.ts";
import type { AppServices } from "./edge/index.ts";

export const UPLOADED_PICTURE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function uploadedPictureRoutes(services: AppServices) {
  const app = new Hono();
  app.on(["GET", "HEAD"], `${UPLOADED_PICTURE_PREFIX}:name`, async (c) => {
    const name = c.req.param("name");
    const picture = await findPicture(services.db, name);
    if (!picture) return c.body(null, 404, { "Cache-Control": "no-store" });
    const etag = `"${name.slice(0, 32)}"`;
    const headers = {
      "Content-Type": picture.contentType,
      "Cache-Control": UPLOADED_PICTURE_CACHE_CONTROL,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
    };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(picture.bytes), 200, { ...headers, "Content-Length": String(picture.bytes.length) });
  });
  return app;
}
