import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";
import { house } from "./scripts/eslint-house.js";
import { layerZones } from "./scripts/layers.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tests/.tmp/",
      // Files that break the house on purpose: tests/lint/layers.test.ts lints them.
      "tests/fixtures/lint/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      // The engine stays pure: nothing from the app, the server or the database.
      "no-restricted-imports": "off",
    },
  },
  {
    // The layers (docs/architecture.md): base ← engine ← db ← content ← services ← server ← app, resolved
    // through package.json's "#…" imports and relative paths alike. Tests drive the whole stack
    // through HTTP and check what screens say, so they may import across layers.
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "tests/{e2e,support}/**", "bench/**"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Tests, benchmarks and migrations (frozen history: an applied migration is never edited)
    // may run long; everything else keeps its functions short, and its components under 150
    // lines (their markup needs more room than logic does).
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "bench/**", "db/migrations/**"],
    plugins: { house },
    rules: { "house/function-size": ["error", { max: 80, componentMax: 150 }] },
  },
  {
    // Every regular expression that may meet a student's text, a request or a bank file runs in
    // linear time (ADR 0015): no backtracking that grows with the input's length, and no search
    // that starts again from every position. The rule proves what it can; the fuzz of
    // content/hostile-parse-inputs.test.ts covers the patterns it cannot judge (lazy
    // quantifiers before a rare ending).
    files: ["content/**", "services/**", "server/**", "base/**", "app/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { report: "potential" }],
    },
  },
  {
    files: ["engine/**", "base/**"],
    rules: {
      // The engine and the base run in the browser and in tests with no I/O: no React, no SQL.
      "no-restricted-imports": ["error", { patterns: ["react", "react-dom", "kysely", "node:*"] }],
    },
  },
  {
    // Only server/env.ts reads the environment; tests and tooling have their own readers.
    files: ["app/**", "db/**", "engine/**", "services/**", "server/**"],
    ignores: ["server/env.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration through server/env.ts.",
        },
      ],
    },
  },
);
