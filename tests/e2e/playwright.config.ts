import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://localhost:${PORT}`;

/** Browser tests against the real server (embedded database) in Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL,
    // The sellers' browsers: Turkish (a browser in English gets the English texts).
    locale: 'tr-TR',
    // The first-visit cookie notice (issue 13 (docs/history.md)) is dismissed up front; accounts.spec.ts checks it itself.
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'vitrin_cookie_notice', value: 'seen' }] }] },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    command: 'node --import tsx tests/e2e/serve.ts',
    cwd: '../..',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), E2E: '1' },
    stdout: 'pipe',
  },
});
