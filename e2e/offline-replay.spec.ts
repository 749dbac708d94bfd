/**
 * Offline mode's replay when things go wrong on the way (docs/offline.md, "Replay"): answers
 * lost, tabs closed or open side by side, a full or coalescing queue, refusals and 5xx answers, a
 * change queued across local midnight, and a soak with answers dropped at random. As in
 * offline.spec.ts, the server's own answers are the expected state.
 */
import type { Route } from '@playwright/test';
import { DayInsights } from './pages/day-insights';
import { DashboardPage } from './pages/dashboard-page';
import { HabitsSection } from './pages/habits-section';
import { expect, signUpThroughApi, test } from './support/fixtures';
import {
  FULL_QUEUE,
  flip,
  goOffline,
  habitOf,
  id,
  open,
  seed,
  seedAndOpen,
} from './support/offline-steps';
import {
  completionKeys,
  completionsOnServer,
  createHabits,
  gate,
  isCompletionPut,
  mulberry32,
  pageNow,
  progressOnServer,
  storedEntry,
  storedOutbox,
  syncBadge,
  writeStoredOutbox,
} from './support/offline';
import { localDate } from './support/session';
import { addDays, instantAt, localDateIn } from './support/zoned-clock';

test('an answer lost on the way back: the change is applied once', async ({ page, baseURL }) => {
  const { ids, habits } = await seedAndOpen(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
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
  const { ids, habits } = await seedAndOpen(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
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
  const { ids, habits } = await seedAndOpen(page, baseURL ?? '', [
    { title: 'Read', xp: 10 },
    { title: 'Walk', xp: 20 },
  ]);
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
  const { ids, habits } = await seedAndOpen(page, baseURL ?? '', [
    { title: 'Doomed', xp: 10 },
    { title: 'Kept', xp: 4 },
  ]);
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
  const { ids, habits } = await seedAndOpen(page, baseURL ?? '', [
    { title: 'First', xp: 10 },
    { title: 'Second', xp: 20 },
    { title: 'Third', xp: 30 },
  ]);
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
