/**
 * Writes tests/fixtures/real-banks/: one small file per way Vietnamese teachers and students
 * write a bank (issue 25), each with the same four questions, and expected.json with what
 * reading each must give. content/real-banks.test.ts reads them as the editor and the CLI do.
 *
 *   npx tsx scripts/make-real-bank-fixtures.ts
 *
 * The files are made here, not collected: every convention is spelled out in
 * tests/support/real-banks.ts, and writing them again gives the same bytes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { format } from "prettier";
import { REAL_BANK_FIXTURES } from "../tests/support/real-banks.ts";

const FOLDER = new URL("../tests/fixtures/real-banks/", import.meta.url);

mkdirSync(FOLDER, { recursive: true });
// A convention renamed or dropped leaves no stale file behind.
for (const name of readdirSync(FOLDER)) rmSync(new URL(name, FOLDER));

const expected: Record<string, unknown> = {};
for (const fixture of REAL_BANK_FIXTURES) {
  writeFileSync(new URL(fixture.file, FOLDER), await fixture.make());
  expected[fixture.file] = fixture.expected;
}
// Laid out as `npm run format` would, so the check of formatting passes on it as written.
const json = await format(JSON.stringify(expected), { parser: "json" });
writeFileSync(new URL("expected.json", FOLDER), json);
console.log(`${REAL_BANK_FIXTURES.length} files and expected.json in ${FOLDER.pathname}`);
