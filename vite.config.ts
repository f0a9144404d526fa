import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ogImages } from "./scripts/vite-og-images.ts";
import { precompress } from "./scripts/vite-precompress.ts";

// The Hono server is the SSR build's entry, so the server and the route modules share one copy of
// every module (React Router context keys are compared by identity).
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), ogImages(), precompress()],
}));
