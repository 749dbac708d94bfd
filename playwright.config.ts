import { defineConfig, devices } from '@playwright/test';
import {
  APP_URL,
  CHROMIUM_FULL_LAUNCH,
  CHROMIUM_LAUNCH,
  DATA_DIR,
  DESKTOP_APP_URL,
  MARKETING_URL,
  E2E_PORT,
  FEEDBACK_EMAIL,
  STRIPE_URL,
  WEBHOOK_SECRET,
} from './e2e/support/e2e-env';

/** Specs that run on their own, after the others (project "alone"). */
const ALONE = /installable-update\.spec\.ts$/;
/** Specs that need the whole browser, not the headless shell (project "notifications"). */
const WHOLE_BROWSER = /reminders\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-artifacts-${String(E2E_PORT)}`,
  fullyParallel: true,
  // Generous: two workers share two cores with the server under test, and on a slow day many
  // tests that take 20-30 s alone pass 50 s (seen 2026-11-28).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: APP_URL,
    // Dates and numbers follow the browser's language (web/src/lib/format.ts): fixed for the tests.
    locale: 'en-US',
    // A failed test keeps its trace (the actions, the DOM at each, network and console), without
    // the screencast: its frames, encoded in the browser and written by the worker through every
    // test, cost a sixth of the suite's CPU (docs/testing.md, "How long the suite takes").
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app's service worker answers from its precache, which page.route() never sees: specs
    // that fail chunks or fake /build.json would test the worker instead. installable.spec.ts,
    // about the worker, allows it.
    serviceWorkers: 'block',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [ALONE, WHOLE_BROWSER],
    },
    {
      // Notifications: the headless shell never grants their permission (e2e/support/e2e-env.ts).
      name: 'notifications',
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_FULL_LAUNCH },
      testMatch: WHOLE_BROWSER,
    },
    {
      // Timing-sensitive under load (a service worker's activation): run once every other spec is
      // done, one at a time. See e2e/installable-update.spec.ts.
      name: 'alone',
      use: { ...devices['Desktop Chrome'] },
      testMatch: ALONE,
      dependencies: ['chromium', 'notifications'],
      workers: 1,
    },
  ],
  webServer: [
    {
      // Stripe's stand-in: checkout sessions and a hosted payment page that sends signed webhooks.
      command: 'node_modules/.bin/tsx e2e/support/stripe-stand-in-main.ts',
      url: `${STRIPE_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh embedded database for every run (the config itself is loaded by every worker too).
      command: `rm -rf ${DATA_DIR} && node_modules/.bin/tsx packages/server/src/main.ts`,
      url: `${APP_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: APP_URL,
        DATA_DIR,
        LOG_LEVEL: 'warn',
        // Each test context sends its own X-Forwarded-For, so sign-in rate limits stay per test.
        TRUST_PROXY: 'true',
        STRIPE_SECRET_KEY: 'sk_test_habitquest_e2e',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: STRIPE_URL,
        FEEDBACK_EMAIL,
        DESKTOP_APP_URL,
        MARKETING_URL,
      },
    },
  ],
});
