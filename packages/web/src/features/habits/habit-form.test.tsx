// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { DESCRIPTION_MAX } from '@habitquest/contracts/habits';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ColorField, HABIT_COLORS } from './ColorField';
import { HABIT_ICONS } from './habit-icons';
import { IconField } from './IconField';
import { checkHabit } from './HabitFormDialog';
import { withCreatedOn } from './day-habits';
import { habitFixture } from '../../../test/habit-fixture';
import { renderHabitsSection } from '../../../test/habits-section-harness';
import { keepRequestsPending } from '../../../test/pending-fetch';

const FIELDS = {
  title: 'Drink water',
  description: '',
  frequency: 'daily' as const,
  categoryId: '',
  xp: '10',
  isRecurring: true,
  specificDate: '2026-03-10',
  color: '#10b981',
  icon: 'target',
};

keepRequestsPending();

describe("a habit's description", () => {
  it('is optional, trimmed, and sent as null when left empty', () => {
    expect(
      checkHabit({ ...FIELDS, description: '  Keep a bottle on the desk 💧 ' }).input,
    ).toMatchObject({
      description: 'Keep a bottle on the desk 💧',
    });
    expect(checkHabit(FIELDS).input).toMatchObject({ description: null });
    expect(checkHabit({ ...FIELDS, description: '   ' }).input).toMatchObject({
      description: null,
    });
  });

  it('is refused over its limit, on its own field', () => {
    const checked = checkHabit({ ...FIELDS, description: 'a'.repeat(DESCRIPTION_MAX + 1) });
    expect(checked.input).toBeNull();
    expect(Object.keys(checked.errors ?? {})).toEqual(['description']);
  });

  it('shows under the title on the card, cut to two lines with the whole text in its title', () => {
    const long = `Keep a bottle on the desk ${'and refill it after every meeting '.repeat(6)}🚰`;
    renderHabitsSection({
      habits: withCreatedOn([
        habitFixture({ id: 'water', title: 'Drink water', description: long }),
        habitFixture({ id: 'read', title: 'Read' }),
      ]),
      completions: [],
      date: '2026-03-10',
      today: '2026-03-10',
    });
    const shown = screen.getByText(long);
    expect(shown.getAttribute('title')).toBe(long);
    expect(shown.className).toContain('line-clamp-2');
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((h) => h.nextElementSibling?.textContent),
    ).toContain(long);
  });
});

describe("a habit's colour", () => {
  it('is sent as chosen', () => {
    expect(checkHabit({ ...FIELDS, color: '#0ea5e9' }).input).toMatchObject({ color: '#0ea5e9' });
  });

  it('is one of eight swatches, a radio group named by colour, the chosen one checked', () => {
    const onChange = vi.fn();
    render(<ColorField value="#10b981" onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Colour' });
    expect(group).toBeDefined();
    const swatches = screen.getAllByRole('radio');
    expect(swatches.map((swatch) => swatch.getAttribute('aria-label'))).toEqual(
      HABIT_COLORS.map((color) => color.name),
    );
    expect(screen.getByRole('radio', { name: 'Emerald' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Sky' }));
    expect(onChange).toHaveBeenCalledWith('#0ea5e9');
  });

  it('keeps a colour set elsewhere (an import) as the first choice until another is picked', () => {
    render(<ColorField value="#123ABC" onChange={() => undefined} />);
    const swatches = screen.getAllByRole('radio');
    expect(swatches).toHaveLength(HABIT_COLORS.length + 1);
    expect(swatches[0]?.getAttribute('aria-label')).toBe('Current colour');
    expect(swatches[0]).toHaveProperty('checked', true);
    // Matched whatever its case: #10B981 is Emerald.
    render(<ColorField value="#10B981" onChange={() => undefined} />);
    expect(screen.getAllByRole('radio', { name: 'Emerald' }).at(-1)).toHaveProperty(
      'checked',
      true,
    );
  });
});

describe("a habit's icon", () => {
  it('is sent as chosen', () => {
    expect(checkHabit({ ...FIELDS, icon: 'book-open' }).input).toMatchObject({ icon: 'book-open' });
  });

  it('is a radio group named by what each icon is for, drawn in the chosen colour', () => {
    const onChange = vi.fn();
    render(<IconField value="target" color="#ec4899" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Icon' })).toBeDefined();
    const icons = screen.getAllByRole('radio');
    expect(icons.map((icon) => icon.getAttribute('aria-label'))).toEqual(
      HABIT_ICONS.map((icon) => icon.label),
    );
    expect(screen.getByRole('radio', { name: 'Target' })).toHaveProperty('checked', true);
    expect(icons[0]?.parentElement?.style.color).toBe('rgb(236, 72, 153)');
    fireEvent.click(screen.getByRole('radio', { name: 'Read' }));
    expect(onChange).toHaveBeenCalledWith('book-open');
  });

  it('keeps an emoji set elsewhere (an import) as the first choice, drawn as it is', () => {
    render(<IconField value="🏃" color="#10b981" onChange={() => undefined} />);
    const icons = screen.getAllByRole('radio');
    expect(icons).toHaveLength(HABIT_ICONS.length + 1);
    expect(icons[0]?.getAttribute('aria-label')).toBe('Current icon');
    expect(icons[0]).toHaveProperty('checked', true);
    expect(icons[0]?.parentElement?.textContent).toBe('🏃');
  });

  it('is drawn on the card: a known name as its picture, an emoji as text, anything else as the target', () => {
    renderHabitsSection({
      habits: withCreatedOn([
        habitFixture({ id: 'read', title: 'Read', icon: 'book-open' }),
        habitFixture({ id: 'run', title: 'Run', icon: '🏃' }),
        habitFixture({ id: 'odd', title: 'Odd', icon: 'no-such-icon' }),
      ]),
      completions: [],
      date: '2026-03-10',
      today: '2026-03-10',
    });
    const iconOf = (id: string) => {
      const icon = document.querySelector(`[data-habit-id="${id}"] [data-icon]`);
      if (!icon) throw new Error(`no icon on ${id}`);
      return icon;
    };
    expect(iconOf('read').querySelector('svg')?.getAttribute('class')).toContain(
      'lucide-book-open',
    );
    expect(iconOf('run').textContent).toBe('🏃');
    expect(iconOf('odd').querySelector('svg')?.getAttribute('class')).toContain('lucide-target');
  });
});
