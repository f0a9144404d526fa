import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
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

// What the root route imports, the console's i18n and the on-demand parts' helper among them, every page
// loads, the console's too; fewer than eight routes import it, so it came in chunks of their own (four on
// every page, 2.8 KB gzip with the root's). It goes in a shared chunk of its own (ADR 0086); the client
// entry's own imports are left out of the test, though the bundler then puts the cookies helper, which
// the entry and the cart session share, beside it. The static imports are read as modules are parsed;
// the chunk groups are decided after the whole graph is known.
const staticImports = new Map<string, readonly string[]>();
let rootModules: Set<string> | null = null;

function staticClosure(from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(staticImports.get(id) ?? []));
  }
  return seen;
}

function isRootModule(id: string): boolean {
  if (!rootModules) {
    const entry = staticClosure(`${ROOT}app/entry.client.tsx`);
    rootModules = new Set([...staticClosure(`${ROOT}app/root.tsx`)].filter((module) => !entry.has(module)));
  }
  return rootModules.has(id) && id.startsWith(ROOT) && SITE_MODULES.test(id.slice(ROOT.length));
}

const recordStaticImports: Plugin = {
  name: "travesia:static-imports",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "client",
  buildStart() {
    staticImports.clear();
    rootModules = null;
  },
  moduleParsed(info) {
    staticImports.set(info.id, info.importedIds);
  },
};

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
                { name: "site-shared", test: isRootModule, priority: 1 },
                { name: "site-shared", test: isSharedSiteModule, minShareCount: SHARED_BY_ROUTES, priority: 1 },
              ],
            },
          },
        },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), ogImages(), precompress(), recordStaticImports],
}));
