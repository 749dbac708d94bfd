/**
 * Offline mode (docs/offline.md): completions made while the server is out of reach wait in the
 * outbox (IndexedDB), survive reloads, and reach the server exactly once, in order, when it is
 * back. The server's own answers are the expected state: GET /api/completions and the XP of
 * GET /api/me after the replay (a completion awards its habit's XP once, so XP counts effects).
 * `page.request` is the page's API context: `context.setOffline` does not touch it.
 */
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { DayInsights } from './pages/day-insights';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, signUpThroughApi, test } from './support/fixtures';
import {
  apiIsQuiet,
  completionKeys,
  completionsOnServer,
  createHabits,
  gate,
  isCompletionPut,
  mulberry32,
  pageNow,
  progressOnServer,
  savedCompletionKeys,
  savedHabitTitles,
  setOnServer,
  storedEntry,
  storedOutbox,
  syncBadge,
  trackApiRequests,
  waitForServiceWorker,
  writeStoredOutbox,
} from './support/offline';
import { saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { localDate } from './support/session';
import { THEMES, useTheme } from './support/theme';
import { addDays, instantAt, localDateIn } from './support/zoned-clock';

const FULL_QUEUE = 'Too many changes are waiting to sync. Reconnect to save this one.';

async function seed(
  page: Page,
  baseURL: string,
  habits: readonly { title: string; xp: number }[],
): Promise<Map<string, string>> {
  await signUpThroughApi(page.request, baseURL);
  return await createHabits(page.request, baseURL, habits);
}

async function open(page: Page): Promise<void> {
  trackApiRequests(page);
  await page.goto('/');
  await page.getByRole('banner').getByText(/^@/).waitFor();
}

async function goOffline(context: BrowserContext, ...pages: Page[]): Promise<void> {
  for (const page of pages) await apiIsQuiet(page);
  await context.setOffline(true);
  for (const page of pages) await expect(syncBadge(page)).toHaveText('Offline Mode');
}

/** Clicks a toggle and waits until it shows the state it was clicked for. */
async function flip(toggle: ReturnType<HabitsSection['toggle']>, completed: boolean) {
  await expect(toggle).toHaveAttribute('aria-pressed', String(!completed));
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(completed));
}

/** The id of the habit a completion PUT names. */
function habitOf(request: Request): string {
  return /\/api\/habits\/([^/]+)\/completions\//.exec(request.url())?.[1] ?? '';
}

function id(ids: Map<string, string>, title: string): string {
  const value = ids.get(title);
  if (!value) throw new Error(`no habit ${title}`);
  return value;
}

