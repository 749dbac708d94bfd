/**
 * The embedded HabitQuest server, run as a child process on 127.0.0.1 with the shell's own data
 * directory. It is tied to the shell by an IPC channel: when the shell goes away, even killed,
 * the channel closes and the server shuts down cleanly (its embedded database closed), so no
 * server outlives its shell.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopCopy as copy } from './copy';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Loaded before the server: SIGTERM itself (a clean shutdown) when the shell's channel closes. */
const EXIT_WITH_PARENT =
  'data:text/javascript,process.on("disconnect",()=>process.kill(process.pid,"SIGTERM"))';

export type EmbeddedServer = {
  origin: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

export async function startEmbeddedServer(options: {
  entry: string;
  port: number;
  dataDir: string;
}): Promise<EmbeddedServer> {
  const origin = `http://127.0.0.1:${String(options.port)}`;
  const serverDir = path.join(options.dataDir, 'server');
  mkdirSync(serverDir, { recursive: true });
  const log = createWriteStream(path.join(options.dataDir, 'server.log'), { flags: 'a' });
  const runtime = options.entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...runtime, '--import', EXIT_WITH_PARENT, options.entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      DATA_DIR: serverDir,
      LOG_FORMAT: 'json',
      // Its ready line is an info line: the shell waits for it (the log goes to server.log).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      log.write(chunk);
      if (output.length < 100_000) output += chunk.toString('utf8');
      if (/HabitQuest is ready on port \d+\D/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      reject(new Error(failureMessage(output, options.port)));
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    log.end();
  };
  return { origin, child, stop };
}

function failureMessage(output: string, port: number): string {
  if (output.includes('EADDRINUSE')) return copy.portTaken(port);
  const lines = output
    .split('\n')
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
        return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
      } catch {
        return line;
      }
    })
    .filter((line) => line.trim() !== '');
  return `${copy.serverFailed}\n${lines.slice(-5).join('\n')}`;
}
