import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCENTS,
  DEFAULT_SETTINGS,
  THEMES,
  zSettings,
  zSettingsPatch,
  type Settings,
} from './settings';
import { mergeSettings } from './settings-merge';

const hour = fc.integer({ min: 0, max: 23 });
const settingsArbitrary: fc.Arbitrary<Settings> = fc.record({
  theme: fc.constantFrom(...THEMES),
  accent: fc.constantFrom(...ACCENTS),
  audio: fc.record({
    soundEffects: fc.boolean(),
    effectsVolume: fc.integer({ min: 0, max: 20 }).map((steps) => steps * 0.05),
    music: fc.boolean(),
    musicVolume: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  reminders: fc.record({
    enabled: fc.boolean(),
    streakReminders: fc.boolean(),
    randomReminders: fc.boolean(),
    reminderTimeRange: fc
      .tuple(hour, hour)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) })),
    maxRemindersPerDay: fc.integer({ min: 1, max: 10 }),
    streakProtectionHours: fc.uniqueArray(hour).map((hours) => hours.sort((a, b) => a - b)),
    soundEnabled: fc.boolean(),
    persistentReminders: fc.boolean(),
    eveningReminder: fc.boolean(),
    startupReminder: fc.boolean(),
    streakWarningThreshold: fc.integer({ min: 1, max: 30 }),
    intelligentTiming: fc.boolean(),
    adaptiveFrequency: fc.boolean(),
    streakRiskHours: fc.integer({ min: 1, max: 24 }),
  }),
  weekStart: fc.constantFrom(0, 1, 2, 3, 4, 5, 6),
  timeZone: fc.constantFrom('UTC', 'Asia/Manila', 'America/New_York', 'Europe/Berlin'),
  timeZoneChosen: fc.boolean(),
});

/** The settings as a patch or an older document holds them: without the server's own flag. */
function withoutChosen(settings: Settings): Omit<Settings, 'timeZoneChosen'> {
  return Object.fromEntries(
    Object.entries(settings).filter(([key]) => key !== 'timeZoneChosen'),
  ) as Omit<Settings, 'timeZoneChosen'>;
}

function withReminders(patch: Partial<Settings['reminders']>): unknown {
  return { ...DEFAULT_SETTINGS, reminders: { ...DEFAULT_SETTINGS.reminders, ...patch } };
}

describe('DEFAULT_SETTINGS', () => {
  it('holds the docs/decisions.md defaults and is valid', () => {
    expect(zSettings.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: 'system',
      accent: 'blue',
      weekStart: 0,
      timeZone: 'UTC',
      audio: { effectsVolume: 0.25, music: false, musicVolume: 0.5 },
      reminders: {
        reminderTimeRange: { start: 9, end: 21 },
        maxRemindersPerDay: 2,
        streakProtectionHours: [12, 18, 20],
        streakRiskHours: 20,
      },
    });
  });
});

describe('zSettings', () => {
  it('accepts any settings within the bounds', () => {
    fc.assert(
      fc.property(settingsArbitrary, (settings) => {
        expect(zSettings.parse(settings)).toEqual(settings);
      }),
    );
  });

  it('keeps the effects volume on the slider steps of 0.05', () => {
    const volume = (effectsVolume: number) =>
      zSettings.safeParse({
        ...DEFAULT_SETTINGS,
        audio: { ...DEFAULT_SETTINGS.audio, effectsVolume },
      }).success;
    expect(volume(0.15)).toBe(true);
    expect(volume(0.7)).toBe(true);
    expect(volume(1)).toBe(true);
    expect(volume(0.33)).toBe(false);
    expect(volume(1.05)).toBe(false);
    expect(volume(-0.05)).toBe(false);
    expect(volume(Number.NaN)).toBe(false);
  });

  it('needs a reminder window that starts before it ends', () => {
    expect(
      zSettings.safeParse(withReminders({ reminderTimeRange: { start: 21, end: 9 } })).success,
    ).toBe(false);
    expect(
      zSettings.safeParse(withReminders({ reminderTimeRange: { start: 9, end: 9 } })).success,
    ).toBe(false);
    expect(
      zSettings.safeParse(withReminders({ reminderTimeRange: { start: 0, end: 24 } })).success,
    ).toBe(false);
  });

  it('bounds the reminder numbers', () => {
    for (const bad of [
      { maxRemindersPerDay: 0 },
      { maxRemindersPerDay: 11 },
      { streakRiskHours: 0 },
      { streakRiskHours: 25 },
      { streakWarningThreshold: 31 },
      { streakProtectionHours: [24] },
      { streakProtectionHours: [1.5] },
    ]) {
      expect(zSettings.safeParse(withReminders(bad)).success).toBe(false);
    }
  });

  it('stores protection hours as a sorted set', () => {
    const parsed = zSettings.parse(withReminders({ streakProtectionHours: [20, 12, 20, 18] }));
    expect(parsed.reminders.streakProtectionHours).toEqual([12, 18, 20]);
  });

  it('reads a document from before timeZoneChosen as a zone nobody chose', () => {
    const older = withoutChosen(DEFAULT_SETTINGS);
    expect(zSettings.parse({ ...older, timeZone: 'Asia/Manila' })).toEqual({
      ...DEFAULT_SETTINGS,
      timeZone: 'Asia/Manila',
      timeZoneChosen: false,
    });
  });

  it('refuses unknown themes, accents, week starts and time zones', () => {
    for (const bad of [
      { theme: 'auto' },
      { accent: 'pink' },
      { weekStart: 7 },
      { timeZone: 'Nowhere/Land' },
    ]) {
      expect(zSettings.safeParse({ ...DEFAULT_SETTINGS, ...bad }).success).toBe(false);
    }
  });
});