test('completions made offline wait, show as pending, and reach the server once when back', async ({
  page,
  context,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
    { title: 'Stretch', xp: 30 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  await expect(syncBadge(page)).toHaveText('');

  await goOffline(context, page);
  await habits.toggle('Read').click();
  await habits.toggle('Walk').click();
  await habits.toggle('Stretch').click();
  // Undoing Stretch replaces its queued completion: one entry for one habit and day.
  await expect(habits.toggle('Stretch')).toHaveText('Completed');
  await habits.toggle('Stretch').click();
  await expect(habits.toggle('Read')).toHaveText('Completed');
  await expect(habits.toggle('Stretch')).toHaveText('Mark Complete');
  await expect(syncBadge(page)).toHaveText('Offline Mode');
  expect(await storedOutbox(page)).toHaveLength(3);

  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText('Synced!');
  await expect(syncBadge(page)).toHaveText('', { timeout: 10_000 });

  const today = localDate(0);
  expect(completionKeys(await completionsOnServer(page.request, today, today))).toEqual(
    [`${id(ids, 'Read')} ${today}`, `${id(ids, 'Walk')} ${today}`].sort(),
  );
  expect(await progressOnServer(page.request)).toEqual({ xp: 30, points: 15 });
  await page.reload();
  await expect(habits.toggle('Read')).toHaveText('Completed');
  await expect(habits.toggle('Stretch')).toHaveText('Mark Complete');
});

test.describe('with the service worker (it serves the app on an offline reload)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('twenty changes over four habits and four days, offline across two reloads, land once each', async ({
    page,
    context,
    baseURL,
  }) => {
    // About 50 s alone; past 2 minutes once under a loaded machine with the other worker.
    test.setTimeout(180_000);
    const habitList = [
      { title: 'Read', xp: 10 },
      { title: 'Walk', xp: 20 },
      { title: 'Stretch', xp: 30 },
      { title: 'Journal', xp: 40 },
    ];
    const ids = await seed(page, baseURL ?? '', habitList);
    const xpOf = new Map(habitList.map((h) => [h.title, h.xp]));
    const day = [0, -1, -2, -3].map((offset) => localDate(offset));
    const today = localDate(0);
    const first = day[3] ?? today;
    // Already on the server: three completions, each undone offline (two are done again).
    const initial: [string, number][] = [
      ['Walk', 1],
      ['Journal', 2],
      ['Read', 3],
    ];
    for (const [title, d] of initial)
      await setOnServer(page.request, baseURL ?? '', id(ids, title), day[d] ?? today, true);
    const model = new Map(initial.map(([title, d]) => [`${title} ${String(d)}`, true]));

    // [habit, day index]; a null marks a reload (offline).
    const plan: ([string, number] | null)[] = [
      ['Read', 0],
      ['Walk', 0],
      ['Stretch', 0],
      ['Read', 0],
      ['Walk', 1],
      ['Stretch', 1],
      ['Journal', 1],
      null,
      ['Read', 0],
      ['Journal', 0],
      ['Journal', 2],
      ['Read', 2],
      ['Journal', 2],
      ['Read', 3],
      ['Walk', 3],
      null,
      ['Walk', 1],
      ['Stretch', 1],
      ['Stretch', 3],
      ['Stretch', 0],
      ['Walk', 0],
      ['Walk', 0],
    ];
    expect(plan.filter(Boolean)).toHaveLength(20);

    await open(page);
    // The service worker serves the app on an offline reload.
    await waitForServiceWorker(page);
    await expect(syncBadge(page)).toHaveText('');
    await goOffline(context, page);

    const habits = new HabitsSection(page);
    const insights = new DayInsights(page);
    // The day the dashboard shows (a calendar click selects it) and the open Day Insights.
    let shown = 0;
    let openDay: number | null = null;
    const closeInsights = async () => {
      if (openDay !== null) await insights.close();
      openDay = null;
    };
    const showToday = async () => {
      await closeInsights();
      if (shown !== 0) await page.getByRole('button', { name: 'Today', exact: true }).click();
      shown = 0;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Quest Today');
    };
    const modelKeys = () =>
      [...model]
        .filter(([, done]) => done)
        .map(([key]) => {
          const [title = '', d = '0'] = key.split(' ');
          return `${id(ids, title)} ${day[Number(d)] ?? today}`;
        })
        .sort();
    for (const step of plan) {
      if (step === null) {
        await closeInsights();
        // The cache is saved at most once a second: a reload right away could show older data.
        await expect.poll(() => savedCompletionKeys(page)).toEqual(modelKeys());
        await page.reload();
        await page.getByRole('banner').getByText(/^@/).waitFor();
        await expect(syncBadge(page)).toHaveText('Offline Mode');
        shown = -1;
        await showToday();
        // What was done before the reload is still shown.
        for (const habit of habitList) {
          await expect(habits.toggle(habit.title)).toHaveAttribute(
            'aria-pressed',
            String(model.get(`${habit.title} 0`) ?? false),
          );
        }
        continue;
      }
      const [title, d] = step;
      const key = `${title} ${String(d)}`;
      const wanted = !(model.get(key) ?? false);
      if (d === 0) {
        await showToday();
        await flip(habits.toggle(title), wanted);
      } else {
        if (openDay !== d) {
          await closeInsights();
          await insights.open(day[d] ?? today, today);
          openDay = d;
          shown = d;
        }
        await flip(insights.toggle(title), wanted);
      }
      model.set(key, wanted);
    }
    await closeInsights();

    // One entry per habit and day touched (repeated toggles coalesce): 12 of them.
    const queued = await storedOutbox(page);
    expect(queued).toHaveLength(12);
    expect(new Set(queued.map((e) => `${e.payload.habitId} ${e.payload.date}`)).size).toBe(12);

    // Back, but the server answers 503 for a moment: the changes wait, shown as pending.
    let isDown = true;
    const puts: string[] = [];
    await page.route('**/api/habits/*/completions/*', async (route: Route) => {
      if (!isCompletionPut(route.request().method(), route.request().url())) {
        await route.fallback();
        return;
      }
      if (isDown) {
        await route.fulfill({
          status: 503,
          json: { error: { code: 'UNAVAILABLE', message: 'x' } },
        });
        return;
      }
      puts.push(route.request().headers()['idempotency-key'] ?? '');
      await route.continue();
    });
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('12 pending');
    await expectNoAxeViolations(page);
    isDown = false;
    await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 30_000 });
    await expect(syncBadge(page)).toHaveText('', { timeout: 10_000 });

    const expected = [...model].filter(([, done]) => done).map(([key]) => key.split(' ')[0] ?? '');
    const done = await completionsOnServer(page.request, first, today);
    expect(completionKeys(done)).toEqual(modelKeys());
    expect(await progressOnServer(page.request)).toEqual({
      xp: expected.reduce((sum, title) => sum + (xpOf.get(title) ?? 0), 0),
      points: expected.reduce((sum, title) => sum + Math.floor((xpOf.get(title) ?? 0) / 2), 0),
    });
    // Each queued entry went once (no entry was sent twice after the 503s).
    expect(puts).toHaveLength(12);
    expect(new Set(puts).size).toBe(12);
    expect(await storedOutbox(page)).toEqual([]);
  });

  test('a cold start without the server shows the saved dashboard, offline', async ({
    page,
    context,
    baseURL,
  }) => {
    const ids = await seed(page, baseURL ?? '', [
      { title: 'Read', xp: 10 },
      { title: 'Walk', xp: 20 },
    ]);
    await setOnServer(page.request, baseURL ?? '', id(ids, 'Walk'), localDate(0), true);
    await open(page);
    const habits = new HabitsSection(page);
    await expect(habits.toggle('Walk')).toHaveAttribute('aria-pressed', 'true');
    await waitForServiceWorker(page);
    // Saved at most once a second after a change: wait until what the dashboard showed is saved.
    await expect.poll(() => savedHabitTitles(page)).toEqual(['Read', 'Walk']);
    await expect
      .poll(() => savedCompletionKeys(page))
      .toEqual([`${id(ids, 'Walk')} ${localDate(0)}`]);

    // The server is out of reach (the network is up): a new tab opens on the saved data.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    const cold = await context.newPage();
    await open(cold);
    const coldHabits = new HabitsSection(cold);
    await expect(coldHabits.toggle('Read')).toHaveAttribute('aria-pressed', 'false');
    await expect(coldHabits.toggle('Walk')).toHaveAttribute('aria-pressed', 'true');
    await expect(syncBadge(cold)).toHaveText('Offline Mode');
    await cold.close();

    // No network at all: the service worker serves the app, the cache its data.
    await context.setOffline(true);
    const offline = await context.newPage();
    await open(offline);
    const offlineHabits = new HabitsSection(offline);
    await expect(offlineHabits.toggle('Walk')).toHaveAttribute('aria-pressed', 'true');
    await expect(syncBadge(offline)).toHaveText('Offline Mode');

    // Back: the tab catches up with the server.
    await context.unroute('**/api/**');
    await context.setOffline(false);
    await expect(syncBadge(offline)).toHaveText('');
    await flip(offlineHabits.toggle('Read'), true);
    await expect.poll(() => progressOnServer(page.request)).toEqual({ xp: 30, points: 15 });
  });
});

