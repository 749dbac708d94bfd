/** Tests only: a habit as GET /api/habits answers it, with the defaults a new daily habit has. */
import type { Habit } from '@habitquest/contracts/habits';

export function habitFixture(fields: Partial<Habit> & { id: string }): Habit {
  return {
    title: `Habit ${fields.id}`,
    description: null,
    frequency: 'daily',
    categoryId: null,
    category: null,
    xpOnComplete: 10,
    isRecurring: true,
    specificDate: null,
    color: '#10b981',
    icon: 'target',
    streak: 0,
    bestStreak: 0,
    lastCompletedAt: null,
    createdAt: '2025-01-01T00:00:00Z',
    pause: null,
    ...fields,
    // The day of createdAt in UTC, unless given.
    countsFrom: fields.countsFrom ?? (fields.createdAt ?? '2025-01-01T00:00:00Z').slice(0, 10),
  };
}
