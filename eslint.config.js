// ESLint 9 flat config: typescript-eslint's recommended rules, no import cycles, and the import
// directions of the layers (lib ← modules ← flows ← app/routes, server; a module is entered
// only through its index.ts; app/components never reach server code).
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
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
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
              target: "./app/components",
              from: ["./modules", "./server", "./db"],
              message: "Components render data; they never import modules, server or db code.",
            },
            {
              target: "./app/components",
              from: "./app/**/*.server.ts",
              message: "Components never import *.server.ts files.",
            },
            ...moduleZones,
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
