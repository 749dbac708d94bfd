import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { buildExportFile, emptyBackupData } from '@habitquest/core/backup/export-file';
import { describe, expect, it } from 'vitest';
import { CHECKS_AT_ONCE, checkImport, checkImportOffThread, inCheckTurn } from './check-import';

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

describe('inCheckTurn', () => {
  it('runs at most CHECKS_AT_ONCE checks at once, the others in the order they came', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const work = (id: number) =>
      inCheckTurn(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(id);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return id;
      });
    const all = Promise.all([1, 2, 3, 4, 5].map(work));
    // Let the first turns start; then finish one at a time.
    for (let finished = 0; finished < 5; finished += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(CHECKS_AT_ONCE);
      releases.shift()?.();
    }
    expect(await all).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(CHECKS_AT_ONCE);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('hands the turn on when a check fails', async () => {
    await expect(inCheckTurn(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    const results = await Promise.all(
      Array.from({ length: CHECKS_AT_ONCE + 1 }, (_, id) => inCheckTurn(() => Promise.resolve(id))),
    );
    expect(results).toEqual([0, 1, 2]);
  });
});
