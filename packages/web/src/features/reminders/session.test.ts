// A DOM: the session follows the window's events (see test-dom.mjs).
import '../../../test-dom.mjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  endSession,
  followSessions,
  lastInteractionAt,
  noteActivity,
  sessionStartedAt,
  subscribeSessionStarts,
} from './session';

const MINUTE = 60_000;
const T0 = Date.parse('2026-06-10T08:00:00Z');

describe("the page's sessions", () => {
  let started: number[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    endSession();
    started = [];
    const off = subscribeSessionStarts(() => {
      started.push(Date.now());
    });
    const unfollow = followSessions(window);
    stop = () => {
      off();
      unfollow();
    };
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('starts one as the page loads, and goes on while the user clicks within 15 minutes', () => {
    expect(started).toEqual([T0]);
    expect(sessionStartedAt()).toBe(T0);
    vi.setSystemTime(T0 + 14 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    expect(lastInteractionAt()).toBe(T0 + 14 * MINUTE);
    vi.setSystemTime(T0 + 28 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(sessionStartedAt()).toBe(T0);
    expect(started).toEqual([T0]);
  });

  it('is over after 15 minutes without activity; the next click or focus starts another', () => {
    vi.setSystemTime(T0 + 15 * MINUTE);
    expect(sessionStartedAt()).toBeNull();
    const lastClick = lastInteractionAt();
    window.dispatchEvent(new FocusEvent('focus'));
    expect(sessionStartedAt()).toBe(T0 + 15 * MINUTE);
    expect(started).toEqual([T0, T0 + 15 * MINUTE]);
    // Focus starts a session but is not an interaction: the planner's idle gates still wait.
    expect(lastInteractionAt()).toBe(lastClick);
  });

  it('is over when the page is left, and a page shown again starts a new one', () => {
    vi.setSystemTime(T0 + MINUTE);
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStartedAt()).toBeNull();
    vi.setSystemTime(T0 + 2 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sessionStartedAt()).toBe(T0 + 2 * MINUTE);
    expect(started).toEqual([T0, T0 + 2 * MINUTE]);
  });

  it('keeps to the rule when activity is noted directly', () => {
    noteActivity(T0 + 40 * MINUTE);
    expect(sessionStartedAt(T0 + 40 * MINUTE)).toBe(T0 + 40 * MINUTE);
    expect(sessionStartedAt(T0 + 55 * MINUTE)).toBeNull();
  });
});