test('an answer lost on the way back: the change is applied once', async ({ page, baseURL }) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  const sent: { key: string; replayed: boolean }[] = [];
  let isLost = false;
  await page.route('**/api/habits/*/completions/*', async (route: Route) => {
    const request = route.request();
    if (!isCompletionPut(request.method(), request.url())) {
      await route.fallback();
      return;
    }
    const response = await route.fetch();
    sent.push({
      key: request.headers()['idempotency-key'] ?? '',
      replayed: response.headers()['idempotent-replayed'] === 'true',
    });
    if (!isLost) {
      // The server applied it; the browser sees the connection drop.
      isLost = true;
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response });
  });

  // Online: the change is sent at once, its answer never arrives, so it stays queued.
  await flip(habits.toggle('Read'), true);
  // The server is reachable again (its health answers): the queued entry goes again.
  await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 15_000 });
  // A later change goes as usual.
  await flip(habits.toggle('Walk'), true);
  await expect.poll(async () => (await storedOutbox(page)).length).toBe(0);

  const today = localDate(0);
  expect(completionKeys(await completionsOnServer(page.request, today, today))).toEqual(
    [`${id(ids, 'Read')} ${today}`, `${id(ids, 'Walk')} ${today}`].sort(),
  );
  expect(await progressOnServer(page.request)).toEqual({ xp: 30, points: 15 });
  // Read was sent twice with one key; the second answer was the server's first one.
  const read = sent.filter((s) => s.key === sent[0]?.key);
  expect(read.map((s) => s.replayed)).toEqual([false, true]);
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'true');
});

