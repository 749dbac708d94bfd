/**
 * The numeric bounds of the wire's numbers, without zod: the schemas use them, and the browser's
 * first download may import them (a value import of a schema module would carry zod along).
 */

/** docs/decisions.md: a habit's XP is a whole number from 1 to 100, on create and on edit alike. */
export const HABIT_XP_MIN = 1;
export const HABIT_XP_MAX = 100;

/** A reward's cost in points (docs/product.md: at least 1, at most 10000). */
export const REWARD_COST_MIN = 1;
export const REWARD_COST_MAX = 10_000;

/** A category's monthly XP target: 1–10000 when created, 0 (no target) to 10000 when edited. */
export const MONTHLY_TARGET_CREATE_MIN = 1;
export const MONTHLY_TARGET_MIN = 0;
export const MONTHLY_TARGET_MAX = 10_000;
