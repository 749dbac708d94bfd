/**
 * GET /api/about: public facts about this installation that the web app shows, so an operator's
 * settings reach the screens without a rebuild (docs/decisions.md: the feedback address is a setting).
 */
import { z } from 'zod';
import { LANDING_PATH } from './pages';

export const zAbout = z.object({
  /** The app's version, from the project's package.json. */
  version: z.string().min(1),
  /** Where 'Send Feedback' addresses its draft: the server's FEEDBACK_EMAIL. */
  feedbackEmail: z.email(),
  /** The desktop app's listing on a marketplace (DESKTOP_APP_URL), linked from the upgrade modal. */
  desktopAppUrl: z.url({ protocol: /^https?$/ }).nullable(),
  /**
   * Where the header's logo leads, the marketing home page: the server's MARKETING_URL, or the
   * app's own landing page (LANDING_PATH).
   */
  marketingUrl: z.union([z.literal(LANDING_PATH), z.url({ protocol: /^https?$/ })]),
});
export type About = z.infer<typeof zAbout>;
