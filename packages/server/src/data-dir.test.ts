/**
 * The data-directory lock trusts the process it names only when that process is the one that
 * wrote it: same pid and same start time. A pid handed to an unrelated process after a crash no
 * longer keeps the server from starting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, parseLockFile, startTimeOf } from './data-dir';

describe('the data-directory lock', () => {
  let dataDir: string;
  let lockFile: string;
  let other: ChildProcess;
  let otherPid: number;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hq-lock-'));
    lockFile = path.join(dataDir, 'server.pid');
    // A live process that is not a HabitQuest server, as a reused pid would be.
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
    // 'spawn' comes once the program runs, so /proc shows sleep and not the forked Node.
    await new Promise((resolve) => other.once('spawn', resolve));
    otherPid = other.pid ?? 0;
  });
  afterEach(() => {
    other.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records its own pid and start time, and removes the file when released', () => {
    const unlock = lockDataDir(dataDir);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))).toEqual({
      pid: process.pid,
      startTime: startTimeOf(process.pid),
    });
    expect(startTimeOf(process.pid)).toMatch(/^\d+$/);
    unlock();
    expect(() => readFileSync(lockFile)).toThrow();
  });

  it('takes over a lock whose pid now belongs to another live process (pid reuse)', () => {
    const ownStart = startTimeOf(otherPid);
    expect(ownStart).not.toBeNull();
    // Written by a server that crashed: same pid number, but a process started at another time.
    const crashedStart = String(Number(ownStart) - 1);
    writeFileSync(lockFile, JSON.stringify({ pid: otherPid, startTime: crashedStart }));
    const unlock = lockDataDir(dataDir);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))?.pid).toBe(process.pid);
    unlock();
  });

  it('refuses while the recorded process is the one running', () => {
    writeFileSync(lockFile, JSON.stringify({ pid: otherPid, startTime: startTimeOf(otherPid) }));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`Another HabitQuest server (pid ${otherPid})`);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))?.pid).toBe(otherPid);
  });

  it('takes over a bare pid (the earlier format) when that pid is not a Node process', () => {
    writeFileSync(lockFile, String(otherPid));
    const unlock = lockDataDir(dataDir);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))?.pid).toBe(process.pid);
    unlock();
  });

  it('still refuses a bare pid that names a running Node process', async () => {
    const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    });
    try {
      await new Promise((resolve) => node.once('spawn', resolve));
      writeFileSync(lockFile, String(node.pid));
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    } finally {
      node.kill('SIGKILL');
    }
  });

  it('takes over a lock naming a process that has ended, or one it cannot read', async () => {
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    writeFileSync(lockFile, JSON.stringify({ pid: otherPid, startTime: '1' }));
    lockDataDir(dataDir)();
    writeFileSync(lockFile, '{"pid": 12');
    lockDataDir(dataDir)();
  });
});
