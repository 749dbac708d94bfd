import { describe, expect, it } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { calendarRestDays } from './calendar-rest';
import { canSkipOn, mergeSkips, restFactsOf, vacationStatus } from './rest-facts';
import { checkVacation } from './vacation-form';

describe('what rests, from the wire', () => {
  it('groups skips by habit, takes each pause and the vacation as ranges', () => {
    const facts = restFactsOf({
      habits: [
        habitFixture({ id: 'a', pause: { startsOn: '2026-11-20', resumesOn: '2026-11-27' } }),
        habitFixture({ id: 'b' }),
      ],
      skips: mergeSkips([{ habitId: 'b', date: '2026-11-01' }], undefined, [
        { habitId: 'b', date: '2026-11-01' },
        { habitId: 'b', date: '2026-11-02' },
      ]),
      vacation: { startsOn: '2026-12-20', endsOn: '2026-12-27' },
    });
    expect(facts.skips).toEqual(new Map([['b', ['2026-11-01', '2026-11-02']]]));
    // A pause rests up to the day before it resumes.
    expect(facts.pauses).toEqual(
      new Map([['a', [{ startsOn: '2026-11-20', endsOn: '2026-11-26' }]]]),
    );
    expect(facts.vacations).toEqual([{ startsOn: '2026-12-20', endsOn: '2026-12-27' }]);
  });

  it('adds the pauses and vacations already over, so past rest days show as the server counts them', () => {
    const facts = restFactsOf({
      habits: [
        habitFixture({ id: 'a', pause: { startsOn: '2026-11-20', resumesOn: null } }),
        habitFixture({ id: 'b' }),
      ],
      skips: [],
      vacation: null,
      history: {
        pauses: [
          { habitId: 'a', startsOn: '2026-10-01', endsOn: '2026-10-05' },
          { habitId: 'b', startsOn: '2026-09-01', endsOn: '2026-09-02' },
        ],
        vacations: [{ startsOn: '2026-08-01', endsOn: '2026-08-10' }],
      },
    });
    expect(facts.pauses).toEqual(
      new Map([
        [
          'a',
          [
            { startsOn: '2026-10-01', endsOn: '2026-10-05' },
            { startsOn: '2026-11-20', endsOn: null },
          ],
        ],
        ['b', [{ startsOn: '2026-09-01', endsOn: '2026-09-02' }]],
      ]),
    );
    expect(facts.vacations).toEqual([{ startsOn: '2026-08-01', endsOn: '2026-08-10' }]);
  });

  it('a skip is offered from the day the habit was created, in the user zone, to a year ahead', () => {
    // Created at 23:30 UTC on the 9th: already the 10th in Manila, still the 9th in New York.
    const habit = { createdAt: '2026-03-09T23:30:00Z' };
    expect(canSkipOn(habit, '2026-03-09', '2026-03-20', 'Asia/Manila')).toBe(false);
    expect(canSkipOn(habit, '2026-03-10', '2026-03-20', 'Asia/Manila')).toBe(true);
    expect(canSkipOn(habit, '2026-03-09', '2026-03-20', 'America/New_York')).toBe(true);
    // The server's bound (core's SKIP_DAYS_AHEAD, 366 days), to the day.
    expect(canSkipOn(habit, '2027-03-21', '2026-03-20', 'UTC')).toBe(true);
    expect(canSkipOn(habit, '2027-03-22', '2026-03-20', 'UTC')).toBe(false);
  });

  it('a vacation is now, ahead, or none once over', () => {
    const vacation = { startsOn: '2026-12-01', endsOn: '2026-12-03' };
    expect(vacationStatus(vacation, '2026-11-30')).toBe('ahead');
    expect(vacationStatus(vacation, '2026-12-01')).toBe('now');
    expect(vacationStatus(vacation, '2026-12-03')).toBe('now');
    expect(vacationStatus(vacation, '2026-12-04')).toBe('none');
    expect(vacationStatus(null, '2026-12-01')).toBe('none');
  });
});

describe('the calendar marks', () => {
  it('marks vacation days, skipped days, and paused days (an open pause only up to today)', () => {
    const facts = restFactsOf({
      habits: [
        habitFixture({ id: 'a', pause: { startsOn: '2026-11-23', resumesOn: null } }),
        habitFixture({ id: 'b', pause: { startsOn: '2026-11-10', resumesOn: '2026-11-12' } }),
      ],
      skips: [{ habitId: 'b', date: '2026-11-20' }],
      vacation: { startsOn: '2026-11-24', endsOn: '2026-11-26' },
    });
    const days = [
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
    ];
    const marks = calendarRestDays(days, facts, '2026-11-24');
    const read = (date: string) => [...(marks.get(date) ?? [])].sort();
    expect(read('2026-11-09')).toEqual([]);
    expect(read('2026-11-10')).toEqual(['paused']);
    expect(read('2026-11-11')).toEqual(['paused']);
    expect(read('2026-11-12')).toEqual([]); // back that day
    expect(read('2026-11-20')).toEqual(['skipped']);
    expect(read('2026-11-23')).toEqual(['paused']);
    expect(read('2026-11-24')).toEqual(['paused', 'vacation']);
    expect(read('2026-11-25')).toEqual(['vacation']); // the open pause is not drawn ahead
    expect(read('2026-11-27')).toEqual([]);
  });
});

describe('the vacation form', () => {
  const today = '2026-11-24';
  it('takes a range from the past into the future, up to 366 days', () => {
    expect(checkVacation('2026-11-20', '2026-11-24', today)).toEqual({
      vacation: { startsOn: '2026-11-20', endsOn: '2026-11-24' },
      errors: {},
    });
    expect(checkVacation('2026-12-01', '2027-12-01', today).vacation).not.toBeNull();
  });

  it('says what is wrong in words, on the field at fault', () => {
    expect(checkVacation('', '2026-12-01', today).errors).toEqual({ startsOn: 'Pick a day.' });
    expect(checkVacation('2026-12-05', '2026-12-01', today).errors).toEqual({
      endsOn: 'The last day cannot come before the first day.',
    });
    expect(checkVacation('2026-12-01', '2027-12-02', today).errors).toEqual({
      endsOn: 'A vacation lasts at most 366 days.',
    });
    expect(checkVacation('2026-11-01', '2026-11-23', today).errors).toEqual({
      endsOn: 'Pick a last day from today on.',
    });
  });
});
