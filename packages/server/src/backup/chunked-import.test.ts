/**
 * The embedded database's import (apply-in-chunks.ts): written in short transactions, so other
 * users are answered meanwhile; the importing user's other requests held off; all or nothing
 * through the journal, after a failure and after a crash. PGlite only: on PostgreSQL an import
 * is one transaction (the other suites run it there).
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupHabit } from '@habitquest/core/backup/schema';
import { addDays } from '@habitquest/core/dates';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupFileOf as fileOf,
  backupHabit,
  everyDay,
  exportOf,
  restOf,
  seedUser,
  stateOf,
  withoutIds,
} from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';
import { signUp, startTestServer, TestClient, type TestServer } from '../../test/harness';
import type { Database } from '../db/client';
import {
  categories,
  completions,
  habits,
  pauses,
  progress,
  purchasedRewards,
  rewards,
  skips,
  userSettings,
  vacations,
} from '../db/schema';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { lockUser } from '../progress/ledger';
import { importData } from './import-data';
import { importJournalDir, progressStamp, writeJournal } from './import-journal';
import { recoverImports } from './restore-journal';
import { loadBackupData } from './load-backup-data';
import { loadOwnRows } from './row-ids';
import { planImport } from './plan-import';

/** `count` daily habits, each completed every day for `days` days from 2015-01-01. */
function history(count: number, days: number, tag: string): BackupHabit[] {
  return Array.from({ length: count }, (_, index) =>
    backupHabit({
      id: `${tag}-habit-${index}`,
      name: `${tag} habit ${index}`,
      createdAt: '2015-01-01T00:00:00.000Z',
      completions: everyDay('2015-01-01', days, '07:30:00'),
    }),
  );
}

/** Every row the user has in the tables an import writes, every column, in a fixed order. */
async function rowsOf(db: Database, userId: string) {
  return {
    habits: await db.select().from(habits).where(eq(habits.userId, userId)).orderBy(asc(habits.id)),
    completions: await db
      .select()
      .from(completions)
      .where(eq(completions.userId, userId))
      .orderBy(asc(completions.id)),
    categories: await db
      .select()
      .from(categories)
      .where(eq(categories.userId, userId))
      .orderBy(asc(categories.id)),
    rewards: await db
      .select()
      .from(rewards)
      .where(eq(rewards.userId, userId))
      .orderBy(asc(rewards.id)),
    inventory: await db
      .select()
      .from(purchasedRewards)
      .where(eq(purchasedRewards.userId, userId))
      .orderBy(asc(purchasedRewards.id)),
    settings: await db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    // Everything but the revision, which every change moves, a restore included (so no answer
    // derived in the middle of the import is kept: habits/derived-cache.ts).
    progress: await db
      .select({
        userId: progress.userId,
        xp: progress.xp,
        points: progress.points,
        updatedAt: progress.updatedAt,
      })
      .from(progress)
      .where(eq(progress.userId, userId)),
    skips: await db
      .select()
      .from(skips)
      .where(eq(skips.userId, userId))
      .orderBy(asc(skips.habitId), asc(skips.skipDate)),
    pauses: await db.select().from(pauses).where(eq(pauses.userId, userId)).orderBy(asc(pauses.id)),
    vacations: await db
      .select()
      .from(vacations)
      .where(eq(vacations.userId, userId))
      .orderBy(asc(vacations.id)),
  };
}

