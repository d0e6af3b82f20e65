import { defineConfig } from "@playwright/test";

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT) || 3100;
export const E2E_DATABASE = "tests/.tmp/e2e/on-tap.sqlite";

// Debian's Chromium, never a browser downloaded by Playwright. The flags keep it off the
// network it cannot reach (background services, QUIC) so it starts fast and quietly.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** The browser tests' server, as the webServer below starts it (a second build reuses it). */
export const E2E_SERVER_ENV = {
  NODE_ENV: "production",
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATABASE_URL: E2E_DATABASE,
  DATA_DIR: "tests/.tmp/e2e",
  BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-42",
  LOG_LEVEL: "warn",
  // One process: each worker keeps its own visitor-page cache (PAGE_CACHE_SECONDS), so with
  // several a test could read a counter from one worker's cache after saving through
  // another. tests/http/cluster.test.ts covers the workers themselves.
  WEB_CONCURRENCY: "1",
  // "How others answered" is counted every second, so a test sees a share it just made.
  ANSWER_SHARES_SECONDS: "1",
  SNOW_SEASON: "12-01/01-15",
  // Every browser test signs up from 127.0.0.1; the limits themselves are tested on the server.
  AUTH_SIGN_UP_PER_HOUR: "10000",
  AUTH_SIGN_IN_PER_MINUTE: "10000",
  AUTH_SIGN_IN_PER_IP_PER_MINUTE: "10000",
  AUTH_PASSWORD_RESET_PER_HOUR: "10000",
  // A job's 3 s counts its wait in the parse pool's queue: on a 2-core machine running a second
  // suite beside this one, a 30-question preview waited past it and was refused as too costly.
  // The limit itself is tested where it is set (content/parse-pool.test.ts, tests/http).
  PARSE_TIME_LIMIT_MS: "30000",
};

export { launchOptions };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // CI retries a failed browser test once, so that one timing hiccup on a loaded 2-core runner
  // does not throw away a whole session's work; a test that passes only on its retry is listed
  // by name as flaky in the run's closing lines (scripts/summarize-tests.mjs), never hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // A ceiling, not a wait: every step waits on a state. A whole flow (sign-up, mails, four axe
  // scans) took 31 s with a second suite beside it on two cores, past the old 30 s
  // (password-reset.spec.ts); 90 s is three times the slowest flow's time on a quiet machine.
  // Longer flows set their own.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    locale: "vi-VN",
    timezoneId: "Asia/Ho_Chi_Minh",
    trace: "retain-on-failure",
    // The service worker (ADR 0013) would answer requests the tests route and fake; only the
    // offline tests (offline.spec.ts) let it run.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "phone",
      grepInvert: /@desktop/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    { name: "desktop", grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: E2E_SERVER_ENV,
  },
});
