/**
 * The production build as `npm start` runs it, for the benchmarks that measure the product as a
 * user gets it (bench/web.bench.ts, bench/footprint.bench.ts): the web app built by Vite and
 * precompressed, the server bundle built by scripts/build-server.mjs, run by plain Node (no tsx)
 * on the embedded database in a temporary DATA_DIR. Builds go to folders of their own, so a
 * benchmark never replaces packages/web/dist or packages/server/dist.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import type { BackupHabit } from '@habitquest/core/backup/schema';
import { buildExportFile, emptyBackupData } from '@habitquest/core/backup/export-file';
import { addDays, type LocalDate } from '@habitquest/core/dates';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** Builds the server bundle beside dist/ (same depth: it finds drizzle/ and node_modules). */
export function buildServer(): { main: string; remove: () => void } {
  const outdir = path.join(repoRoot, 'packages/server', `dist-bench-${randomUUID().slice(0, 8)}`);
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  return {
    main: path.join(outdir, 'main.js'),
    remove: () => {
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

/** Builds the web app as `npm run build` does (manifest, size check, .br/.gz) into a temp folder. */
export function buildWeb(): { dist: string; remove: () => void } {
  const dist = mkdtempSync(path.join(tmpdir(), 'hq-bench-web-'));
  const web = path.join(repoRoot, 'packages/web');
  execFileSync(
    path.join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle-size.mjs'), dist], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/precompress.mjs'), dist], {
    stdio: 'inherit',
  });
  return {
    dist,
    remove: () => {
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

export type Production = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawning `node main.js` to its "ready" line. */
  startMs: number;
  stop: () => Promise<void>;
};

/** Starts `node main.js` as production does, on the embedded database in `dataDir`. */
export async function startProduction(options: {
  main: string;
  dataDir: string;
  webDist?: string;
  env?: Record<string, string>;
}): Promise<Production> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', options.main], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      WEB_DIST: options.webDist ?? path.join(options.dataDir, 'no-web-app'),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const onData = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  // LOG_LEVEL=warn keeps request logs out of the measurement; readiness is asked over HTTP.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before ready:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid ?? 0,
    child,
    startMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A signed-in user of a running server: their cookie, and requests sent from our origin. */
export class BenchUser {
  constructor(
    readonly url: string,
    readonly cookie: string,
  ) {}

  static async signUp(url: string, tag = randomUUID().slice(0, 8)): Promise<BenchUser> {
    const response = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        email: `bench-${tag}@example.com`,
        username: `bench_${tag}`,
        name: `bench_${tag}`,
        password: 'correct horse battery',
      }),
    });
    if (!response.ok)
      throw new Error(`sign-up: ${String(response.status)} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return new BenchUser(url, cookie);
  }

  /** The same user on another server over the same data (a restart on a new port). */
  at(url: string): BenchUser {
    return new BenchUser(url, this.cookie);
  }

  async send(method: string, route: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.url}${route}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${route}: ${String(response.status)} ${await response.text()}`);
    return response;
  }
}

/** Today as the server sees it for the seeded user (time zone UTC, the default setting). */
export function today(): LocalDate {
  return new Date().toISOString().slice(0, 10);
}

/**
 * 15 daily habits, each done on each of the `days` days before today (not today, so the
 * dashboard has something left to do), imported through the API: the reference user.
 */
export async function seedYear(user: BenchUser, habitCount = 15, days = 365): Promise<void> {
  const last = today();
  const habits: BackupHabit[] = Array.from({ length: habitCount }, (_, index) => ({
    id: `habit-${String(index)}`,
    name: `Habit ${String(index + 1)}`,
    description: index % 3 === 0 ? 'Ten minutes, every day, before anything else.' : null,
    frequency: 'daily',
    category: null,
    xpOnComplete: 10,
    isRecurring: true,
    specificDate: null,
    color: '#10b981',
    icon: 'target',
    createdAt: `${addDays(last, -days - 1)}T07:00:00.000Z`,
    completions: Array.from({ length: days }, (_, day) => {
      const date = addDays(last, -day - 1);
      return {
        completionDate: date,
        periodKey: date,
        xpEarned: 10,
        pointsEarned: 5,
        completedAt: `${date}T08:00:00.000Z`,
      };
    }),
  }));
  const file = buildExportFile({
    // Balances that match the history: 10 XP and 5 points a completion.
    data: {
      ...emptyBackupData(),
      settings: DEFAULT_SETTINGS,
      habits,
      totalXP: habitCount * days * 10,
      points: habitCount * days * 5,
    },
    exportedAt: new Date(),
  });
  await user.send('POST', '/api/import', { mode: 'replace', data: file });
}

/** The load average, for the reader of figures measured on a shared machine. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

export type LoadRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A new Idempotency-Key with each request (load.mjs), as the web app sends its changes. */
  freshIdempotencyKey?: true;
};
export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** CPU time per request in microseconds, by process, over the load (see cpuOfPostgres). */
  cpu: { caller: number; postgres: number; loadGenerator: number };
};

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time of every PostgreSQL process on this machine, in microseconds: each process's own
 * (utime, stime) and, for the postmaster, that of its ended children (cutime, cstime), so a
 * backend that ends during a measurement is still counted. 0 where /proc cannot tell (not Linux).
 */
export function cpuOfPostgres(): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid …: the fields after the command's closing parenthesis.
    const close = stat.lastIndexOf(')');
    if (!stat.slice(0, close).includes('(postgres')) continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of stat(5), 12–15 after the command.
    ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
  }
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** Runs bench/load.mjs (autocannon) in its own process; connection i replays clients[i % n]. */
export function runLoad(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  clients: LoadRequest[][];
}): Promise<LoadResult> {
  const callerBefore = process.cpuUsage();
  const postgresBefore = cpuOfPostgres();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      path.join(import.meta.dirname, 'load.mjs'),
      JSON.stringify(options),
    ]);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`load generator failed: ${errors}`));
        return;
      }
      const { cpuMicros, ...result } = JSON.parse(output) as Omit<LoadResult, 'cpu'> & {
        cpuMicros: number;
      };
      const caller = process.cpuUsage(callerBefore);
      const perRequest = (micros: number) => micros / Math.max(1, result.total);
      resolve({
        ...result,
        cpu: {
          caller: perRequest(caller.user + caller.system),
          postgres: perRequest(cpuOfPostgres() - postgresBefore),
          loadGenerator: perRequest(cpuMicros),
        },
      });
    });
  });
}
