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
     * Set by the idempotency middleware for a route that claims its Idempotency-Key in its own
     * transaction (http/idempotency.ts); undefined otherwise.
     */
    keyClaim: KeyClaim | undefined;
  };
};
