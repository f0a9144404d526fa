// ESLint 9 flat config: typescript-eslint's recommended rules and the import directions of the
// layers (lib ← modules ← flows ← server/edge ← app/routes, server; a module is entered only through
// its index.ts; app/components never reach server code; server and db never reach app; the sandbox
// PSP beside them all is imported only where it is hosted). Import cycles are Biome's (biome.json).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const MODULES = readdirSync(new URL("./modules/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const moduleZones = MODULES.flatMap((name) => [
  {
    // Another module reaches this one only through its index.ts.
    target: MODULES.filter((other) => other !== name).map((other) => `./modules/${other}`),
    from: `./modules/${name}`,
    except: ["./index.ts"],
    message: `Import the ${name} module through modules/${name}/index.ts.`,
  },
  {
    target: ["./app", "./server", "./flows", "./lib", "./tests", "./scripts", "./db/**/!(schema).ts"],
    from: `./modules/${name}`,
    except: ["./index.ts"],
    message: `Import the ${name} module through modules/${name}/index.ts.`,
  },
  {
    // db/schema.ts gathers every module's tables for drizzle-kit and the migrator.
    target: "./db/schema.ts",
    from: `./modules/${name}`,
    except: ["./index.ts", "./schema.ts"],
    message: `db/schema.ts may re-export modules/${name}/schema.ts, nothing else of the module.`,
  },
]);

// The sandbox payment provider stands in for an outside company (ADR 0071): the shop talks to it over
// HTTP only, so no module, flow, page or server code imports it. Its router and the worker that runs
// its webhook loop host it; tests may read its tables the way one reads a provider's dashboard; and
// db/schema.ts migrates its tables. It, in turn, knows nothing of the shop but lib/.
const sandboxZones = [
  {
    target: [
      "./modules",
      "./lib",
      "./scripts",
      "./flows/**/!(*.test).ts",
      "./app/**/!(*.test).{ts,tsx}",
      "./db/**/!(schema).ts",
      // The server, but for the sandbox's router and the worker.
      "./server/!(*.test|worker).ts",
      "./server/!(api)/**/!(*.test).ts",
      "./server/api/!(*.test|sandbox-psp).ts",
    ],
    from: "./sandbox-psp",
    message:
      "The sandbox PSP stands in for an outside company: reach it over HTTP (modules/payments), never by import.",
  },
  {
    // Like a module, it is entered through its index.ts (db/schema.ts re-exports its schema.ts).
    target: ["./app", "./server", "./flows", "./lib", "./tests", "./scripts", "./modules", "./db/**/!(schema).ts"],
    from: "./sandbox-psp",
    except: ["./index.ts"],
    message: "Import the sandbox PSP through sandbox-psp/index.ts.",
  },
  {
    target: "./db/schema.ts",
    from: "./sandbox-psp",
    except: ["./index.ts", "./schema.ts"],
    message: "db/schema.ts may re-export sandbox-psp/schema.ts, nothing else of it.",
  },
  {
    target: "./sandbox-psp",
    from: ["./modules", "./flows", "./app", "./server", "./db"],
    message: "The sandbox PSP is an outside company's stand-in: it knows nothing of the shop but lib/.",
  },
];

const NODE_GLOBALS = Object.fromEntries(
  [
    "process",
    "console",
    "Buffer",
    "URL",
    "URLSearchParams",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "performance",
    "fetch",
    "AbortController",
  ].map((name) => [name, "readonly"]),
);

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".tmp/**",
      ".data/**",
      ".react-router/**",
      "node_modules/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib",
              from: ["./modules", "./flows", "./app", "./server", "./db"],
              message: "lib/ is domain-free: it imports nothing from modules, flows, app, server or db.",
            },
            {
              target: "./modules",
              from: ["./flows", "./app", "./server"],
              message: "Modules never import flows, app or server code.",
            },
            {
              target: "./flows",
              from: ["./app", "./server"],
              message: "Flows never import app or server code.",
            },
            {
              // The web edge is shared by the route modules and the API routers: it leans on neither side.
              target: "./server/edge",
              from: ["./app", "./server/api"],
              message: "server/edge is shared by pages and APIs: it imports nothing from app or server/api (ADR 0066).",
            },
            {
              // The server reaches the route modules only through the React Router build: a virtual
              // module, not a path, so it needs no exception here.
              target: "./server",
              from: "./app",
              message: "server/ imports nothing from app/ but the React Router build (ADR 0069).",
            },
            {
              target: "./db",
              from: "./app",
              message: "db/ imports nothing from app/: what the seed shares with pages lives in lib (ADR 0069).",
            },
            {
              target: "./app/components",
              from: ["./modules", "./server", "./db"],
              message: "Components render data; they never import modules, server or db code.",
            },
            {
              target: "./app/components",
              from: ["./app/**/*.server.ts", "./lib/**/*.server.ts"],
              message: "Components never import *.server.ts files.",
            },
            ...moduleZones,
            ...sandboxZones,
          ],
        },
      ],
    },
  },
  {
    // A function a newcomer can read is a screen long; 150 lines is the hard limit for source code.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/*.test.ts", "tests/**"],
    rules: { "max-lines-per-function": ["error", { max: 150 }] },
  },
);
