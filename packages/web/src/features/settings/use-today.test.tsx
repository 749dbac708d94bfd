// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../../test-dom.mjs';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msUntilMidnight, useToday } from './use-today';

function Today({ timeZone }: { timeZone: string }) {
  return <p data-testid="today">{useToday(timeZone)}</p>;
}

const shown = () => screen.getByTestId('today').textContent;

describe('useToday', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('rolls over at local midnight east of UTC, not up to half a minute later', () => {
    // 23:59:59.500 in Tokyo (UTC+9) is 14:59:59.500 UTC.
    vi.setSystemTime(new Date('2026-03-10T14:59:59.500Z'));
    render(<Today timeZone="Asia/Tokyo" />);
    expect(shown()).toBe('2026-03-10');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(shown()).toBe('2026-03-10');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(shown()).toBe('2026-03-11');
    // And again a day later, from the re-armed timer.
    act(() => {
      vi.advanceTimersByTime(86_400_000);
    });
    expect(shown()).toBe('2026-03-12');
  });

  it('rolls over at local midnight west of UTC, on the night clocks spring forward', () => {
    // Los Angeles springs forward on 2026-03-08 at 02:00; the evening before is 23:59:59 PST.
    vi.setSystemTime(new Date('2026-03-08T07:59:59.000Z'));
    render(<Today timeZone="America/Los_Angeles" />);
    expect(shown()).toBe('2026-03-07');
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(shown()).toBe('2026-03-08');
    // The next midnight comes 23 hours later (PDT), not the 24 the wall clock suggests.
    act(() => {
      vi.advanceTimersByTime(23 * 3_600_000 - 1_000);
    });
    expect(shown()).toBe('2026-03-08');
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(shown()).toBe('2026-03-09');
  });

  it('rolls over at local midnight on the day clocks fall back, 25 hours long', () => {
    // Los Angeles falls back on 2026-11-01 at 02:00; its midnight is 07:00 UTC (PDT).
    vi.setSystemTime(new Date('2026-11-01T07:00:00.100Z'));
    render(<Today timeZone="America/Los_Angeles" />);
    expect(shown()).toBe('2026-11-01');
    act(() => {
      vi.advanceTimersByTime(25 * 3_600_000 - 1_000);
    });
    expect(shown()).toBe('2026-11-01');
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(shown()).toBe('2026-11-02');
  });

  it('follows a change of time zone at once', () => {
    vi.setSystemTime(new Date('2026-03-10T20:00:00.000Z'));
    const { rerender } = render(<Today timeZone="UTC" />);
    expect(shown()).toBe('2026-03-10');
    rerender(<Today timeZone="Pacific/Auckland" />);
    expect(shown()).toBe('2026-03-11');
  });
});

describe('msUntilMidnight', () => {
  it('counts down to the next local midnight, to the millisecond', () => {
    expect(msUntilMidnight(Date.parse('2026-03-10T23:59:59.250Z'), 'UTC')).toBe(750);
    expect(msUntilMidnight(Date.parse('2026-03-10T00:00:00.000Z'), 'UTC')).toBe(86_400_000);
    // Kolkata is UTC+5:30: 18:29:00 UTC is 23:59 there.
    expect(msUntilMidnight(Date.parse('2026-03-10T18:29:00.000Z'), 'Asia/Kolkata')).toBe(60_000);
    // Midnight to midnight across a DST change: 23 hours in spring, 25 in autumn.
    expect(msUntilMidnight(Date.parse('2026-03-08T08:00:00.000Z'), 'America/Los_Angeles')).toBe(
      23 * 3_600_000,
    );
    expect(msUntilMidnight(Date.parse('2026-11-01T07:00:00.000Z'), 'America/Los_Angeles')).toBe(
      25 * 3_600_000,
    );
    // Santiago's clocks skip midnight in September: 2026-09-06 begins at 01:00 (04:00 UTC).
    expect(msUntilMidnight(Date.parse('2026-09-06T03:00:00.000Z'), 'America/Santiago')).toBe(
      3_600_000,
    );
  });
});
