import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel builds (tests, benchmarks, several checkouts of work) each get their own directory.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    // Typed per-request context (RouterContextProvider) instead of a loose load-context object.
    v8_middleware: true,
    // Loaders and components ship in separate chunks: less JS before a page becomes interactive.
    v8_splitRouteModules: true,
    // v8_passThroughRequests stays off: loaders read request.url as the page's URL (the slug table
    // matches it), not the raw "…/_.data" URL of a client-side navigation.
    // Every page path of the slug table ends in "/": data requests must keep that slash.
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
