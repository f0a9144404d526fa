// Renders the PNG twins of the SVG illustrations that link previews show (app/content/og-images.ts
// says which), once per client build, as assets of the build; the dev server renders them on request.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { Plugin } from "vite";
import {
  DEFAULT_OG_SVG,
  OG_IMAGE_WIDTH,
  OG_SOURCE_FOLDERS,
  hasRasterTwin,
  rasterImageOf,
} from "../app/content/og-images.ts";

/** An SVG as a PNG `OG_IMAGE_WIDTH` pixels wide, its height to scale. */
export function renderPng(svg: Buffer | string): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: OG_IMAGE_WIDTH }, background: "#ffffff" }).render().asPng();
}

/** Public paths of every SVG with a PNG twin, under `publicDir`. */
export async function ogSources(publicDir: string): Promise<string[]> {
  const nested = await Promise.all(
    OG_SOURCE_FOLDERS.map(async (folder) =>
      (await readdir(path.join(publicDir, folder))).map((file) => `${folder}${file}`),
    ),
  );
  return [DEFAULT_OG_SVG, ...nested.flat()].filter(hasRasterTwin);
}

export function ogImages(): Plugin {
  let publicDir = "public";
  return {
    name: "travesia-og-images",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      for (const source of await ogSources(publicDir)) {
        const png = renderPng(await readFile(path.join(publicDir, source)));
        this.emitFile({ type: "asset", fileName: rasterImageOf(source).slice(1), source: png });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const match = /^\/images\/og\/([\w-]+)\.png$/.exec(request.url ?? "");
        const source = match
          ? (await ogSources(publicDir)).find((svg) => rasterImageOf(svg) === request.url)
          : undefined;
        if (!source) return next();
        response.setHeader("Content-Type", "image/png");
        response.end(renderPng(await readFile(path.join(publicDir, source))));
      });
    },
  };
}