test('a tab closed while its change was on the way: the next tab sends it, applied once', async ({
  page,
  context,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  await goOffline(context, page);
  await flip(habits.toggle('Read'), true);
  await flip(habits.toggle('Walk'), true);
  expect(await storedOutbox(page)).toHaveLength(2);

  // The first PUT reaches the server, then its answer is held until the tab is gone.
  const held = gate();
  const forwarded = gate();
  let isFirst = true;
  await page.route('**/api/habits/*/completions/*', async (route: Route) => {
    if (!isCompletionPut(route.request().method(), route.request().url()) || !isFirst) {
      await route.fallback();
      return;
    }
    isFirst = false;
    await route.fetch();
    forwarded.release();
    await held.promise;
    await route.abort().catch(() => undefined);
  });
  await context.setOffline(false);
  await forwarded.promise;
  await expect(syncBadge(page)).toHaveText('Syncing... (2)');
  await page.close();
  held.release();

  const next = await context.newPage();
  const replayed: boolean[] = [];
  next.on('response', (response) => {
    const request = response.request();
    if (isCompletionPut(request.method(), request.url()))
      replayed.push(response.headers()['idempotent-replayed'] === 'true');
  });
  await open(next);
  await expect(syncBadge(next)).toHaveText('Synced!');
  const today = localDate(0);
  expect(completionKeys(await completionsOnServer(next.request, today, today))).toEqual(
    [`${id(ids, 'Read')} ${today}`, `${id(ids, 'Walk')} ${today}`].sort(),
  );
  expect(await progressOnServer(next.request)).toEqual({ xp: 30, points: 15 });
  // Read's second send got the first answer back; Walk went once.
  expect(replayed).toEqual([true, false]);
  await expect(new HabitsSection(next).toggle('Read')).toHaveAttribute('aria-pressed', 'true');
});

test('two tabs queue offline and come back together: one replays, each change goes once', async ({
  page,
  context,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
    { title: 'Stretch', xp: 30 },
  ]);
  const other = await context.newPage();
  await open(page);
  await open(other);
  const sent: { tab: string; key: string }[] = [];
  for (const [tab, p] of [
    ['first', page],
    ['second', other],
  ] as const) {
    p.on('request', (request) => {
      if (isCompletionPut(request.method(), request.url()))
        sent.push({ tab, key: request.headers()['idempotency-key'] ?? '' });
    });
  }
  // Day Insights opens offline below: its code must be in first (there is no service worker).
  for (const p of [page, other]) await new DashboardPage(p).laterPartsLoaded();
  await goOffline(context, page, other);
  const today = localDate(0);
  const yesterday = localDate(-1);

  const a = new HabitsSection(page);
  await flip(a.toggle('Read'), true);
  await flip(a.toggle('Walk'), true);
  const aDay = new DayInsights(page);
  await aDay.open(yesterday, today);
  await flip(aDay.toggle('Stretch'), true);
  await aDay.close();

  const b = new HabitsSection(other);
  await flip(b.toggle('Stretch'), true);
  // This tab does not know the first one completed Walk: its change replaces that entry.
  await flip(b.toggle('Walk'), true);
  const bDay = new DayInsights(other);
  await bDay.open(yesterday, today);
  await flip(bDay.toggle('Read'), true);
  await bDay.close();
  await expect.poll(async () => (await storedOutbox(other)).length).toBe(5);

  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText('Synced!');
  await expect(syncBadge(other)).toHaveText('Synced!');

  const expected = [
    `${id(ids, 'Read')} ${today}`,
    `${id(ids, 'Walk')} ${today}`,
    `${id(ids, 'Stretch')} ${today}`,
    `${id(ids, 'Stretch')} ${yesterday}`,
    `${id(ids, 'Read')} ${yesterday}`,
  ].sort();
  expect(completionKeys(await completionsOnServer(page.request, yesterday, today))).toEqual(
    expected,
  );
  expect(await progressOnServer(page.request)).toEqual({ xp: 100, points: 50 });
  // Five entries, five requests, five keys: no entry was sent by both tabs.
  expect(sent).toHaveLength(5);
  expect(new Set(sent.map((s) => s.key)).size).toBe(5);
  expect(new Set(sent.map((s) => s.tab)).size).toBe(1);
  // Each tab shows today's changes of the other one too.
  for (const p of [page, other])
    await p.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(b.toggle('Read')).toHaveAttribute('aria-pressed', 'true');
  await expect(a.toggle('Stretch')).toHaveAttribute('aria-pressed', 'true');
});

