import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, INVALIDATES, isEventName, QUERY_ROOTS } from './event-map';
import { EVENT_PAYLOADS, parseRealtimeEvent } from './events';
import { DEFAULT_SETTINGS } from './settings';

const ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';

describe('the event map', () => {
  it('has a payload schema and an invalidation list for every event', () => {
    expect(Object.keys(EVENT_PAYLOADS).sort()).toEqual([...EVENT_NAMES].sort());
    expect(Object.keys(INVALIDATES).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('invalidates only known query roots', () => {
    for (const keys of Object.values(INVALIDATES)) {
      for (const key of keys) expect(QUERY_ROOTS).toContain(key[0]);
    }
  });

  it('refreshes what each change touches', () => {
    expect(INVALIDATES.habits).toEqual([['habits'], ['me']]);
    expect(INVALIDATES.completions).toContainEqual(['habits']);
    expect(INVALIDATES.completions).toContainEqual(['me']);
    expect(INVALIDATES.purchases).toContainEqual(['rewards']);
    expect(INVALIDATES.profile).toEqual([['me']]);
    expect(INVALIDATES.heartbeat).toEqual([]);
  });

  it('refreshes everything on resync', () => {
    expect(INVALIDATES.resync.map((key) => key[0]).sort()).toEqual([...QUERY_ROOTS].sort());
  });
});

describe('parseRealtimeEvent', () => {
  it('types a known event with a valid payload', () => {
    expect(parseRealtimeEvent('habits', { ids: [ID] })).toEqual({
      type: 'habits',
      payload: { ids: [ID] },
    });
    expect(parseRealtimeEvent('rewards', {})).toEqual({ type: 'rewards', payload: {} });
    expect(parseRealtimeEvent('settings', { settings: DEFAULT_SETTINGS })?.type).toBe('settings');
    expect(parseRealtimeEvent('heartbeat', { at: '2024-03-05T08:00:00.000Z' })?.payload).toEqual({
      at: '2024-03-05T08:00:00.000Z',
    });
  });

  it('drops unknown names and bad payloads', () => {
    expect(parseRealtimeEvent('habitz', {})).toBeNull();
    expect(parseRealtimeEvent('habits', { ids: ['not-an-id'] })).toBeNull();
    expect(parseRealtimeEvent('progress', {})).toBeNull();
    expect(parseRealtimeEvent('plan', { isPro: 'yes' })).toBeNull();
    expect(parseRealtimeEvent('resync', { reason: 'boredom' })).toBeNull();
  });

  it('knows its names', () => {
    expect(isEventName('completions')).toBe(true);
    expect(isEventName('toString')).toBe(false);
  });
});
