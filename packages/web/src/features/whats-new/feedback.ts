import { whatsNewCopy as copy } from './copy';

/**
 * Where feedback goes. It should come from the server's FEEDBACK_EMAIL setting (DESIGN §4 makes
 * the address a setting); until an endpoint exposes it, this is the default that setting has.
 */
export const FEEDBACK_EMAIL = 'feedback@habitquest.app';

/** The app's version, as in packages/web/package.json, for the feedback draft. */
export const APP_VERSION = '0.1.0';

/**
 * A mailto: address with the subject and a body that carries the app version and the browser.
 * Encoded with encodeURIComponent: mail clients read '+' literally, so form encoding won't do.
 */
export function feedbackMailto(options: { to: string; version: string; browser: string }): string {
  const subject = encodeURIComponent(copy.feedbackSubject);
  const body = encodeURIComponent(copy.feedbackBody(options.version, options.browser));
  return `mailto:${options.to}?subject=${subject}&body=${body}`;
}
