import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium, journeyChromeArgs } from './e2e/chromium';
import { useTestNodeFlags } from './server/test/node-flags';

useTestNodeFlags();

/**
 * End-to-end tests run against the production build (`npm run build`), served by `npm start`
 * on its own port with a fresh embedded database, or the Postgres database of E2E_DATABASE_URL
 * when set (CI; the journeys with a server of their own then make their databases beside it,
 * see e2e/own-server.ts). A test runs once, at 1280x800; tagged @mobile, at 390x844 instead; tagged
 * @both-screens (what it checks depends on the screen: layout, scrolling, what axe sees), at both.
 */
const port = Number(process.env.E2E_PORT ?? 5055);
/** Set E2E_BASE_URL to test an already running server (e.g. `npm run dev`) instead of the build. */
const externalBaseUrl = process.env.E2E_BASE_URL;
const databaseUrl = process.env.E2E_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rcc-e2e-'));
const launchOptions = { executablePath: findChromium(), args: journeyChromeArgs };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // One more than the cores: much of a journey is waiting (the page's idle time, a server of its
  // own starting), and on two cores three workers finished the pass in about three quarters of the time.
  workers: availableParallelism() + 1,
  retries: 0,
  // The journeys run beside the unit tests on two cores: a check waits on what it checks for up to
  // 15 s (a slow hash, a page re-rendered after the owner's change), a journey up to a minute.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  outputDir: 'test-results/e2e-artifacts',
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]] : 'list',
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}`,
    // No trace by default: recording one (DOM snapshots at every step, a screencast) took a quarter
    // of the journeys' CPU even when it was thrown away after a pass (docs/test-time.md). To see a
    // failing journey step by step, run it again with `npx playwright test <file> --trace on`.
    trace: 'off',
  },
  projects: [
    // The phone's project first: it holds the longest journeys (the owner's, 30-40 s each), which
    // then start early instead of leaving one worker busy at the end.
    {
      name: 'mobile',
      grep: /@mobile|@both-screens/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        // V8's default, as `npm start` runs: this server lives through the whole run, where the
        // optimised code pays off (server/test/node-flags.ts is for the short-lived processes).
        command: 'node dist/server/index.js',
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        // In CI, the server's warnings and errors appear beside the journeys.
        stdout: process.env.CI ? 'pipe' : 'ignore',
        timeout: 60_000,
        env: {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_REQUESTS: 'false',
          LOG_LEVEL: 'warn',
          // Many quotes from one address in a few seconds; the limit itself is tested in server/.
          RATE_LIMIT_PER_MINUTE: '500',
          // Every journey books from 127.0.0.1; the per-address visit limit is tested in server/.
          VISIT_LIMIT_PER_ADDRESS: '0',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
      },
});
