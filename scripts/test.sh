#!/usr/bin/env bash
# `npm test`: every test. The production build, then unit, server and data-layer tests (SQLite, and PostgreSQL: the server at
# TEST_DATABASE_URL or else in-process PGlite), then the browser
# tests in Debian's Chromium. REQUIRE_ALL_TESTS=1 (CI) turns any skipped test into a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
rm -rf reports test-results
mkdir -p reports tests/.tmp

# The server tests and the browser tests both drive the production build.
npm run build --silent
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=$?
if [ "$status" -eq 0 ]; then
  npx playwright test || status=$?
fi
node scripts/summarize-tests.mjs || status=$?
exit "$status"
