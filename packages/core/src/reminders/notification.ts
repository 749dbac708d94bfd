/**
 * How long a reminder shown while the app runs (a tab, the desktop shell) stays before it closes
 * itself, unless the user asked for reminders that stay ("persistent"). A pushed one, shown while
 * no tab is open, stays: its user is likely away from the screen (docs/product.md, "Reminders").
 * A module of its own: the web's first download carries it, and none of the planner's rules.
 */
export const NOTIFICATION_AUTO_CLOSE_MS = 8_000;
