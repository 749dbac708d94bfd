import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3187);
export const E2E_DATA_DIR = path.resolve('test-results/e2e-data');
const dataDir = E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  // Generous: two workers share two cores with the server under test.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh embedded database for every run (the config itself is loaded by every worker too).
    command: `rm -rf ${dataDir} && node_modules/.bin/tsx packages/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Each test context sends its own X-Forwarded-For, so sign-in rate limits stay per test.
      TRUST_PROXY: 'true',
    },
  },
});
