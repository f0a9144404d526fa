// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of
// the client build, once, at build time: server/app.ts serves them with `precompressed: true`, so no
// request pays for compression and browsers get the smallest encoding they accept (ADR 0035).
import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this, the encoded copy saves less than the header that announces it. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Compresses the files of `dir`; returns how many got encoded copies. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let compressed = 0;
  await Promise.all(
    files.map(async (file) => {
      const source = await stat(file);
      if (source.size < MIN_BYTES) return;
      // Copies newer than their file are this build's (the server build's pass); older ones are redone.
      if (existsSync(`${file}.br`) && (await stat(`${file}.br`)).mtimeMs >= source.mtimeMs) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      // An encoding that does not shrink the file is not worth a second lookup on every request.
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
      compressed += 1;
    }),
  );
  return compressed;
}

/**
 * After the client build, and again after the server build: React Router writes the client's route
 * manifest (assets/manifest-*.js) during the server build, into the client folder beside the server's.
 * Files that already have their copies are skipped the second time.
 */
export function precompress(): Plugin {
  return {
    name: "travesia:precompress",
    apply: "build",
    async closeBundle() {
      const { root, build } = this.environment.config;
      const outDir = path.resolve(root, build.outDir);
      const clientDir = this.environment.name === "client" ? outDir : path.join(path.dirname(outDir), "client");
      if (!existsSync(clientDir)) return;
      const count = await precompressDirectory(clientDir);
      if (count > 0) this.info(`precompressed ${count} files (brotli + gzip) in ${clientDir}`);
    },
  };
}
