/**
 * Where the end-to-end run's processes live, shared by playwright.config.ts and the tests: the app
 * on E2E_PORT (3187 by default) with its data directory, and the Stripe stand-in on the next port.
 * Two runs with different E2E_PORT values do not touch each other's files.
 */
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3187);
export const APP_URL = `http://127.0.0.1:${String(E2E_PORT)}`;
export const STRIPE_PORT = E2E_PORT + 1;
export const STRIPE_URL = `http://127.0.0.1:${String(STRIPE_PORT)}`;
export const DATA_DIR = path.resolve(`test-results/e2e-data-${String(E2E_PORT)}`);
export const OUTBOX_DIR = path.join(DATA_DIR, 'outbox');
/** The webhook secret the app and the stand-in share (test-only, like the key below). */
export const WEBHOOK_SECRET = 'whsec_habitquest_e2e';
export const FEEDBACK_EMAIL = 'feedback@e2e.habitquest.test';
export const DESKTOP_APP_URL = 'https://apps.example.com/habitquest-desktop';
export const MARKETING_URL = 'https://habitquest.example.com/';

const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How the tests start Chromium (a spec that needs more passes these and its own): Debian's
 * `chromium-headless-shell`, the same engine as its `chromium` without the desktop browser around
 * it. The suite's end-to-end phase took a sixth less time in it than in `chromium --headless`
 * (docs/testing.md, "How long the suite takes"). CHROMIUM_PATH picks another binary.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: COMMON_ARGS,
};

/**
 * The whole browser, `chromium --headless`, for the specs about notifications: the headless shell
 * never grants their permission, so it can show none. CHROMIUM_FULL_PATH picks another binary.
 */
export const CHROMIUM_FULL_LAUNCH = {
  executablePath: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium',
  args: COMMON_ARGS,
};
