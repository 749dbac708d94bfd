/** What a request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by requireUser: the signed-in user every query is scoped by. */
    userId: string;
  };
};
