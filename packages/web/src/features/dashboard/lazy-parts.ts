/** The dashboard's parts that are not in the first download: each loads when it is first shown. */
import { lazyDialog, lazyPart } from '../../app/lazy-part';

// Shown to travellers only: it loads when needed, not with the first screen.
export const TimeZoneOfferBar = lazyPart(
  () => import('../settings/TimeZoneOfferBar'),
  (m) => m.TimeZoneOfferBar,
  { kind: 'section' },
);

// Not in the first download; fetched once the dashboard is up (warm-later.ts), so that it opens
// offline too, like the calendar it belongs to (docs/offline.md).
export const DayInsightsDialog = lazyDialog(
  () => import('../calendar/DayInsightsDialog'),
  (m) => m.DayInsightsDialog,
);

// Shown only around a vacation: it loads then.
export const VacationNotice = lazyPart(
  () => import('../rest/VacationNotice'),
  (m) => m.VacationNotice,
  { kind: 'section' },
);

// Loads on first use, like the habit dialogs in the habits section (it carries zod).
export const HabitFormDialog = lazyDialog(
  () => import('../habits/HabitFormDialog'),
  (m) => m.HabitFormDialog,
);