function journalsIn(dataDir: string): string[] {
  const dir = importJournalDir(dataDir);
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('a chunked import on pglite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it("answers another user while a large import is written, and holds off the importer's other requests", async () => {
    const importer = await signUp(server);
    const importerId = await userIdOf(importer.client);
    const other = await signUp(server);
    await userIdOf(other.client);
    // 10 habits × 3,000 days: 30,000 completions, thirty steps of the writer.
    const count = 10 * 3000;
    const file = fileOf({
      habits: history(10, 3000, 'big'),
      points: 5 * count,
      totalXP: 10 * count,
    });
    const order: string[] = [];
    const importing = importer.client.post('/api/import', { mode: 'replace', data: file });
    void importing.then(() => order.push('import answered'));

    // The import is prepared while the importer's requests still run; once it writes, they are
    // refused.
    let refused = await importer.client.get('/api/me');
    while (refused.status === 200) {
      expect(order).toEqual([]);
      refused = await importer.client.get('/api/me');
    }
    order.push('importer refused');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: {
        code: 'IMPORT_IN_PROGRESS',
        message: 'Your import is still being applied. Try again in a moment.',
        retryAfter: 5,
      },
    });
    expect(refused.headers.get('retry-after')).toBe('5');
    // Someone else is answered in the middle of it: the import holds no transaction between
    // its steps. Then the importer is still refused, so the import was still being written.
    const theirs = await other.client.get('/api/me');
    expect(theirs.status).toBe(200);
    order.push('other user answered');
    const again = await importer.client.get('/api/habits');
    expect(again.body).toMatchObject({ error: { code: 'IMPORT_IN_PROGRESS' } });
    order.push('importer refused again');

    const answer = await importing;
    expect(answer.status).toBe(200);
    expect(order).toEqual([
      'importer refused',
      'other user answered',
      'importer refused again',
      'import answered',
    ]);
    expect(answer.body).toMatchObject({ summary: { habits: 10, completions: count } });
    // Afterwards: everything in place, the ledger equal to the balances, the gate open again.
    const state = await stateOf(server.database.db, importerId);
    expect(state).toMatchObject({
      habits: 10,
      completions: count,
      progress: { xp: 10 * count, points: 5 * count },
    });
    expect(state.ledger).toMatchObject(state.progress);
    expect((await importer.client.get('/api/me')).status).toBe(200);
    const habitsOf = (data: typeof file.data) => (withoutIds(data) as { habits: unknown }).habits;
    expect(habitsOf((await exportOf(importer.client)).data)).toEqual(habitsOf(file.data));
    expect(journalsIn(server.config.dataDir)).toEqual([]);
  }, 120_000);

  it.each(['replace', 'merge'] as const)(
    'puts everything back when a %s fails half-way through its steps',
    async (mode) => {
      const { client } = await signUp(server);
      const userId = await userIdOf(client);
      await seedUser(server.database.db, userId, `F${mode}`);
      const db = server.database.db;
      const before = await exportOf(client);
      const rowsBefore = await rowsOf(db, userId);
      const stateBefore = await stateOf(db, userId);
      // 5 habits × 1,500 days: 7,500 completions, written over many steps.
      const total = 5 * 1500;
      const file = fileOf({ habits: history(5, 1500, `fail-${mode}`) });
      let seen: { step: number; status: number; journals: string[] } | undefined;
      const failing = importData({
        db,
        userId,
        body: JSON.stringify({ mode, data: file }),
        now: Date.now(),
        chunked: {
          journalDir: importJournalDir(server.config.dataDir),
          // The first step after which some of the file's completions are in, not all.
          afterStep: async (step) => {
            const { completions: written } = await stateOf(db, userId);
            if (written <= stateBefore.completions || written >= total) return;
            seen = {
              step,
              status: (await client.get('/api/me')).status,
              journals: journalsIn(server.config.dataDir),
            };
            throw new Error('injected failure');
          },
        },
      });
      await expect(failing).rejects.toThrow('injected failure');
      // It failed in the middle: the journal was on disk, and the user's requests held off.
      expect(seen).toEqual({
        step: expect.any(Number) as unknown,
        status: 503,
        journals: [`${userId}.journal`],
      });
      // And now it is all as before, to the last column, and the user is answered again.
      expect(await rowsOf(db, userId)).toEqual(rowsBefore);
      expect(await stateOf(db, userId)).toEqual(stateBefore);
      expect((await exportOf(client)).data).toEqual(before.data);
      expect(journalsIn(server.config.dataDir)).toEqual([]);
    },
    60_000,
  );
});

