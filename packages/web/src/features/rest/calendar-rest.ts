/**
 * What the calendar marks on each day (docs/product.md, "Rest days"): a vacation day, a day on
 * which a habit was skipped, a day on which a habit was paused. A pause with no end is marked up
 * to today only: the days after it are not decided yet.
 */
import type { LocalDate } from '@habitquest/core/dates';
import { isInRange } from '@habitquest/core/rest';
import type { RestFacts, RestKind } from '@habitquest/core/stats';

export type DayRest = ReadonlySet<RestKind>;

export function calendarRestDays(
  dates: readonly LocalDate[],
  facts: RestFacts,
  today: LocalDate,
): Map<LocalDate, DayRest> {
  const skipped = new Set([...facts.skips.values()].flat());
  const pauses = [...facts.pauses.values()].flat();
  const marks = new Map<LocalDate, DayRest>();
  for (const date of dates) {
    const kinds = new Set<RestKind>();
    if (facts.vacations.some((range) => isInRange(range, date))) kinds.add('vacation');
    if (skipped.has(date)) kinds.add('skipped');
    if (
      pauses.some((range) => isInRange(range, date) && (range.endsOn !== null || date <= today))
    ) {
      kinds.add('paused');
    }
    if (kinds.size > 0) marks.set(date, kinds);
  }
  return marks;
}
