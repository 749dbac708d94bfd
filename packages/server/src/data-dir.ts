/**
 * The data directory: the embedded database, the generated auth secret, the local mail outbox and
 * a lock that keeps a second server process away (PGlite has no lock between processes).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    /** The process that holds the directory. */
    readonly holderPid: number,
  ) {
    super(message);
  }
}

/**
 * What the lock file records: the holder's pid and, on Linux, its start time in clock ticks since
 * boot (field 22 of /proc/<pid>/stat). A pid alone is not enough: after a crash the number may
 * be handed to an unrelated process, and a live pid would then keep the server from starting
 * forever. The pair (pid, start time) names one process only.
 */
export type LockHolder = { pid: number; startTime: string | null };

/** Takes the data directory for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.pid');
  const me = JSON.stringify({ pid: process.pid, startTime: startTimeOf(process.pid) });
  try {
    writeFileSync(lockFile, me, { flag: 'wx' });
  } catch {
    const holder = parseLockFile(readFileSync(lockFile, 'utf8'));
    if (holder && holder.pid !== process.pid && isHeldBy(holder)) {
      throw new DataDirLockedError(
        `Another HabitQuest server (pid ${holder.pid}) is using ${dataDir}. Stop it first, or give this one another DATA_DIR.`,
        holder.pid,
      );
    }
    // The recorded holder is gone (kill -9, power loss), or its pid now belongs to another
    // process: the lock is stale, take it over.
    writeFileSync(lockFile, me);
  }
  return () => {
    rmSync(lockFile, { force: true });
  };
}

/** The holder a lock file names; a bare pid is the format of earlier versions. */
export function parseLockFile(text: string): LockHolder | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), startTime: null };
  try {
    const value = JSON.parse(trimmed) as { pid?: unknown; startTime?: unknown };
    if (!Number.isInteger(value.pid)) return null;
    const startTime = typeof value.startTime === 'string' ? value.startTime : null;
    return { pid: value.pid as number, startTime };
  } catch {
    // unreadable (a write cut short): nobody can be shown to hold it
    return null;
  }
}

/** Whether the process the lock names is still running (and is the same process). */
function isHeldBy(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  // Without a recorded start time (a file from an earlier version, or no /proc), the holder must
  // at least be a Node process: a reused pid mostly belongs to something else.
  if (holder.startTime === null) return commandOf(holder.pid)?.includes('node') ?? true;
  const current = startTimeOf(holder.pid);
  // No stat to read: it ended in between, or /proc hides it (then the live pid decides).
  if (current === null) return isAlive(holder.pid);
  return current === holder.startTime;
}

/** A process's start time from /proc/<pid>/stat, or null where there is no /proc. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Field 22 of the line is the 20th after comm (fields 3, 4, … follow it).
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** A process's command line from /proc/<pid>/cmdline, or null where it cannot be read. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
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

/**
 * The Web Push key pair (VAPID) of an embedded-database server: generated on first start and
 * kept (mode 0600), so browsers' push subscriptions, made for this public key, survive restarts.
 */
export function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, unknown>>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch {
    // first start
  }
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
