import { describe, expect, it } from 'vitest';
import { REST_MESSAGES, zPauseRequest, zSetSkip, zVacation } from './rest';

describe('rest days on the wire', () => {
  it('a vacation runs forward, at most 366 days, and says what is wrong', () => {
    expect(zVacation.parse({ startsOn: '2026-12-20', endsOn: '2026-12-20' })).toEqual({
      startsOn: '2026-12-20',
      endsOn: '2026-12-20',
    });
    const backwards = zVacation.safeParse({ startsOn: '2026-12-20', endsOn: '2026-12-19' });
    expect(backwards.error?.issues.map((issue) => issue.message)).toEqual([
      REST_MESSAGES.vacationOrder,
    ]);
    const long = zVacation.safeParse({ startsOn: '2026-01-01', endsOn: '2027-01-02' });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      REST_MESSAGES.vacationTooLong,
    ]);
    expect(zVacation.safeParse({ startsOn: '2026-02-30', endsOn: '2026-03-01' }).success).toBe(
      false,
    );
    expect(
      zVacation.safeParse({ startsOn: '2026-01-01', endsOn: '2026-01-02', x: 1 }).success,
    ).toBe(false);
  });

  it('a pause resumes on a date or never; a skip is a boolean', () => {
    expect(zPauseRequest.parse({})).toEqual({ resumesOn: null });
    expect(zPauseRequest.parse({ resumesOn: '2026-12-01' })).toEqual({ resumesOn: '2026-12-01' });
    expect(zPauseRequest.safeParse({ resumesOn: 'soon' }).success).toBe(false);
    expect(zSetSkip.safeParse({ skipped: 'yes' }).success).toBe(false);
    expect(zSetSkip.safeParse({ skipped: true, date: '2026-12-01' }).success).toBe(false);
  });
});
