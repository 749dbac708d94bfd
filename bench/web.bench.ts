/**
 * The signed-in dashboard as a phone gets it (issue 18): Lighthouse's default settings (mobile:
 * a mid-range phone, simulated slow 4G, 4× CPU slowdown) against the production build, in
 * Debian's chromium, for a user with 15 daily habits and a year of history. Prints the median of
 * three runs (score, FCP, LCP, TBT, CLS), the largest opportunities, and the bytes of the API
 * answers the dashboard loads (gzip, as sent). Targets: score ≥ 95, dashboard data ≤ 100 KB
 * gzip. Figures, never asserted: see docs/performance.md.
 *
 * BENCH_WEB_DIST=<dir> reuses a web build (with .vite/manifest.json and .br/.gz), BENCH_SERVER_MAIN
 * a server bundle; LIGHTHOUSE_REPORT_DIR keeps each run's JSON report; CHROME_PATH another browser (default /usr/bin/chromium); LIGHTHOUSE_RUNS.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  BenchUser,
  buildServer,
  buildWeb,
  loadAverage,
  seedYear,
  startProduction,
} from './production';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Audit = {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: Record<string, unknown>[];
  };
};
type Run = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's measure of the host CPU (its BenchmarkIndex): higher is faster. */
  host: number;
  warnings: string[];
  /** Where the blocking time after the first paint goes, from the run's own trace. */
  blocking: Map<string, number>;
  audits: Record<string, Audit>;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function runLighthouse(url: string, cookie: string, port: number): Promise<Run> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    { extends: 'lighthouse:default', settings: { extraHeaders: { Cookie: cookie } } },
  );
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_REPORT_DIR)
    writeFileSync(
      path.join(process.env.LIGHTHOUSE_REPORT_DIR, `lighthouse-${String(Date.now())}.json`),
      JSON.stringify(lhr),
    );
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    host: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    blocking: blockingByKind((result.artifacts as { Trace?: Trace }).Trace),
    audits,
  };
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean } };
};
type Trace = { traceEvents: TraceEvent[] };

const RENDERING = new Set(['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize']);
const SCRIPT_KINDS: Record<string, string> = {
  FunctionCall: 'script: tasks (React, scheduler)',
  TimerFire: 'script: timers',
  RunMicrotasks: 'script: promise callbacks',
  EventDispatch: 'script: events',
  'v8.evaluateModule': 'script: module evaluation',
};

/**
 * An estimate of Lighthouse's total blocking time by what each long task mostly did: the main
 * thread's tasks after the first contentful paint of the unthrottled load, each 4× as long as
 * observed (Lighthouse's CPU slowdown), counted beyond 50 ms, under its largest kind of work.
 * Lantern's own figure also reorders tasks by the simulated network; this says where to look.
 */
function blockingByKind(trace: Trace | undefined): Map<string, number> {
  const kinds = new Map<string, number>();
  const events = trace?.traceEvents ?? [];
  const navigation =
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ??
    events.find((e) => e.name === 'navigationStart');
  if (!navigation) return kinds;
  const { pid, tid } = navigation;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  for (const task of main) {
    if (task.name !== 'RunTask' || task.ts < (paint?.ts ?? navigation.ts)) continue;
    const end = task.ts + (task.dur ?? 0);
    const blocking = ((task.dur ?? 0) / 1000) * 4 - 50;
    if (blocking <= 0) continue;
    const work = new Map<string, number>();
    for (const event of main) {
      if (event.ts < task.ts || event === task) continue;
      if (event.ts >= end) break;
      const kind = RENDERING.has(event.name) ? 'style, layout and paint' : SCRIPT_KINDS[event.name];
      if (kind) work.set(kind, (work.get(kind) ?? 0) + (event.dur ?? 0));
    }
    const [kind = 'other'] = [...work].sort((a, b) => b[1] - a[1])[0] ?? [];
    kinds.set(kind, (kinds.get(kind) ?? 0) + blocking);
  }
  return kinds;
}

/** The API answers the dashboard's first load fetched, as Lighthouse saw them on the wire. */
function apiRequests(run: Run): { url: string; transfer: number; resource: number }[] {
  const items = run.audits['network-requests']?.details?.items ?? [];
  return items
    .filter(
      (item) => typeof item.url === 'string' && new URL(item.url).pathname.startsWith('/api/'),
    )
    .map((item) => ({
      url: new URL(item.url as string).pathname + new URL(item.url as string).search,
      transfer: Number(item.transferSize ?? 0),
      resource: Number(item.resourceSize ?? 0),
    }));
}

