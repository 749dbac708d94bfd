// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DatedHabit } from './day-habits';
import { habitFixture } from '../../../test/habit-fixture';
import { renderHabitsSection } from '../../../test/habits-section-harness';
import { keepRequestsPending } from '../../../test/pending-fetch';

const DATE = '2026-03-10';

function habit(id: string): DatedHabit {
  return { ...habitFixture({ id, createdAt: '2026-01-01T00:00:00Z' }), createdOn: '2026-01-01' };
}

/** Renders the section with `done` of `total` daily habits completed on DATE. */
function renderRate(done: number, total: number): HTMLElement {
  const habits = Array.from({ length: total }, (_, index) => habit(`h${String(index)}`));
  const completions = habits.slice(0, done).map((h, index) => ({
    id: `c${String(index)}`,
    habitId: h.id,
    completionDate: DATE,
    periodKey: DATE,
    xpEarned: 10,
    pointsEarned: 5,
    completedAt: `${DATE}T08:00:00Z`,
  }));
  renderHabitsSection({ habits, completions, date: DATE, today: DATE });
  const label = screen.getByText('Completion Rate');
  const value = label.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error('no value beside Completion Rate');
  return value;
}

keepRequestsPending();

describe('the Completion Rate stat', () => {
  // docs/product.md: green at 70 or more, amber at 40 or more, red below. The value carries its band's
  // colour and no default text colour that could win over it.
  it.each([
    [3, 4, '75%', 'text-emerald-700'],
    [7, 10, '70%', 'text-emerald-700'],
    [2, 4, '50%', 'text-amber-700'],
    [2, 5, '40%', 'text-amber-700'],
    [1, 4, '25%', 'text-red-700'],
    [0, 2, '0%', 'text-red-700'],
  ])('%i of %i done reads %s in %s', (done, total, text, tone) => {
    const value = renderRate(done, total);
    expect(value.textContent).toBe(text);
    expect(value.className).toContain(tone);
    expect(value.className).not.toContain('text-slate-900');
    expect(value.className).not.toContain('dark:text-white');
  });
});

describe('with no habit due in the tab', () => {
  it('shows no rate rather than a red 0 %', () => {
    const value = renderRate(0, 0);
    expect(value.textContent).toBe('–');
    expect(value.className).not.toMatch(/red|amber|emerald/);
  });
});
