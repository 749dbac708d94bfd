import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSessionLive, sessionAfterActivity, SESSION_TIMEOUT_MS, type Session } from './session';

const MINUTE = 60_000;

describe('sessions', () => {
  it('is the spec’s 15 minutes (900000 ms)', () => {
    expect(SESSION_TIMEOUT_MS).toBe(900_000);
  });

  it('goes on with activity inside 15 minutes and starts again after them', () => {
    const first = sessionAfterActivity(null, 0);
    expect(first).toEqual({ startedAt: 0, lastActiveAt: 0 });
    const later = sessionAfterActivity(first, 14 * MINUTE);
    expect(later).toEqual({ startedAt: 0, lastActiveAt: 14 * MINUTE });
    expect(isSessionLive(later, 28 * MINUTE)).toBe(true);
    expect(isSessionLive(later, 29 * MINUTE)).toBe(false);
    expect(sessionAfterActivity(later, 29 * MINUTE)).toEqual({
      startedAt: 29 * MINUTE,
      lastActiveAt: 29 * MINUTE,
    });
  });

  it('counts a clock that went back (a corrected system clock) as a new session', () => {
    const session = { startedAt: 10 * MINUTE, lastActiveAt: 12 * MINUTE };
    expect(isSessionLive(session, 5 * MINUTE)).toBe(false);
    expect(sessionAfterActivity(session, 5 * MINUTE).startedAt).toBe(5 * MINUTE);
  });

  it('over any activity, a session starts exactly where a gap of 15 minutes or more ends', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 * MINUTE }), { maxLength: 30 }), (gaps) => {
        let session: Session | null = null;
        let at = 0;
        let starts = 0;
        let expectedStarts = 0;
        for (const [index, gap] of gaps.entries()) {
          at += gap;
          const next = sessionAfterActivity(session, at);
          if (next.startedAt === at && session?.startedAt !== at) starts += 1;
          if (index === 0 || gap >= SESSION_TIMEOUT_MS) expectedStarts += 1;
          expect(next.lastActiveAt).toBe(at);
          expect(next.startedAt).toBeLessThanOrEqual(at);
          session = next;
        }
        expect(starts).toBe(expectedStarts);
      }),
    );
  });
});
