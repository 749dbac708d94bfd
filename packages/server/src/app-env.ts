/** What a request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by requireUser: the signed-in user every query is scoped by. */
    userId: string;
    /** Set by requireUser: the revision of the user's data when the request began (or null). */
    revision: number | null;
  };
};
