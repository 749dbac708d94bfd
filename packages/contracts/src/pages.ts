/**
 * The app's own pages that more than one package names (zod-free: the web's first download
 * carries it).
 */

/** The landing page: the marketing home page unless the server's MARKETING_URL names another. */
export const LANDING_PATH = '/welcome';
