import { whatsNewCopy as copy } from './copy';

/**
 * A mailto: address with the subject and a body that carries the app version and the browser.
 * Encoded with encodeURIComponent: mail clients read '+' literally, so form encoding won't do.
 * The address and version come from the server (GET /api/about), so FEEDBACK_EMAIL is honoured.
 */
export function feedbackMailto(options: { to: string; version: string; browser: string }): string {
  const subject = encodeURIComponent(copy.feedbackSubject);
  const body = encodeURIComponent(copy.feedbackBody(options.version, options.browser));
  return `mailto:${options.to}?subject=${subject}&body=${body}`;
}
