import type { KeyClaim } from './http/idempotency';

/** What a request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by requireUser: the signed-in user every query is scoped by. */
    userId: string;
    /** Set by requireUser: the revision of the user's data when the request began (or null). */
    revision: number | null;
    /**
     * Set by requireUser for a route that checks the session itself, when it did not: the session's
     * token, which the route's first statement must find live (http/require-user.ts).
     */
    sessionToken: string | undefined;
    /**
     * Set by the idempotency middleware for a route that claims its Idempotency-Key in its own
     * transaction (http/idempotency.ts); undefined otherwise.
     */
    keyClaim: KeyClaim | undefined;
  };
};
