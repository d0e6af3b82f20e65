import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * `npm run lint` keeps the house (docs/architecture.md): each case below is a file that
 * imports in a wrong direction, linted as if it stood at that path in the tree, and must be
 * refused; the same file importing in the allowed direction must pass.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const use = (specifier: string) =>
  `import * as other from "${specifier}";\n\nexport const used = other;\n`;

const wrongImports: [file: string, specifier: string][] = [
  ["base/lint-fixture.ts", "#engine/random.ts"],
  ["base/lint-fixture.ts", "#db/kysely.ts"],
  ["base/lint-fixture.ts", "#server/env.ts"],
  ["base/lint-fixture.ts", "#app/i18n/vi.ts"],
  ["engine/lint-fixture.ts", "#db/kysely.ts"],
  ["engine/lint-fixture.ts", "#server/env.ts"],
  ["engine/lint-fixture.ts", "#content/rich-text.ts"],
  ["engine/lint-fixture.ts", "../app/i18n/vi.ts"],
  ["db/lint-fixture.ts", "#server/env.ts"],
  ["db/lint-fixture.ts", "#content/rich-text.ts"],
  ["db/lint-fixture.ts", "#app/i18n/vi.ts"],
  ["db/lint-fixture.ts", "../app/i18n/vi.ts"],
  ["content/lint-fixture.ts", "#server/auth.ts"],
  ["content/lint-fixture.ts", "#app/i18n/vi.ts"],
  ["content/lint-fixture.ts", "#services/attempts/save-attempt.ts"],
  ["db/lint-fixture.ts", "#services/review/review.ts"],
  ["engine/lint-fixture.ts", "#services/attempts/wire.ts"],
  ["services/lint-fixture.ts", "#server/env.ts"],
  ["services/lint-fixture.ts", "#server/logger.ts"],
  ["services/review/lint-fixture.ts", "#app/i18n/vi.ts"],
  ["server/lint-fixture.ts", "#app/i18n/vi.ts"],
  ["server/lint-fixture.ts", "../app/lib/room-setup.ts"],
  ["services/data-export/lint-fixture.ts", "#app/lib/room-setup.ts"],
  ["app/features/history/lint-fixture.tsx", "#app/features/room/summary.tsx"],
  ["app/features/history/lint-fixture.tsx", "../room/summary.tsx"],
  ["app/features/snow/lint-fixture.tsx", "#app/features/theme/theme-store.ts"],
  ["app/ui/lint-fixture.tsx", "#app/features/room/summary.tsx"],
  ["app/lib/lint-fixture.ts", "#app/features/offline/downloads.ts"],
  ["app/lib/lint-fixture.ts", "#app/layout/site-header.tsx"],
];

const rightImports: [file: string, specifier: string][] = [
  ["engine/lint-fixture.ts", "#base/limits.ts"],
  ["db/lint-fixture.ts", "#engine/random.ts"],
  ["content/lint-fixture.ts", "#db/kysely.ts"],
  ["content/lint-fixture.ts", "#server/env.ts"],
  ["services/lint-fixture.ts", "#db/kysely.ts"],
  ["services/own-practices/lint-fixture.ts", "#content/import-bank.ts"],
  ["server/lint-fixture.ts", "#services/attempts/save-attempt.ts"],
  ["app/lint-fixture.ts", "#services/own-practices/manage.ts"],
  ["server/lint-fixture.ts", "#db/kysely.ts"],
  ["server/lint-fixture.ts", "#content/load-banks.ts"],
  ["app/lint-fixture.ts", "#server/env.ts"],
  ["app/features/history/lint-fixture.tsx", "#app/ui/ring-chart.tsx"],
  ["app/features/history/lint-fixture.tsx", "#app/lib/dates.ts"],
  ["app/features/history/lint-fixture.tsx", "./attempt-list.tsx"],
  ["app/layout/lint-fixture.tsx", "#app/features/theme/theme-picker.tsx"],
  ["app/routes/lint-fixture.tsx", "#app/features/room/summary.tsx"],
];

describe("lint keeps the layers", () => {
  it.each(wrongImports)("refuses %s importing %s", async (file, specifier) => {
    expect(await problems(file, use(specifier))).toContain("import-x/no-restricted-paths");
  });

  it.each(rightImports)("lets %s import %s", async (file, specifier) => {
    expect(await problems(file, use(specifier))).toEqual([]);
  });

  it("keeps the engine and the base free of React, SQL and Node", async () => {
    for (const file of ["engine/lint-fixture.ts", "base/lint-fixture.ts"]) {
      for (const specifier of ["react", "kysely", "node:fs"]) {
        expect(await problems(file, use(specifier))).toContain("no-restricted-imports");
      }
    }
  });

  it("refuses an import cycle (tests/fixtures/lint/cycle-a.ts ↔ cycle-b.ts)", async () => {
    const linter = new ESLint({ cwd: root, ignore: false });
    const results = await linter.lintFiles(["tests/fixtures/lint/cycle-a.ts"]);
    expect(results[0]?.messages.map((message) => message.ruleId)).toContain("import-x/no-cycle");
  });
});

describe("lint keeps functions short", () => {
  const body = (lines: number) =>
    Array.from({ length: lines }, (_, i) => `  console.log(${i});`).join("\n");
  const longFunction = (name: string, lines = 80) =>
    `export function ${name}() {\n${body(lines)}\n  return 0;\n}\n`;

  it("flags a function of logic over 80 lines", async () => {
    expect(await problems("server/lint-fixture.ts", longFunction("save"))).toContain(
      "house/function-size",
    );
    expect(await problems("app/routes/lint-fixture.tsx", longFunction("action"))).toContain(
      "house/function-size",
    );
  });

  it("lets a React component run to 150 lines", async () => {
    expect(await problems("app/routes/lint-fixture.tsx", longFunction("Profile", 147))).toEqual([]);
  });

  it("flags a React component over 150 lines", async () => {
    expect(
      await problems("app/features/history/lint-fixture.tsx", longFunction("Profile", 148)),
    ).toContain("house/function-size");
  });

  it("counts a PascalCase function as a component only in a .tsx file", async () => {
    expect(await problems("app/lib/lint-fixture.ts", longFunction("Profile"))).toContain(
      "house/function-size",
    );
  });
});
