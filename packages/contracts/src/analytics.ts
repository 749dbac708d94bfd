/**
 * The query of GET /api/analytics/* (Pro only). Numbers arrive as query strings, so they are
 * coerced; coercion of '' or 'abc' still fails, because z.number() refuses NaN.
 */
import { z } from 'zod';

export const zAnalyticsQuery = z.object({
  year: z.coerce.number().int().min(2000).max(9999),
  /** 1–12; absent for views that span the whole year. */
  month: z.coerce.number().int().min(1).max(12).optional(),
});
export type AnalyticsQuery = z.infer<typeof zAnalyticsQuery>;
