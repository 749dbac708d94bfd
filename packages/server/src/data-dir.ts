/**
 * The data directory: the embedded database, the generated auth secret, the local mail outbox and
 * a lock that keeps a second server process away (PGlite has no lock between processes).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    /** The process that holds the directory. */
    readonly holderPid: number,
  ) {
    super(message);
  }
}

/** Takes the data directory for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.pid');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    if (holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `Another HabitQuest server (pid ${holder}) is using ${dataDir}. Stop it first, or give this one another DATA_DIR.`,
        holder,
      );
    }
    // The previous holder died without cleaning up (kill -9, power loss): take over.
    writeFileSync(lockFile, String(process.pid));
  }
  return () => {
    rmSync(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The secret that signs sessions. Never a fixed default: one is generated on first start and kept
 * (mode 0600) so sessions survive restarts.
 */
export function loadOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
