/**
 * Colours of the analytics bars (docs/product.md): the Monthly tab's five bands (≥80, ≥60, ≥40, >0,
 * none) and the Weekly tab's three (≥70 green, ≥40 amber, else red). Hex values, because SVG
 * fills take colours, not class names; each is paired with a legend, so colour is never the only
 * cue.
 */
import type { MonthlyRateBand, RateBand } from '@habitquest/core/stats';

export const MONTHLY_BAND_COLORS: Record<MonthlyRateBand, string> = {
  excellent: '#059669',
  good: '#34d399',
  fair: '#f59e0b',
  low: '#f87171',
  none: '#94a3b8',
};

export const WEEKLY_BAND_COLORS: Record<RateBand, string> = {
  green: '#10b981',
  amber: '#f59e0b',
  red: '#ef4444',
};

/** The one colour of the Overview's monthly XP bars. */
export const XP_BAR_COLOR = '#6366f1';
