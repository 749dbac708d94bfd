/**
 * The signed-in dashboard's load on a phone, from a trace rather than Lighthouse's simulation
 * (docs/performance.md, "Less work around the first paint"): the production build and server,
 * the reference user (15 daily habits, a year of history), Debian's chromium at a 412 × 823
 * viewport with its CPU slowed 4× through the DevTools protocol, 7 s from navigation. Prints, per
 * run, the first paint, the blocking time after it (each main-thread task's part beyond 50 ms),
 * how long the main thread was busy, its longest task, and how many elements the page built.
 *
 * Lighthouse multiplies an unthrottled trace and is moved by the host's load by up to 20 points;
 * this slows the page itself, so back-to-back runs of two builds compare more steadily. Not run
 * by `npm run bench` (not a .bench.ts): `npx tsx bench/web-trace.ts`, with BENCH_WEB_DIST and
 * BENCH_SERVER_MAIN to reuse builds, TRACE_RUNS (3), and TRACE_OUT=<file> to keep the last run's
 * trace (open it in Chromium's DevTools, Performance panel).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { BenchUser, buildServer, buildWeb, seedYear, startProduction } from './production';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
};

const RUNS = Number(process.env.TRACE_RUNS ?? 3);

/**
 * The figures of one load, from the renderer's main thread, or null when the trace lacks the
 * page's navigation start or its first contentful paint (a busy host sometimes records neither):
 * measured from anything else they would be garbage.
 */
export function loadFigures(events: readonly TraceEvent[]) {
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${String(e.pid)}:${String(e.tid)}`),
  );
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  )?.ts;
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint')?.ts;
  if (start === undefined || firstPaint === undefined) return null;
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.ts >= start &&
      mainThreads.has(`${String(e.pid)}:${String(e.tid)}`),
  );
  const ms = (micros: number) => micros / 1000;
  let blockingAfterPaint = 0;
  let busy = 0;
  let longest = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    busy += ms(end - task.ts);
    longest = Math.max(longest, ms(end - task.ts));
    if (end > firstPaint)
      blockingAfterPaint += Math.max(0, ms(end - Math.max(task.ts, firstPaint)) - 50);
  }
  return { firstPaint: ms(firstPaint - start), blockingAfterPaint, busy, longest };
}

async function main(): Promise<void> {
  const web = process.env.BENCH_WEB_DIST ? null : buildWeb();
  const server = process.env.BENCH_SERVER_MAIN ? null : buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-trace-data-'));
  const production = await startProduction({
    main: process.env.BENCH_SERVER_MAIN ?? server?.main ?? '',
    dataDir,
    webDist: process.env.BENCH_WEB_DIST ?? web?.dist ?? '',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const user = await BenchUser.signUp(production.url);
    await seedYear(user);
    const [name = '', value = ''] = (user.cookie.split(';')[0] ?? '').split('=');
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
      });
      await context.addCookies([{ name, value, url: production.url }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'loading',
        ],
      });
      await page.goto(`${production.url}/`);
      await page.waitForTimeout(7000);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
        traceEvents: TraceEvent[];
      };
      if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(trace));
      const elements = await page.evaluate<number>("document.getElementsByTagName('*').length");
      const figures = loadFigures(trace.traceEvents);
      if (!figures) {
        console.log(
          `run ${String(run)}   the trace has no navigation start or first paint: left out`,
        );
        await context.close();
        continue;
      }
      console.log(
        `run ${String(run)}   first paint ${figures.firstPaint.toFixed(0)} ms   blocking after it ${figures.blockingAfterPaint.toFixed(0)} ms   main thread busy ${figures.busy.toFixed(0)} ms   longest task ${figures.longest.toFixed(0)} ms   elements ${String(elements)}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await production.stop();
    rmSync(dataDir, { recursive: true, force: true });
    web?.remove();
    server?.remove();
  }
}

await main();
