// Prints one closing line for the whole run ("tests: N passed, N failed, N skipped") from the
// Vitest and Playwright JSON reports, and fails when REQUIRE_ALL_TESTS=1 and anything skipped.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = read("reports/vitest.json");
const playwright = read("reports/playwright.json");

let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
const flaky = playwright ? flakyTitles(playwright.suites ?? []) : [];
if (flaky.length > 0) {
  console.log(
    `flaky: ${flaky.length} browser test(s) failed first and passed on the retry; fix them:`,
  );
  for (const title of flaky) console.log(`  - ${title}`);
}
if (!vitest || !playwright) console.log("(a suite did not report: see the output above)");
if (process.env.REQUIRE_ALL_TESTS === "1" && skipped > 0) {
  console.error(`REQUIRE_ALL_TESTS=1: ${skipped} test(s) were skipped, which CI does not allow.`);
  process.exit(1);
}
if (failed > 0 || passed === 0) process.exit(1);

/** "project › file › title" of every Playwright test whose outcome was flaky. */
function flakyTitles(suites, path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "flaky")
        .map((test) =>
          [test.projectName, ...path, suite.title, spec.title].filter(Boolean).join(" › "),
        ),
    ),
    ...flakyTitles(suite.suites ?? [], [...path, suite.title]),
  ]);
}
