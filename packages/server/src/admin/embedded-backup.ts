/**
 * Backup and restore of the embedded database (`npm run admin -- backup|restore <file>`).
 *
 * The rule about the running server: both commands take the data-directory lock, so they refuse
 * to run while a server holds the directory — stop it first (a few seconds of downtime; see
 * docs/deploy.md for a timer that does it nightly). With the server stopped nothing writes, so the
 * archive is consistent. With PostgreSQL, pg_dump and pg_restore are the tools (docs/deploy.md).
 *
 * The archive is PGlite's own dump of its data directory (a gzip'd tar). A restore unpacks it into
 * a fresh directory beside the current one, checks that it opens and holds HabitQuest's tables,
 * and only then swaps it in, keeping the previous database as `pglite.before-restore-<time>`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { embeddedClient } from '../db/client';
import { lockDataDir } from '../data-dir';

export type BackupResult = { file: string; bytes: number };
export type RestoreResult = { users: number; keptAt: string | null };

const GZIP_MAGIC = [0x1f, 0x8b];

/** Writes the embedded database of `dataDir` to `file` (written whole, then renamed into place). */
export async function backupEmbedded(options: {
  dataDir: string;
  file: string;
}): Promise<BackupResult> {
  const databaseDir = path.join(options.dataDir, 'pglite');
  if (!existsSync(databaseDir)) {
    throw new Error(`There is no embedded database in ${options.dataDir} to back up.`);
  }
  const unlock = lockDataDir(options.dataDir);
  try {
    const client = embeddedClient(databaseDir);
    let archive: Buffer;
    try {
      await client.waitReady;
      archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    const target = path.resolve(options.file);
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    writeFileSync(partial, archive);
    renameSync(partial, target);
    return { file: target, bytes: archive.length };
  } finally {
    unlock();
  }
}

/** Replaces the embedded database of `dataDir` with the archive in `file`. */
export async function restoreEmbedded(options: {
  dataDir: string;
  file: string;
  now: Date;
}): Promise<RestoreResult> {
  const unlock = lockDataDir(options.dataDir);
  const databaseDir = path.join(options.dataDir, 'pglite');
  const incoming = path.join(options.dataDir, 'pglite.restoring');
  try {
    const source = path.resolve(options.file);
    if (!existsSync(source)) throw new Error(`${source} does not exist.`);
    const archive = readFileSync(source);
    if (archive[0] !== GZIP_MAGIC[0] || archive[1] !== GZIP_MAGIC[1]) {
      throw new Error(`${source} is not a HabitQuest backup (made by npm run admin -- backup).`);
    }
    rmSync(incoming, { recursive: true, force: true });
    let users: number;
    try {
      users = await checkArchive(incoming, archive);
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw new Error(
        `${source} could not be restored: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    let keptAt: string | null = null;
    if (existsSync(databaseDir)) {
      keptAt = path.join(
        options.dataDir,
        `pglite.before-restore-${options.now.toISOString().replace(/[:.]/g, '-')}`,
      );
      renameSync(databaseDir, keptAt);
    }
    renameSync(incoming, databaseDir);
    return { users, keptAt };
  } finally {
    unlock();
  }
}

/** Unpacks the archive into `dir` and proves it is a HabitQuest database; returns its accounts. */
async function checkArchive(dir: string, archive: Buffer): Promise<number> {
  const client = embeddedClient(dir, { loadDataDir: new Blob([new Uint8Array(archive)]) });
  try {
    await client.waitReady;
    const result = await client.query<{ count: number }>(
      'select count(*)::int as count from auth_users',
    );
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.close();
  }
}