test('repeated toggles coalesce; a full queue refuses the next change and keeps the rest', async ({
  page,
  context,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  await goOffline(context, page);
  // Five toggles of one habit and day: one entry, the last state (completed).
  for (const completed of [true, false, true, false, true])
    await flip(habits.toggle('Walk'), completed);
  const [walk, ...rest] = await storedOutbox(page);
  expect(rest).toEqual([]);
  expect(walk?.payload).toEqual({
    habitId: id(ids, 'Walk'),
    date: localDate(0),
    completed: true,
  });

  // 99 more (other habits, other days): the queue is full.
  const now = await pageNow(page);
  const filler = Array.from({ length: 99 }, (_, i) =>
    storedEntry(crypto.randomUUID(), localDate(-(i % 6)), true, now - 60_000 + i),
  );
  await writeStoredOutbox(page, [...filler, ...(walk ? [walk] : [])]);
  expect(await storedOutbox(page)).toHaveLength(100);

  await habits.toggle('Read').click();
  await expect(page.getByText(FULL_QUEUE)).toBeVisible();
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'false');
  const full = await storedOutbox(page);
  expect(full).toHaveLength(100);
  expect(full.some((e) => e.payload.habitId === id(ids, 'Read'))).toBe(false);

  // A change of a habit and day already queued replaces its entry: still accepted.
  await flip(habits.toggle('Walk'), false);
  const after = await storedOutbox(page);
  expect(after).toHaveLength(100);
  expect(after.filter((e) => e.payload.habitId === id(ids, 'Walk')).map((e) => e.body)).toEqual([
    { completed: false },
  ]);
});

