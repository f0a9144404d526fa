import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ogImages } from "./scripts/vite-og-images.ts";
import { precompress } from "./scripts/vite-precompress.ts";

// Browser chunks (ADR 0084). Left to itself the bundler cuts a chunk for every set of route modules
// that shares a module, so the home page's first load fetched 26 scripts, a dozen of them under 1 KB,
// each a request and a module record of its own. Two groups instead: the React and React Router
// runtime in one chunk (the same from one deploy to the next, so a returning visitor's cache keeps
// it), and the site's modules that at least eight route modules import in another. Below eight,
// pages fetched code they do not run; above it, the small chunks came back.
const RUNTIME_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const SITE_MODULES = /^(app|lib|modules)\//;
const SHARED_BY_ROUTES = 8;
/** The repository's root (this file's folder), whatever folder the build was started from. */
const ROOT = fileURLToPath(new URL("./", import.meta.url));

function isSharedSiteModule(id: string): boolean {
  if (!id.startsWith(ROOT)) return false;
  const local = id.slice(ROOT.length);
  // The console's modules stay with the console's routes: the storefront never loads them.
  return SITE_MODULES.test(local) && !local.startsWith("app/console/");
}

// The Hono server is the SSR build's entry, so the server and the route modules share one copy of
// every module (React Router context keys are compared by identity).
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild
      ? { input: "./server/main.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "runtime", test: RUNTIME_PACKAGES, priority: 2 },
                { name: "site-shared", test: isSharedSiteModule, minShareCount: SHARED_BY_ROUTES, priority: 1 },
              ],
            },
          },
        },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), ogImages(), precompress()],
}));