describe('rest days in a chunked import on pglite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(['replace', 'merge'] as const)(
    'puts the rest days back, to the last column, when a %s fails after writing them',
    async (mode) => {
      const { client } = await signUp(server);
      const userId = await userIdOf(client);
      await seedUser(server.database.db, userId, `R${mode}`);
      const db = server.database.db;
      const before = await exportOf(client);
      const rowsBefore = await rowsOf(db, userId);
      expect(rowsBefore.skips).toHaveLength(2);
      expect(rowsBefore.pauses).toHaveLength(2);
      expect(rowsBefore.vacations).toHaveLength(1);
      // 700 skips, past one step of the writer, and rest of every kind.
      const [habit] = history(1, 10, `rest-${mode}`);
      if (!habit) throw new Error('no habit');
      const file = fileOf({
        habits: [habit],
        skips: Array.from({ length: 700 }, (_, day) => ({
          habitId: habit.id,
          date: addDays('2016-01-01', day),
        })),
        pauses: [{ habitId: habit.id, startsOn: '2018-01-01', endsOn: null }],
        vacations: [{ startsOn: '2017-06-01', endsOn: '2017-06-30' }],
      });
      let failedAt: { skips: number; vacations: string[] } | undefined;
      const failing = importData({
        db,
        userId,
        body: JSON.stringify({ mode, data: file }),
        now: Date.now(),
        chunked: {
          journalDir: importJournalDir(server.config.dataDir),
          // Once the file's vacation is in: the user's rest days were deleted and the file's written.
          afterStep: async () => {
            const rest = await restOf(db, userId);
            if (!rest.vacations.includes('2017-06-01..2017-06-30')) return;
            failedAt = { skips: rest.skips.length, vacations: rest.vacations };
            throw new Error('injected failure');
          },
        },
      });
      await expect(failing).rejects.toThrow('injected failure');
      // It failed with the file's rest days written in place of the user's (a merge keeps both).
      expect(failedAt?.skips).toBe(mode === 'replace' ? 700 : 702);
      expect(failedAt?.vacations).toContain('2017-06-01..2017-06-30');
      expect(await rowsOf(db, userId)).toEqual(rowsBefore);
      expect((await exportOf(client)).data).toEqual(before.data);
      expect(journalsIn(server.config.dataDir)).toEqual([]);
    },
    60_000,
  );
});

describe('a journal from before rest days, on pglite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is still put back at the next start, leaving the rest days as they are', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await seedUser(server.database.db, userId, 'OLD');
    const db = server.database.db;
    const rowsBefore = await rowsOf(db, userId);
    const plan = await planImport({
      db,
      userId,
      data: await loadBackupData(db, userId),
      settings: DEFAULT_SETTINGS,
      own: await loadOwnRows(db, userId),
    });
    const stamp = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      return progressStamp(tx, userId);
    });
    const dir = importJournalDir(server.config.dataDir);
    const journal = await writeJournal({ db, dir, userId, plan, stamp });
    // The journal as the version before rest days wrote it: format 1, no rest day lines.
    const [first = '', ...lines] = readFileSync(journal.file, 'utf8').split('\n');
    const header = { ...(JSON.parse(first) as object), format: 1 };
    const kept = lines.filter((line) => !/^rows\t(skips|pauses|vacations)\t/.test(line));
    expect(kept.length).toBeLessThan(lines.length);
    writeFileSync(journal.file, [JSON.stringify(header), ...kept].join('\n'));
    // Its import got as far as renaming the habits (it never touched rest days); a vacation
    // was set since.
    await db.update(habits).set({ name: 'half imported' }).where(eq(habits.userId, userId));
    await db.insert(vacations).values({ userId, startsOn: '2024-06-01', endsOn: '2024-06-02' });

    expect(await recoverImports(db, server.config.dataDir)).toEqual({
      restored: [userId],
      finished: [],
    });
    const rowsAfter = await rowsOf(db, userId);
    expect({ ...rowsAfter, vacations: [] }).toEqual({ ...rowsBefore, vacations: [] });
    expect(rowsAfter.vacations.map((row) => `${row.startsOn}..${row.endsOn}`).sort()).toEqual([
      '2024-03-20..2024-03-24',
      '2024-06-01..2024-06-02',
    ]);
    expect(journalsIn(server.config.dataDir)).toEqual([]);
  });
});

