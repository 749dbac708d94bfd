import { describe, expect, it } from 'vitest';
import {
  RESET_CONFIRM_TEXT,
  zImportRequest,
  zImportResult,
  zImportSummary,
  zResetRequest,
  zResetResult,
} from './backup';

describe('zImportRequest', () => {
  it('defaults to replace and carries the data untouched', () => {
    const data = { version: '4.0.0', habits: [], shop: [], goals: {} };
    const request = zImportRequest.parse({ data });
    expect(request.mode).toBe('replace');
    expect(request.data).toEqual(data);
    expect(zImportRequest.parse({ mode: 'merge', data: [] }).mode).toBe('merge');
  });

  it('leaves judging the data to the backup module, but needs it present', () => {
    expect(zImportRequest.parse({ data: null }).data).toBeNull();
    expect(zImportRequest.safeParse({ mode: 'merge' }).error?.issues[0]?.message).toBe(
      'data is required: the backup to import',
    );
  });

  it('refuses unknown modes and keys', () => {
    expect(zImportRequest.safeParse({ mode: 'append', data: {} }).success).toBe(false);
    expect(zImportRequest.safeParse({ data: {}, points: 5 }).success).toBe(false);
  });
});

describe('zImportSummary', () => {
  it('counts what came in; balances may be negative', () => {
    const summary = {
      habits: 3,
      categories: 8,
      rewards: 2,
      inventory: 1,
      completions: 40,
      points: -10,
      xp: 400,
    };
    expect(zImportSummary.parse(summary)).toEqual(summary);
    expect(zImportSummary.safeParse({ ...summary, habits: -1 }).success).toBe(false);
    expect(zImportSummary.safeParse({ ...summary, xp: 1.5 }).success).toBe(false);
  });
});

describe('reset', () => {
  it('keeps the confirmation text verbatim', () => {
    expect(RESET_CONFIRM_TEXT).toBe(
      'Are you sure you want to reset all data? This action cannot be undone.',
    );
  });

  it('needs confirm: true and nothing else', () => {
    expect(zResetRequest.parse({ confirm: true })).toEqual({ confirm: true });
    for (const body of [{}, { confirm: false }, { confirm: 'true' }, { confirm: 1 }]) {
      expect(zResetRequest.safeParse(body).success).toBe(false);
    }
    expect(zResetRequest.safeParse({ confirm: true, keep: 'settings' }).success).toBe(false);
  });
});

describe('zImportResult and zResetResult', () => {
  it('carry the summary with the warnings, and a plain acknowledgement', () => {
    const summary = {
      habits: 0,
      categories: 0,
      rewards: 0,
      inventory: 0,
      completions: 2,
      points: 5,
      xp: 10,
    };
    const warnings = ['Checksum mismatch: the file was changed after export.'];
    expect(zImportResult.parse({ summary, warnings })).toEqual({ summary, warnings });
    expect(zImportResult.safeParse({ summary }).success).toBe(false);
    expect(zResetResult.parse({ ok: true })).toEqual({ ok: true });
    expect(zResetResult.safeParse({ ok: false }).success).toBe(false);
  });
});
