/**
 * A HabitQuest server as a real child process (`node --import tsx main.ts`), for what only a
 * process can show: the data-directory lock, signals, and kill -9. Node runs main.ts itself (not
 * the tsx CLI, which would put a second process in between and keep it alive after a SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_ORIGIN } from './harness';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

export type ChildServer = {
  child: ChildProcess;
  /** Everything the process wrote so far (pino JSON lines, stdout and stderr). */
  output: () => string;
  /** The port once it logged that it is ready; rejects if it exits first. */
  ready: Promise<number>;
  exited: Promise<ChildExit>;
};

/** Runs a TypeScript entry point of the server package (main.ts, admin/cli.ts) as a child. */
export function spawnServerFile(
  file: string,
  env: Record<string, string>,
  args: string[] = [],
): ChildServer {
  return spawnServerCommand(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'packages/server/src', file), ...args],
    env,
    file,
  );
}

/**
 * Runs any command that starts a server (the production bundle, or the bundle under a terminal)
 * in the clean environment of spawnServerFile.
 */
export function spawnServerCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  name = command,
): ChildServer {
  const child = spawn(command, args, {
    cwd: repoRoot,
    // A clean environment: only what the test means, plus what Node needs to run.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: TEST_ORIGIN,
      WEB_DIST: path.join(repoRoot, 'packages/server/no-web-in-process-tests'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const port = readyPort(output);
      if (port !== null) resolve(port);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      reject(new Error(`${name} exited (${String(code ?? signal)}) before ready:\n${output}`));
    });
  });
  // A test that never awaits `ready` (an expected refusal) must not leave a rejection unhandled.
  ready.catch(() => undefined);
  return { child, output: () => output, ready, exited };
}

/** The port of the ready line, a JSON line or a readable one (colours removed). */
function readyPort(output: string): number | null {
  // eslint-disable-next-line no-control-regex -- terminal colour codes
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  // The digits must be followed by something: a chunk may end in the middle of the number.
  const match = /HabitQuest is ready on port (\d+)\D/.exec(plain);
  return match ? Number(match[1]) : null;
}

/**
 * The state PostgreSQL's control file records for an embedded database (a 32-bit value after the
 * 8-byte system identifier and two 32-bit version numbers): PG_SHUT_DOWN once closed cleanly,
 * PG_IN_PRODUCTION while open. A database left open needs crash recovery at its next start.
 */
export const PG_SHUT_DOWN = 1;
export const PG_IN_PRODUCTION = 6;
export function pgliteState(dataDir: string): number {
  return readFileSync(path.join(dataDir, 'pglite/global/pg_control')).readUInt32LE(16);
}