test('a queued change the server refuses is told and rolled back; the others land', async ({
  page,
  context,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Doomed', xp: 10 },
    { title: 'Kept', xp: 4 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  const adventurer = page.getByRole('region', { name: 'Adventurer' });
  await goOffline(context, page);
  await flip(habits.toggle('Doomed'), true);
  await flip(habits.toggle('Kept'), true);
  await expect(adventurer).toContainText('7 points');

  // Elsewhere, the habit is deleted meanwhile (page.request is not cut off by setOffline).
  const deleted = await page.request.delete(`/api/habits/${id(ids, 'Doomed')}`, {
    headers: { origin: baseURL ?? '' },
  });
  expect(deleted.status()).toBe(200);
  await expect(syncBadge(page)).toHaveText('Offline Mode');

  await context.setOffline(false);
  await expect(page.getByText(/^A change made offline was not saved: .+/)).toBeVisible();
  await expect(syncBadge(page)).toHaveText('Synced!');
  // The refused completion is gone from the screen (its habit too); the other one stays.
  await expect(habits.card('Doomed')).toHaveCount(0);
  await expect(habits.toggle('Kept')).toHaveAttribute('aria-pressed', 'true');
  await expect(adventurer).toContainText('2 points');
  const today = localDate(0);
  expect(completionKeys(await completionsOnServer(page.request, today, today))).toEqual([
    `${id(ids, 'Kept')} ${today}`,
  ]);
  expect(await progressOnServer(page.request)).toEqual({ xp: 4, points: 2 });
  expect(await storedOutbox(page)).toEqual([]);
});

test('a 5xx in the middle stops the replay, which resumes after its backoff without skipping', async ({
  page,
  context,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'First', xp: 10 },
    { title: 'Second', xp: 20 },
    { title: 'Third', xp: 30 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  await goOffline(context, page);
  for (const title of ['First', 'Second', 'Third']) await flip(habits.toggle(title), true);

  const titleOf = new Map([...ids].map(([title, habitId]) => [habitId, title]));
  const log: { title: string; status: number; at: number }[] = [];
  let hasFailed = false;
  await page.route('**/api/habits/*/completions/*', async (route: Route) => {
    const request = route.request();
    if (!isCompletionPut(request.method(), request.url())) {
      await route.fallback();
      return;
    }
    const title = titleOf.get(habitOf(request)) ?? '?';
    if (title === 'Second' && !hasFailed) {
      hasFailed = true;
      log.push({ title, status: 500, at: Date.now() });
      await route.fulfill({
        status: 500,
        json: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
      });
      return;
    }
    const response = await route.fetch();
    log.push({ title, status: response.status(), at: Date.now() });
    await route.fulfill({ response });
  });
  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 15_000 });

  expect(log.map((l) => `${l.title} ${String(l.status)}`)).toEqual([
    'First 200',
    'Second 500',
    'Second 200',
    'Third 200',
  ]);
  const wait = (log[2]?.at ?? 0) - (log[1]?.at ?? 0);
  expect(wait).toBeGreaterThanOrEqual(900);
  expect(wait).toBeLessThan(8_000);
  const today = localDate(0);
  const done = await completionsOnServer(page.request, today, today);
  const order = [...done]
    .sort((x, y) => x.completedAt.localeCompare(y.completedAt))
    .map((c) => titleOf.get(c.habitId));
  expect(order).toEqual(['First', 'Second', 'Third']);
  expect(await progressOnServer(page.request)).toEqual({ xp: 60, points: 30 });
});

test.describe('across local midnight', () => {
  const zone = 'America/Los_Angeles';
  test.use({ timezoneId: zone });

  test('a completion queued at 23:58 reaches the server with its own day', async ({
    page,
    context,
    baseURL,
  }) => {
    await signUpThroughApi(page.request, baseURL ?? '');
    const saved = await page.request.patch('/api/settings', {
      data: { timeZone: zone },
      headers: { origin: baseURL ?? '' },
    });
    expect(saved.ok()).toBe(true);
    const ids = await createHabits(page.request, baseURL ?? '', [{ title: 'Read', xp: 10 }]);
    // Yesterday at 23:58 in the zone: the server (real clock) accepts both days.
    const today = localDateIn(zone, Date.now());
    const yesterday = addDays(today, -1);
    await page.clock.install({ time: instantAt(zone, yesterday, '23:58') });
    await open(page);
    const habits = new HabitsSection(page);
    await goOffline(context, page);
    await flip(habits.toggle('Read'), true);
    expect((await storedOutbox(page)).map((e) => e.payload.date)).toEqual([yesterday]);

    // Midnight passes with the change still queued; the dashboard moves to the new day.
    await page.clock.fastForward('05:00');
    await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'false');
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('Synced!');

    const done = await completionsOnServer(page.request, addDays(yesterday, -1), today);
    expect(completionKeys(done)).toEqual([`${id(ids, 'Read')} ${yesterday}`]);
    expect(await progressOnServer(page.request)).toEqual({ xp: 10, points: 5 });
    await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'false');
  });
});

