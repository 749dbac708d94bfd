/**
 * A HabitQuest server as a real child process (`node --import tsx main.ts`), for what only a
 * process can show: the data-directory lock, signals, and kill -9. Node runs main.ts itself (not
 * the tsx CLI, which would put a second process in between and keep it alive after a SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'packages/server/src', file), ...args],
    {
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
    },
  );
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
      reject(new Error(`${file} exited (${String(code ?? signal)}) before ready:\n${output}`));
    });
  });
  // A test that never awaits `ready` (an expected refusal) must not leave a rejection unhandled.
  ready.catch(() => undefined);
  return { child, output: () => output, ready, exited };
}

function readyPort(output: string): number | null {
  for (const line of output.split('\n')) {
    if (!line.includes('is ready')) continue;
    try {
      const entry = JSON.parse(line) as { port?: unknown };
      if (typeof entry.port === 'number') return entry.port;
    } catch {
      // a partial line: wait for the rest
    }
  }
  return null;
}