describe('zSettingsPatch', () => {
  it('accepts any subset at any depth', () => {
    expect(zSettingsPatch.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(zSettingsPatch.parse({ audio: { music: true } })).toEqual({ audio: { music: true } });
    expect(zSettingsPatch.parse({ reminders: { reminderTimeRange: { end: 22 } } })).toEqual({
      reminders: { reminderTimeRange: { end: 22 } },
    });
  });

  it.each([
    { points: 999 },
    { isPro: true },
    { userId: 'x' },
    { theme: 'dark', xp: 1 },
    { timeZoneChosen: true },
  ])('rejects the unknown key in %j', (patch) => {
    const issue = zSettingsPatch.safeParse(patch).error?.issues[0];
    expect(issue?.code).toBe('unrecognized_keys');
  });

  it('rejects unknown keys inside nested groups', () => {
    expect(zSettingsPatch.safeParse({ audio: { volume: 1 } }).success).toBe(false);
    expect(zSettingsPatch.safeParse({ reminders: { snooze: 5 } }).success).toBe(false);
    expect(
      zSettingsPatch.safeParse({ reminders: { reminderTimeRange: { start: 1, length: 2 } } })
        .success,
    ).toBe(false);
  });

  it('checks the same bounds as the settings', () => {
    expect(zSettingsPatch.safeParse({ audio: { effectsVolume: 2 } }).success).toBe(false);
    expect(zSettingsPatch.safeParse({ reminders: { maxRemindersPerDay: 0 } }).success).toBe(false);
    expect(
      zSettingsPatch.safeParse({ reminders: { reminderTimeRange: { start: 10, end: 8 } } }).success,
    ).toBe(false);
    expect(zSettingsPatch.safeParse({ reminders: { streakProtectionHours: [30] } }).success).toBe(
      false,
    );
  });

  it('refuses an empty patch', () => {
    expect(zSettingsPatch.safeParse({}).success).toBe(false);
  });
});

describe('mergeSettings', () => {
  it('changes only what the patch names', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      audio: { music: true },
      reminders: { reminderTimeRange: { end: 22 } },
    });
    expect(merged.audio).toEqual({ ...DEFAULT_SETTINGS.audio, music: true });
    expect(merged.reminders.reminderTimeRange).toEqual({ start: 9, end: 22 });
    expect(merged.reminders.maxRemindersPerDay).toBe(2);
    expect(merged.theme).toBe('system');
  });

  it('leaves a rule spanning stored and patched values for zSettings to catch', () => {
    const merged = mergeSettings(
      DEFAULT_SETTINGS,
      zSettingsPatch.parse({ reminders: { reminderTimeRange: { start: 22 } } }),
    );
    expect(zSettings.safeParse(merged).success).toBe(false);
  });

  it('turns any settings into any other when the patch is the whole target', () => {
    fc.assert(
      fc.property(settingsArbitrary, settingsArbitrary, (from, to) => {
        expect(mergeSettings(from, zSettingsPatch.parse(withoutChosen(to)))).toEqual({
          ...to,
          timeZoneChosen: true,
        });
      }),
    );
  });

  it('marks the zone chosen once a patch names one, even the zone already saved', () => {
    expect(mergeSettings(DEFAULT_SETTINGS, { timeZone: 'UTC' }).timeZoneChosen).toBe(true);
    expect(mergeSettings(DEFAULT_SETTINGS, { theme: 'dark' }).timeZoneChosen).toBe(false);
    const chosen = { ...DEFAULT_SETTINGS, timeZoneChosen: true };
    expect(mergeSettings(chosen, { theme: 'dark' }).timeZoneChosen).toBe(true);
  });

  it('is the identity for a patch that repeats stored values', () => {
    fc.assert(
      fc.property(settingsArbitrary, (settings) => {
        const patch = zSettingsPatch.parse({ weekStart: settings.weekStart });
        expect(mergeSettings(settings, patch)).toEqual(settings);
      }),
    );
  });
});