test('soak: random toggles while answers drop at random end in the state last asked for', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const seedValue = Number(process.env.OFFLINE_SOAK_SEED ?? 20_261_124);
  testInfo.annotations.push({ type: 'seed', description: String(seedValue) });
  process.stdout.write(`offline soak seed ${String(seedValue)} (OFFLINE_SOAK_SEED)\n`);
  const random = mulberry32(seedValue);
  const faultRandom = mulberry32(seedValue ^ 0x5eed);
  const pick = (n: number) => Math.floor(random() * n);

  const titles = ['Read', 'Walk', 'Stretch', 'Journal'];
  const ids = await seed(
    page,
    baseURL ?? '',
    titles.map((title) => ({ title, xp: 10 })),
  );
  const today = localDate(0);
  const days = [0, -1, -2, -3, -4].map((offset) => localDate(offset));
  await open(page);

  const MAX_FAULTS = 15;
  let faults = { dropped: 0, refused: 0 };
  let isFaulty = true;
  await page.route('**/api/habits/*/completions/*', async (route: Route) => {
    const request = route.request();
    if (!isCompletionPut(request.method(), request.url())) {
      await route.fallback();
      return;
    }
    const roll = faultRandom();
    const canFault = isFaulty && faults.dropped + faults.refused < MAX_FAULTS;
    if (canFault && roll < 0.15) {
      faults = { ...faults, refused: faults.refused + 1 };
      await route.abort('internetdisconnected');
      return;
    }
    const response = await route.fetch();
    if (canFault && roll < 0.35) {
      faults = { ...faults, dropped: faults.dropped + 1 };
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response });
  });

  const model = new Map<string, boolean>();
  const insights = new DayInsights(page);
  const started = Date.now();
  let toggles = 0;
  let ignored = 0;
  while (toggles < 60 && Date.now() - started < 50_000) {
    const d = pick(days.length);
    await insights.open(days[d] ?? today, today);
    for (let k = 3 + pick(3); k > 0 && toggles < 60; k -= 1) {
      const title = titles[pick(titles.length)] ?? 'Read';
      const key = `${title} ${String(d)}`;
      const wanted = !(model.get(key) ?? false);
      const toggle = insights.toggle(title);
      // The screen shows what was last asked for, whatever the network did meanwhile.
      await expect(toggle, `before toggle ${String(toggles)}, ${key}`).toHaveAttribute(
        'aria-pressed',
        String(!wanted),
      );
      // A click while the same habit and day is still on its way is ignored (the in-flight
      // guard of useToggleCompletion, held until the toggle's refetch ends: see the last test):
      // then nothing was asked for, and the model stays.
      await toggle.click();
      const isTaken = await expect(toggle)
        .toHaveAttribute('aria-pressed', String(wanted), { timeout: 3_000 })
        .then(
          () => true,
          () => false,
        );
      if (isTaken) {
        model.set(key, wanted);
        toggles += 1;
      } else {
        ignored += 1;
      }
    }
    await insights.close();
  }
  isFaulty = false;
  const summary = `${String(toggles)} toggles (${String(ignored)} clicks ignored while on their way), ${String(faults.dropped)} answers dropped, ${String(faults.refused)} requests cut`;
  testInfo.annotations.push({ type: 'soak', description: summary });
  process.stdout.write(`offline soak: ${summary}\n`);

  // Idle and reachable: the queue empties.
  await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 30_000 }).toBe(0);
  await expect(syncBadge(page)).toHaveText(/^(Synced!)?$/);

  const wanted = [...model]
    .filter(([, done]) => done)
    .map(([key]) => {
      const [title = '', d = '0'] = key.split(' ');
      return `${id(ids, title)} ${days[Number(d)] ?? today}`;
    })
    .sort();
  const done = await completionsOnServer(page.request, days[4] ?? today, today);
  expect(completionKeys(done)).toEqual(wanted);
  expect(await progressOnServer(page.request)).toEqual({
    xp: 10 * wanted.length,
    points: 5 * wanted.length,
  });
});

for (const theme of THEMES) {
  test(`the badge offline and pending, ${theme}: screenshots wide and narrow`, async ({
    page,
    context,
    baseURL,
  }) => {
    await seed(page, baseURL ?? '', [{ title: 'Read', xp: 10 }]);
    await useTheme(page, baseURL ?? '', theme);
    const habits = new HabitsSection(page);
    await page.setViewportSize(VIEWPORTS.wide);
    await open(page);
    await goOffline(context, page);
    await flip(habits.toggle('Read'), true);
    // The server answers 503 until the end: the change stays pending once the tab is online.
    let isDown = true;
    await page.route('**/api/habits/*/completions/*', async (route: Route) => {
      if (isDown && isCompletionPut(route.request().method(), route.request().url()))
        await route.fulfill({
          status: 503,
          json: { error: { code: 'UNAVAILABLE', message: 'x' } },
        });
      else await route.fallback();
    });
    const shots = Object.entries(VIEWPORTS);
    for (const [size, viewport] of shots) {
      await page.setViewportSize(viewport);
      await saveViewportScreenshot(page, `offline-badge-offline-${theme}-${size}`);
    }
    if (theme === 'light') await expectNoAxeViolations(page);

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('1 pending');
    for (const [size, viewport] of shots.reverse()) {
      await page.setViewportSize(viewport);
      await saveViewportScreenshot(page, `offline-badge-pending-${theme}-${size}`);
    }
    if (theme === 'dark') await expectNoAxeViolations(page);
    isDown = false;
    await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 15_000 });
  });
}

