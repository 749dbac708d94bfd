import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { buildExportFile, emptyBackupData } from '@habitquest/core/backup/schema';
import { describe, expect, it } from 'vitest';
import { checkImport, checkImportOffThread } from './check-import';

const file = buildExportFile({
  data: { ...emptyBackupData(), settings: DEFAULT_SETTINGS, points: 3 },
  exportedAt: new Date('2024-05-01T00:00:00.000Z'),
});

describe('checkImportOffThread', () => {
  it('answers as the checks on this thread do, for good and bad bodies alike', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const bodies = [
      JSON.stringify({ mode: 'merge', data: file }),
      JSON.stringify({ data: { ...file, checksum: '0' } }),
      JSON.stringify({ mode: 'append', data: file }),
      JSON.stringify({ data: { ...file, version: '3.0.0' } }),
      `{"data":${deep}}`,
      'not json',
    ];
    for (const body of bodies) {
      expect(await checkImportOffThread(body)).toEqual(checkImport(body));
    }
    expect(checkImport(bodies[0] ?? '')).toMatchObject({ ok: true, mode: 'merge', warnings: [] });
    expect(checkImport(bodies[4] ?? '')).toMatchObject({
      ok: false,
      details: { errors: [expect.stringMatching(/nested more than 32 levels/)] },
    });
  });
});