describe('an import cut short by a crash, on pglite', () => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  /** A server on `dataDir`, which it keeps when it stops. */
  async function startOn(dataDir: string): Promise<TestServer> {
    const server = await startTestServer('pglite', { env: { DATA_DIR: dataDir } });
    let isStopped = false;
    cleanUp.push(async () => {
      if (!isStopped) await server.stop();
    });
    return {
      ...server,
      stop: async () => {
        isStopped = true;
        await server.stop();
      },
    };
  }

  it('is put back at the next start; a journal whose import had finished is only removed', async () => {
    const first = await startTestServer('pglite');
    cleanUp.push(() => first.stop());
    const { client } = await signUp(first);
    const userId = await userIdOf(client);
    await seedUser(first.database.db, userId, 'C');
    const before = await exportOf(client);
    const rowsBefore = await rowsOf(first.database.db, userId);
    const file = fileOf({ habits: history(4, 1500, 'crash') });
    // The crash: once part of the file's completions are in, the data directory is copied as it
    // is on disk (journal, half-written rows and all), which is what a process killed there
    // leaves behind.
    const crashed = mkdtempSync(path.join(tmpdir(), 'hq-crashed-'));
    cleanUp.push(async () => {
      await Promise.resolve();
      rmSync(crashed, { recursive: true, force: true });
    });
    let halfWritten = 0;
    await expect(
      importData({
        db: first.database.db,
        userId,
        body: JSON.stringify({ mode: 'replace', data: file }),
        now: Date.now(),
        chunked: {
          journalDir: importJournalDir(first.config.dataDir),
          afterStep: async () => {
            halfWritten = (await stateOf(first.database.db, userId)).completions;
            if (halfWritten <= rowsBefore.completions.length) return;
            cpSync(first.config.dataDir, crashed, { recursive: true });
            throw new Error('the process is gone');
          },
        },
      }),
    ).rejects.toThrow('the process is gone');
    expect(halfWritten).toBeLessThan(4 * 1500);
    expect(journalsIn(crashed)).toEqual([`${userId}.journal`]);
    const journal = readFileSync(path.join(importJournalDir(crashed), `${userId}.journal`));

    // The next start puts the user's rows back before it serves anyone.
    const second = await startOn(crashed);
    expect(journalsIn(crashed)).toEqual([]);
    expect(await rowsOf(second.database.db, userId)).toEqual(rowsBefore);
    const again = new TestClient(second.url, { cookie: client.cookieHeader });
    expect((await exportOf(again)).data).toEqual(before.data);
    const state = await stateOf(second.database.db, userId);
    expect(state.ledger).toMatchObject(state.progress);

    // A crash after the import's last transaction but before its journal was removed: the
    // import stands, and the journal is only removed.
    const imported = await again.post('/api/import', { mode: 'replace', data: file });
    expect(imported.status).toBe(200);
    const after = await exportOf(again);
    await second.stop();
    writeFileSync(path.join(importJournalDir(crashed), `${userId}.journal`), journal);
    const third = await startOn(crashed);
    expect(journalsIn(crashed)).toEqual([]);
    const last = new TestClient(third.url, { cookie: client.cookieHeader });
    expect((await exportOf(last)).data).toEqual(after.data);
  }, 120_000);
});