test('a pending change stays on screen when another device refreshes the list', async ({
  page,
  baseURL,
}) => {
  const ids = await seed(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
  await open(page);
  const habits = new HabitsSection(page);
  let isDown = true;
  await page.route('**/api/habits/*/completions/*', async (route: Route) => {
    if (isDown && isCompletionPut(route.request().method(), route.request().url()))
      await route.fulfill({
        status: 503,
        json: { error: { code: 'UNAVAILABLE', message: 'x' } },
      });
    else await route.fallback();
  });
  await flip(habits.toggle('Read'), true);
  await expect(syncBadge(page)).toHaveText('1 pending');
  // Another device completes Walk: the live update refetches the completions.
  await setOnServer(page.request, baseURL ?? '', id(ids, 'Walk'), localDate(0), true);
  await expect(habits.toggle('Walk')).toHaveAttribute('aria-pressed', 'true');
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'true', {
    timeout: 3_000,
  });
  isDown = false;
  await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 15_000 });
  expect(await progressOnServer(page.request)).toEqual({ xp: 30, points: 15 });
});

test('a toggle made just before the connection drops does not block the next one offline', async ({
  page,
  context,
  baseURL,
}) => {
  await seed(page, baseURL ?? '', [{ title: 'Read', xp: 10 }]);
  await open(page);
  const habits = new HabitsSection(page);
  // The refetch that follows the confirmed toggle meets a dropped connection.
  await page.route('**/api/completions/columns?*', async (route: Route) => {
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await flip(habits.toggle('Read'), true);
  await expect(syncBadge(page)).toHaveText('Offline Mode');
  await page.unroute('**/api/completions/columns?*');
  await habits.toggle('Read').click();
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'false', { timeout: 5_000 });
  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText('Synced!');
  const today = localDate(0);
  expect(await completionsOnServer(page.request, today, today)).toEqual([]);
  expect(await progressOnServer(page.request)).toEqual({ xp: 0, points: 0 });
});

test('a change queued before its session ended waits for its own account, never lands in the next one signed in here', async ({
  page,
  context,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const first = await signUpThroughApi(page.request, url);
  const firstIds = await createHabits(page.request, url, [{ title: 'Read', xp: 10 }]);
  const read = id(firstIds, 'Read');
  await open(page);
  const habits = new HabitsSection(page);
  await expect.poll(() => savedHabitTitles(page)).toEqual(['Read']);
  await goOffline(context, page);
  await flip(habits.toggle('Read'), true);
  await expect.poll(async () => (await storedOutbox(page)).length).toBe(1);

  // The first account's session ends while its change waits; someone else signs up on this
  // device, in the same browser, and the connection comes back.
  const sent = new Map<string, number>();
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'PUT' && habitOf(request) === read)
      sent.set(request.url(), response.status());
  });
  await context.clearCookies();
  await signUpThroughApi(page.request, url);
  await createHabits(page.request, url, [{ title: 'Walk', xp: 20 }]);
  await context.setOffline(false);

  // The tab now shows the second account, with nothing of the first's, its change not pending.
  await expect(habits.toggle('Walk')).toBeVisible();
  await expect(habits.toggle('Read')).toHaveCount(0);
  await expect(syncBadge(page)).toHaveText('');
  const today = localDate(0);
  expect(await completionsOnServer(page.request, today, today)).toEqual([]);
  expect(await progressOnServer(page.request)).toEqual({ xp: 0, points: 0 });
  // Still queued, for its own account; any send under the other session was refused unapplied.
  expect(await storedOutbox(page)).toHaveLength(1);
  expect([...sent.values()].every((status) => status === 401)).toBe(true);

  // The first account signs in again: its change goes, once.
  await context.clearCookies();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: first.email, password: first.password },
    headers: { origin: url },
  });
  expect(signIn.status()).toBe(200);
  // The cache this page restores is the second account's: dropped once the server names the first.
  await page.reload();
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'true');
  await expect(habits.toggle('Walk')).toHaveCount(0);
  await expect.poll(async () => (await storedOutbox(page)).length).toBe(0);
  expect(completionKeys(await completionsOnServer(page.request, today, today))).toEqual([
    `${read} ${today}`,
  ]);
  expect(await progressOnServer(page.request)).toEqual({ xp: 10, points: 5 });
});