function printRun(run: Run, label: string): void {
  console.log(
    `${label.padEnd(8)} score ${String(run.score).padStart(3)}   FCP ${ms(run.fcp)}   LCP ${ms(run.lcp)}   TBT ${run.tbt.toFixed(0)} ms   CLS ${run.cls.toFixed(3)}   SI ${ms(run.si)}   host ${run.host.toFixed(0)}`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(CHROME_PATH)) {
    console.log(`skipped: no browser at ${CHROME_PATH} (apt-get install chromium, or CHROME_PATH)`);
    return;
  }
  console.log(`load average at start: ${loadAverage()}`);
  const web = process.env.BENCH_WEB_DIST ? null : buildWeb();
  const server = process.env.BENCH_SERVER_MAIN ? null : buildServer();
  const webDist = process.env.BENCH_WEB_DIST ?? web?.dist ?? '';
  const main = process.env.BENCH_SERVER_MAIN ?? server?.main ?? '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-bench-data-'));
  const production = await startProduction({ main, dataDir, webDist });
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const user = await BenchUser.signUp(production.url);
    await seedYear(user);
    const dashboard = `${production.url}/`;

    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await runLighthouse(dashboard, user.cookie, chrome.port);
      printRun(run, `run ${String(i + 1)}`);
      runs.push(run);
    }
    const pick = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'si') =>
      median(runs.map((run) => run[key]));
    console.log(
      `\nmedian of ${String(RUNS)}: score ${String(pick('score'))} (target ≥ 95)   FCP ${ms(pick('fcp'))}   LCP ${ms(pick('lcp'))}   TBT ${pick('tbt').toFixed(0)} ms   CLS ${pick('cls').toFixed(3)}   SI ${ms(pick('si'))}`,
    );

    // Lighthouse simulates a phone by slowing this host's own trace 4×: on a host slower than it
    // assumes (it warns below a BenchmarkIndex of 1000) the same page scores lower.
    console.log(
      `host CPU (Lighthouse's BenchmarkIndex, median): ${median(runs.map((run) => run.host)).toFixed(0)}; Lighthouse warns below 1000`,
    );
    const warnings = new Set(runs.flatMap((run) => run.warnings));
    for (const warning of warnings) console.log(`  Lighthouse: ${warning}`);
    console.log('blocking time after the first paint by kind of work (estimate, each run):');
    const kinds = new Set(runs.flatMap((run) => [...run.blocking.keys()]));
    for (const kind of kinds)
      console.log(
        `  ${kind.padEnd(34)} ${runs.map((run) => `${(run.blocking.get(kind) ?? 0).toFixed(0).padStart(6)} ms`).join('')}`,
      );

    // The run with the median score explains the figures.
    const typical = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    if (!typical) return;
    const opportunities = Object.values(typical.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.details)
      .filter(
        (audit) =>
          (audit.details?.overallSavingsMs ?? 0) > 0 ||
          (audit.details?.overallSavingsBytes ?? 0) > 0 ||
          audit.details?.type === 'table',
      )
      .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
      .slice(0, 8);
    console.log('\ntop opportunities and diagnostics (median run):');
    for (const audit of opportunities)
      console.log(`  ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);

    const api = apiRequests(typical);
    const transfer = api.reduce((sum, request) => sum + request.transfer, 0);
    const resource = api.reduce((sum, request) => sum + request.resource, 0);
    console.log('\nthe dashboard data (API answers of the first load, as sent):');
    for (const request of api)
      console.log(
        `  ${request.url.padEnd(60)} ${kb(request.transfer).padStart(9)}  (${kb(request.resource)} uncompressed)`,
      );
    console.log(
      `  total: ${kb(transfer)} on the wire, ${kb(resource)} uncompressed   (target ≤ 100 KB gzip)`,
    );
    console.log(`\nload average at end: ${loadAverage()}`);
  } finally {
    chrome.kill();
    await production.stop();
    rmSync(dataDir, { recursive: true, force: true });
    web?.remove();
    server?.remove();
  }
}

await main();
