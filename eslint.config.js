import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    files: ["engine/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["#app/*", "#server/*", "#db/*", "react", "react-dom", "kysely"] },
      ],
    },
  },
  {
    // Only server/env.ts reads the environment; tests and tooling have their own readers.
    files: ["app/**", "db/**", "engine/**", "server/**"],
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
