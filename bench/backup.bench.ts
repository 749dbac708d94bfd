/**
 * One user's import or export against everyone else's reads, on the embedded database (PGlite:
 * one connection for the whole instance, so an import is written there in short transactions:
 * packages/server/src/backup/apply-in-chunks.ts). While a Pro user imports the largest file the
 * server accepts, other users send GET /api/me at a steady pace; their latency is printed next
 * to the same reads with nothing else running, measured in the same run.
 * Target (issue 11): p99 of those reads ≤ 300 ms during the import. Figures are printed, never
 * asserted: see docs/performance.md.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { BackupFile } from '@habitquest/core/backup/schema';
import { backupFileOf, backupHabit, everyDay } from '@habitquest/server/test/backup-fixture';
import { entitlements } from '@habitquest/server/db/schema';
import { MAX_IMPORT_BYTES } from '@habitquest/server/http/body-limit';
import {
  signUp,
  startTestServer,
  TEST_ORIGIN,
  type TestClient,
  type TestServer,
} from '@habitquest/server/test/harness';

const READERS = 4;
/** Reads per second, sent at a steady pace whether or not earlier ones were answered. */
const READS_PER_SECOND = 5;
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8) / 2;
/** 50 daily habits with 3,000 days each: 150,000 completions, just under the 20 MB body limit. */
const LARGEST = { habits: 50, days: 3000 };
/** The issue's 5 MB merge: a free account's 15 habits, 2,700 days each (40,500 completions). */
const FIVE_MB = { habits: 15, days: 2700 };

type Sample = [startedAt: number, latency: number, status: number];

/** Starts the reader process; `stop` ends it and resolves with every request it sent. */
function startReads(url: string, cookies: string[]) {
  const child = spawn('node', [
    path.join(import.meta.dirname, 'reads.mjs'),
    JSON.stringify({ url, path: '/api/me', cookies, perSecond: READS_PER_SECOND }),
  ]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<Sample[]>((resolve, reject) => {
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as Sample[]);
      else reject(new Error(`reader failed with ${String(code)}`));
    });
  });
  return {
    stop: () => {
      child.stdin.end('stop\n');
      return done;
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summary(samples: Sample[]) {
  const latencies = samples.map(([, latency]) => latency);
  return {
    count: samples.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(0, ...latencies),
    slow: latencies.filter((latency) => latency > 300).length,
    failed: samples.filter(([, , status]) => status !== 200).length,
  };
}

function print(name: string, result: ReturnType<typeof summary>, extra = ''): void {
  const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
  console.log(
    `${name.padEnd(46)} ${String(result.count).padStart(5)} reads   p50 ${ms(result.p50)}   p99 ${ms(result.p99)}   max ${ms(result.max)}   > 300 ms: ${String(result.slow).padStart(4)}${result.failed ? `   ${result.failed} failed` : ''}${extra}`,
  );
}

function fileOf(size: { habits: number; days: number }): BackupFile {
  const habits = Array.from({ length: size.habits }, (_, index) =>
    backupHabit({
      id: crypto.randomUUID(),
      name: `Habit ${index}`,
      createdAt: '2010-01-01T00:00:00.000Z',
      completions: everyDay('2010-01-01', size.days, '12:00:00'),
    }),
  );
  const count = size.habits * size.days;
  return backupFileOf({ habits, totalXP: 10 * count, points: 5 * count }, new Date());
}

/** Runs `work` while the readers read; returns the reads that started while it ran. */
async function during(
  url: string,
  cookies: string[],
  work: () => Promise<string>,
): Promise<{ reads: Sample[]; ms: number; outcome: string }> {
  const reads = startReads(url, cookies);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const startedAt = Date.now();
  const outcome = await work();
  const endedAt = Date.now();
  const samples = await reads.stop();
  return {
    reads: samples.filter(([at]) => at >= startedAt && at <= endedAt),
    ms: endedAt - startedAt,
    outcome,
  };
}

/** A signed-up user (Pro when asked) and a POST /api/import that sends `body` for them. */
async function importer(server: TestServer, isPro: boolean) {
  const { client } = await signUp(server);
  const me = await client.get<{ user: { id: string } }>('/api/me');
  if (isPro)
    await server.database.db
      .insert(entitlements)
      .values({ userId: me.body.user.id, premiumHabit: true });
  return {
    client,
    post: (mode: 'replace' | 'merge', file: string) => async () => {
      const response = await fetch(`${server.url}/api/import`, {
        method: 'POST',
        headers: {
          cookie: client.cookieHeader,
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
        },
        body: `{"mode":"${mode}","data":${file}}`,
      });
      await response.arrayBuffer();
      return String(response.status);
    },
  };
}

async function main(): Promise<void> {
  const server = await startTestServer('pglite');
  const readers: TestClient[] = [];
  for (let index = 0; index < READERS; index += 1) {
    const { client } = await signUp(server);
    await client.get('/api/me');
    readers.push(client);
  }
  const cookies = readers.map((client) => client.cookieHeader);
  const fiveMb = JSON.stringify(fileOf(FIVE_MB));
  const largest = JSON.stringify(fileOf(LARGEST));
  const megabytes = (text: string) => `${(text.length / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `PGlite; ${READERS} other users send GET /api/me, ${READS_PER_SECOND} per second in all. Files: ${megabytes(fiveMb)} (${FIVE_MB.habits * FIVE_MB.days} completions) and ${megabytes(largest)} (${LARGEST.habits * LARGEST.days} completions; body limit ${(MAX_IMPORT_BYTES / 1024 / 1024).toFixed(0)} MB)`,
  );
  // Other work on the machine shows in every figure: say how busy it was.
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
  console.log(`load average at the start: ${load()}\n`);

  const baselineReads = startReads(server.url, cookies);
  await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
  const baseline = summary(await baselineReads.stop());
  print('(1) reads alone (baseline)', baseline);

  const free = await importer(server, false);
  const pro = await importer(server, true);
  const phases: [string, () => Promise<string>][] = [
    ['(2) during a 5 MB merge into a new account', free.post('merge', fiveMb)],
    ['(3) during a replace with the largest file', pro.post('replace', largest)],
    ['(4) during a merge of it again (nothing new)', pro.post('merge', largest)],
    [
      '(5) during an export of those 150,000',
      async () => {
        const response = await fetch(`${server.url}/api/export`, {
          headers: { cookie: pro.client.cookieHeader },
        });
        const text = await response.text();
        return `${String(response.status)}, ${megabytes(text)}`;
      },
    ],
  ];
  for (const [name, work] of phases) {
    const result = await during(server.url, cookies, work);
    const reads = summary(result.reads);
    print(
      name,
      reads,
      `   (${(result.ms / 1000).toFixed(1)} s, answered ${result.outcome}; p99 ×${(reads.p99 / Math.max(1, baseline.p99)).toFixed(1)} of (1))`,
    );
  }
  await server.stop();
  console.log(`\nload average at the end: ${load()}`);
  console.log('target: p99 of the reads during (3) ≤ 300 ms');
}

await main();
