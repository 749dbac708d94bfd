/**
 * Request headers of the API beyond HTTP's own (docs/ARCHITECTURE.md). No imports: the web app's
 * first download takes these without the schemas.
 */

/**
 * The id of the account a change was made by. The web app's outbox sends it with every change;
 * a session of another account is answered 401 and the change is not applied, so a change queued
 * by an account whose session has since ended waits for that account instead of landing in the
 * next one signed in on the device (docs/offline.md, "Whose changes").
 */
export const EXPECTED_USER_HEADER = 'x-expected-user-id';

/**
 * Response header: the revision of the user's data (moved by every change) as it stood when the
 * request's session was checked, on every answer to a signed-in GET. The data of the answer is at
 * least that new. The live stream's first heartbeat carries the revision it started at; the web
 * app reads again whatever it holds from an answer older than that, since the change between
 * them reached no stream (docs/ARCHITECTURE.md, "Early reads and the live stream").
 */
export const REVISION_HEADER = 'x-data-revision';
