// Three Vitest tiers: `unit` (pure, *.test.ts), `db` (PGlite snapshots, *.db.test.ts)
// and `server` (a PostgreSQL server and the production build, *.pg.test.ts). Test files sit beside their
// subjects. Any console.error during a test fails it (tests/setup/console.ts).
import { defineConfig } from "vitest/config";

const SOURCES = ["lib", "app", "server", "modules", "flows", "db", "tests", "sandbox-psp"].map((dir) => `${dir}/**`);
const IGNORED = ["**/node_modules/**", "build/**", ".tmp/**", ".react-router/**", "tests/e2e/**"];

export default defineConfig({
  // The React Router build module exists only inside a Vite app build; code that imports it lazily
  // (server/app.ts renders pages with it) can be tested without rendering pages.
  plugins: [
    {
      name: "travesia:no-server-build",
      resolveId: (id) => (id === "virtual:react-router/server-build" ? "\0travesia-no-server-build" : null),
      load: (id) =>
        id === "\0travesia-no-server-build"
          ? `throw new Error("Pages are rendered by the production build only: test them in the server tier (*.pg.test.ts)");`
          : null,
    },
  ],
  test: {
    environment: "node",
    // Transformed modules kept on disk (under node_modules, so a dependency change starts afresh): the
    // unit, db and server tiers are separate Vitest runs over the same sources, and each transformed
    // them again.
    experimental: { fsModuleCache: true },
    setupFiles: ["tests/setup/console.ts"],
    passWithNoTests: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Files share one module graph per worker: 4× faster here, and unit tests keep no module state.
          isolate: false,
          include: SOURCES.map((glob) => `${glob}/*.test.ts`),
          exclude: [...IGNORED, "**/*.db.test.ts", "**/*.pg.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          // Each file opens its own database from the snapshot; only the (stateless) code is shared.
          isolate: false,
          include: SOURCES.map((glob) => `${glob}/*.db.test.ts`),
          exclude: IGNORED,
          globalSetup: ["tests/setup/db-global.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          // One module graph per worker, as in the db tier: each file still makes its own database and
          // servers, and isolated files spent 5 to 13 s each importing the app again (ADR 0026, addendum 3).
          isolate: false,
          include: SOURCES.map((glob) => `${glob}/*.pg.test.ts`),
          exclude: IGNORED,
          globalSetup: ["tests/setup/pg-global.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
