import { describe, expect, it } from 'vitest';
import { skipEntry, skipPayloadOf, withSkip } from './skip-entry';
import { vacationPayloadOf } from './vacation-payload';
import { vacationEntry } from './vacation-entry';

const daily = { frequency: 'daily' } as const;
const weekly = { frequency: 'weekly' } as const;

describe('a skip in the cached skips', () => {
  it('adds the date once, and unskipping removes it', () => {
    const skipped = withSkip([], { habitId: 'h', date: '2026-11-24', skipped: true }, daily, 0);
    expect(skipped).toEqual([{ habitId: 'h', date: '2026-11-24' }]);
    const again = withSkip(skipped, { habitId: 'h', date: '2026-11-24', skipped: true }, daily, 0);
    expect(again).toEqual(skipped);
    expect(withSkip(again, { habitId: 'h', date: '2026-11-24', skipped: false }, daily, 0)).toEqual(
      [],
    );
  });

  it('rests or wakes the whole period of a weekly habit, and leaves other habits and weeks', () => {
    const list = [
      { habitId: 'h', date: '2026-11-23' }, // Monday of the week Sun 22 – Sat 28
      { habitId: 'h', date: '2026-11-16' }, // the week before
      { habitId: 'other', date: '2026-11-25' },
    ];
    // Unskipping on Friday wakes the week that Monday's skip rested.
    expect(withSkip(list, { habitId: 'h', date: '2026-11-27', skipped: false }, weekly, 0)).toEqual(
      [
        { habitId: 'h', date: '2026-11-16' },
        { habitId: 'other', date: '2026-11-25' },
      ],
    );
    // Skipping again in the same week keeps one skip for it.
    const next = withSkip(list, { habitId: 'h', date: '2026-11-27', skipped: true }, weekly, 0);
    expect(next.filter((skip) => skip.habitId === 'h')).toEqual([
      { habitId: 'h', date: '2026-11-16' },
      { habitId: 'h', date: '2026-11-27' },
    ]);
    // With weeks from Monday, Sunday the 22nd is in the week before Monday the 23rd.
    expect(
      withSkip(list, { habitId: 'h', date: '2026-11-22', skipped: false }, weekly, 1),
    ).toContainEqual({ habitId: 'h', date: '2026-11-23' });
  });
});

describe('the outbox entries of rest', () => {
  it('a skip is a PUT of the wanted state to the date acted on, keyed by its id', () => {
    const entry = skipEntry('key-1', { habitId: 'h1', date: '2026-11-24', skipped: true }, 5);
    expect(entry).toEqual({
      id: 'key-1',
      type: 'set-skip',
      payload: { habitId: 'h1', date: '2026-11-24', skipped: true },
      timestamp: 5,
      retries: 0,
      method: 'PUT',
      path: '/api/habits/h1/skips/2026-11-24',
      body: { skipped: true },
    });
    expect(skipPayloadOf(entry)).toEqual({ habitId: 'h1', date: '2026-11-24', skipped: true });
  });

  it('reads back only well-formed skip payloads', () => {
    const base = { id: 'k', timestamp: 1, retries: 0 };
    expect(skipPayloadOf({ ...base, type: 'settings', payload: {} })).toBeNull();
    expect(
      skipPayloadOf({ ...base, type: 'set-skip', payload: { habitId: 'h', date: 'soon' } }),
    ).toBeNull();
    expect(skipPayloadOf({ ...base, type: 'set-skip', payload: null })).toBeNull();
  });

  it('a vacation is a PUT of the range, ending one a DELETE; both read back', () => {
    const vacation = { startsOn: '2026-12-01', endsOn: '2026-12-10' };
    const put = vacationEntry('a', { vacation }, 7);
    expect(put).toMatchObject({ method: 'PUT', path: '/api/vacation', body: vacation });
    expect(vacationPayloadOf(put)).toEqual({ vacation });
    const end = vacationEntry('b', { vacation: null }, 8);
    expect(end).toMatchObject({ method: 'DELETE', path: '/api/vacation', body: undefined });
    expect(vacationPayloadOf(end)).toEqual({ vacation: null });
    expect(
      vacationPayloadOf({ ...end, payload: { vacation: { startsOn: 'x', endsOn: 'y' } } }),
    ).toBeUndefined();
    expect(vacationPayloadOf({ ...end, type: 'settings' })).toBeUndefined();
  });
});
