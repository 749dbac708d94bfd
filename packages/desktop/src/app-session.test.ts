import { SESSION_TIMEOUT_MS } from '@habitquest/core/reminders/session';
import { describe, expect, it } from 'vitest';
import { createAppSession } from './app-session';

const START = Date.UTC(2026, 11, 1, 8, 0);
const MINUTE = 60_000;

describe('the shell’s session of use', () => {
  it('starts with the window and goes on while the user is active within 15 minutes', () => {
    const session = createAppSession(START);
    expect(session.inputs(START + 5 * MINUTE)).toEqual({
      sessionStartedAt: START,
      lastInteraction: START,
    });
    session.note('interaction', START + 14 * MINUTE);
    session.note('focus', START + 28 * MINUTE);
    expect(session.inputs(START + 40 * MINUTE)).toEqual({
      sessionStartedAt: START,
      lastInteraction: START + 14 * MINUTE,
    });
  });

  it('is over after 15 minutes without activity, and the next activity starts a new one', () => {
    const session = createAppSession(START);
    expect(session.inputs(START + SESSION_TIMEOUT_MS - 1).sessionStartedAt).toBe(START);
    expect(session.inputs(START + SESSION_TIMEOUT_MS).sessionStartedAt).toBeNull();
    const later = START + 3 * 60 * MINUTE;
    session.note('interaction', later);
    expect(session.inputs(later + MINUTE)).toEqual({
      sessionStartedAt: later,
      lastInteraction: later,
    });
  });

  it('ends when the window is hidden; showing it again (focus) starts a new one', () => {
    const session = createAppSession(START);
    session.note('interaction', START + MINUTE);
    session.end();
    expect(session.inputs(START + 2 * MINUTE).sessionStartedAt).toBeNull();
    session.note('focus', START + 3 * MINUTE);
    expect(session.inputs(START + 4 * MINUTE)).toEqual({
      sessionStartedAt: START + 3 * MINUTE,
      // Focus is not an interaction: the inactivity rules still count from the last click.
      lastInteraction: START + MINUTE,
    });
  });
});
