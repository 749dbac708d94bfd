/**
 * Creates, edits and deletes made offline (docs/offline.md): they wait in the outbox with the
 * completions, survive a reload, and reach the server once each, in order; a habit made offline
 * keeps the id the browser gave it, so the changes made to it before it synced apply to it. A
 * refusal is told and undone. The session ending while changes wait keeps them for the next
 * sign-in; signing out forgets them.
 */
import { periodKey } from '@habitquest/core/periods';
import type { Page, Request } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { GoalTracker } from './pages/goal-tracker';
import { HabitsSection } from './pages/habits-section';
import { SettingsDialog } from './pages/settings';
import { RewardsPage, rewardsApi } from './pages/rewards';
import { expect, signUpThroughApi, test, type Account } from './support/fixtures';
import {
  apiIsQuiet,
  completionKeys,
  completionsOnServer,
  createHabits,
  isCompletionPut,
  progressOnServer,
  savedListField,
  setOnServer,
  storedOutbox,
  syncBadge,
  waitForServiceWorker,
} from './support/offline';
import { localDate, signIn } from './support/session';
import { goOffline, open } from './support/offline-steps';

type Row = Record<string, unknown> & { id: string };
type Queued = { id: string; type: string; method: string; path: string; body: unknown };

async function listOnServer(page: Page, list: string): Promise<Row[]> {
  const response = await page.request.get(`/api/${list}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Row[];
}

async function queued(page: Page): Promise<Queued[]> {
  return await storedOutbox(page);
}

/** The Idempotency-Keys of the page's own changes (POST, PUT, PATCH, DELETE under /api/). */
function recordWrites(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/') || pathname.startsWith('/api/auth/')) return;
    if (request.method() === 'GET') return;
    keys.push(request.headers()['idempotency-key'] ?? 'none');
  });
  return keys;
}

test.describe('with the service worker (it serves the app on an offline reload)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a habit made, completed and renamed offline, with other creates, edits and deletes, lands once each', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = { origin: baseURL ?? '' };
    await signUpThroughApi(page.request, baseURL ?? '');
    await createHabits(page.request, baseURL ?? '', [
      { title: 'Old habit', xp: 10 },
      { title: 'Keep', xp: 10 },
    ]);
    const movie = await page.request.post('/api/rewards', {
      data: { name: 'Movie night', cost: 100 },
      headers: origin,
    });
    expect(movie.status()).toBe(201);
    const writes = recordWrites(page);
    await open(page);
    await waitForServiceWorker(page);
    await goOffline(context, page);

    const habits = new HabitsSection(page);
    await habits.create({ title: 'Made offline', xp: 30 });
    await expect(page.getByRole('dialog', { name: 'Create Habit' })).toBeHidden();
    await habits.toggle('Made offline').click();
    await expect(habits.toggle('Made offline')).toHaveAttribute('aria-pressed', 'true');
    // The streaks move at once, before the server has the completion.
    await expect(habits.card('Made offline')).toContainText('Best streak: 1 day');
    await expect(page.getByRole('region', { name: 'Adventurer' })).toContainText(
      'Day streak: 1 day',
    );
    await habits.card('Made offline').getByRole('button', { name: 'Edit Made offline' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Habit' });
    await edit.getByLabel('Title').fill('Made offline, renamed');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await habits.card('Old habit').getByRole('button', { name: 'Delete Old habit' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Habit' })
      .getByRole('button', { name: 'Delete Habit' })
      .click();
    await expect(habits.card('Old habit')).toHaveCount(0);

    const goals = new GoalTracker(page);
    await goals.openCreate();
    await goals.fillCreate('Side projects', '250');
    await expect(goals.dialog('Create Category')).toBeHidden();
    await expect(goals.card('SIDE PROJECTS')).toBeVisible();
    // A name the list already holds is refused at once with the server's words: nothing waits.
    await goals.openCreate();
    await goals.fillCreate(' side projects ');
    await expect(goals.dialog('Create Category')).toContainText(
      'A category named "SIDE PROJECTS" already exists.',
    );
    await goals.dialog('Create Category').getByRole('button', { name: 'Cancel' }).click();
    await expect(goals.dialog('Create Category')).toBeHidden();

    const rewards = new RewardsPage(page);
    await rewards.addThroughShop({ name: 'Ice cream', cost: 40 });
    await expect(rewards.dialog('Create Reward')).toBeHidden();
    await expect(rewards.card(rewards.modal, 'Ice cream')).toBeVisible();
    await rewards
      .card(rewards.modal, 'Movie night')
      .getByRole('button', { name: 'Edit Movie night' })
      .click();
    await rewards.dialog('Edit Reward').getByLabel('Reward name').fill('Cinema');
    await rewards.dialog('Edit Reward').getByRole('button', { name: 'Update Reward' }).click();
    await expect(rewards.card(rewards.modal, 'Cinema')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rewards.modal).toBeHidden();
    await expect(syncBadge(page)).toHaveText('Offline Mode');

    const entries = await queued(page);
    expect(entries.map((e) => `${e.type} ${e.method}`)).toEqual([
      'habit-create POST',
      'set-completion PUT',
      'habit-update PATCH',
      'habit-delete DELETE',
      'category-create POST',
      'reward-create POST',
      'reward-update PATCH',
    ]);
    // The habit's id is the browser's, and its completion and edit already name it.
    const madeId = (entries[0]?.body as { id: string }).id;
    expect(entries[1]?.path).toContain(`/api/habits/${madeId}/completions/`);
    expect(entries[2]?.path).toBe(`/api/habits/${madeId}`);

    // A reload offline shows every change (the cache is saved at most once a second).
    await expect
      .poll(() => savedListField(page, 'habits', 'title'))
      .toEqual(['Keep', 'Made offline, renamed']);
    await expect
      .poll(() => savedListField(page, 'rewards', 'name'))
      .toEqual(['Cinema', 'Ice cream']);
    await expect.poll(() => savedListField(page, 'categories', 'name')).toContain('SIDE PROJECTS');
    await page.reload();
    await page.getByRole('banner').getByText(/^@/).waitFor();
    await expect(syncBadge(page)).toHaveText('Offline Mode');
    await expect(habits.toggle('Made offline, renamed')).toHaveAttribute('aria-pressed', 'true');
    await expect(habits.card('Old habit')).toHaveCount(0);
    await expect(goals.card('SIDE PROJECTS')).toBeVisible();
    await expect(rewards.card(rewards.section, 'Cinema')).toBeVisible();

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 30_000 });

    const serverHabits = await listOnServer(page, 'habits');
    expect(serverHabits.map((h) => [h.title, h.xpOnComplete])).toEqual([
      ['Made offline, renamed', 30],
      ['Keep', 10],
    ]);
    expect(serverHabits[0]?.id).toBe(madeId);
    const today = localDate(0);
    expect(completionKeys(await completionsOnServer(page.request, today, today))).toEqual([
      `${madeId} ${today}`,
    ]);
    const categories = await listOnServer(page, 'categories');
    expect(categories.find((c) => c.name === 'SIDE PROJECTS')?.monthlyTargetXp).toBe(250);
    const serverRewards = await listOnServer(page, 'rewards');
    expect(serverRewards.map((r) => [r.name, r.cost])).toEqual([
      ['Ice cream', 40],
      ['Cinema', 100],
    ]);
    // Seven changes, each sent once (every write carries its entry's key).
    expect(writes).toHaveLength(7);
    expect(new Set(writes).size).toBe(7);
    expect(await storedOutbox(page)).toEqual([]);
    await expect(habits.toggle('Made offline, renamed')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a create refused when it syncs is told and undone, and so is the edit made to it', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = { origin: baseURL ?? '' };
    await signUpThroughApi(page.request, baseURL ?? '');
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      const made = await page.request.post('/api/rewards', { data: { name }, headers: origin });
      expect(made.status()).toBe(201);
    }
    await open(page);
    // The shop's code is fetched when first opened: offline, the service worker serves it.
    await waitForServiceWorker(page);
    await goOffline(context, page);
    const rewards = new RewardsPage(page);
    await rewards.addThroughShop({ name: 'Mine', cost: 30 });
    await expect(rewards.card(rewards.modal, 'Mine')).toBeVisible();
    await rewards.card(rewards.modal, 'Mine').getByRole('button', { name: 'Edit Mine' }).click();
    await rewards.dialog('Edit Reward').getByLabel('Reward name').fill('Mine, renamed');
    await rewards.dialog('Edit Reward').getByRole('button', { name: 'Update Reward' }).click();
    await expect(rewards.card(rewards.modal, 'Mine, renamed')).toBeVisible();

    // Meanwhile another device takes the free plan's last reward.
    const sixth = await page.request.post('/api/rewards', {
      data: { name: 'Six' },
      headers: origin,
    });
    expect(sixth.status()).toBe(201);

    await context.setOffline(false);
    await expect(
      page.getByText(
        'A change made offline was not saved: Free plan limit reached: 6 rewards. Upgrade to Pro for unlimited rewards!',
      ),
    ).toBeVisible();
    await expect(
      page.getByText('A change made offline was not saved: what it changed no longer exists.'),
    ).toBeVisible();
    await expect(rewards.card(rewards.modal, 'Mine, renamed')).toHaveCount(0);
    await expect(rewards.card(rewards.modal, 'Six')).toBeVisible();
    expect((await listOnServer(page, 'rewards')).map((r) => r.name).sort()).toEqual([
      'Five',
      'Four',
      'One',
      'Six',
      'Three',
      'Two',
    ]);
    expect(await storedOutbox(page)).toEqual([]);
  });

  test('a daily habit done today and made weekly offline shows this week done, and the server agrees', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signUpThroughApi(page.request, baseURL ?? '');
    const ids = await createHabits(page.request, baseURL ?? '', [{ title: 'Stretch', xp: 40 }]);
    const id = ids.get('Stretch') ?? '';
    const today = localDate(0);
    await setOnServer(page.request, baseURL ?? '', id, today, true);
    await open(page);
    // The edit dialog's code comes from the service worker's precache offline.
    await waitForServiceWorker(page);
    const habits = new HabitsSection(page);
    const adventurer = page.getByRole('region', { name: 'Adventurer' });
    await expect(habits.toggle('Stretch')).toHaveText('Completed');
    await expect(adventurer.getByText('20 points', { exact: true })).toBeVisible();
    await goOffline(context, page);

    // Weekly, and worth 10 XP from now on: what this week's completion gave stays what it gave.
    await habits.card('Stretch').getByRole('button', { name: 'Edit Stretch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Habit' });
    await edit.getByLabel('Frequency').selectOption({ label: 'Weekly' });
    await edit.getByLabel('XP reward').fill('10');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await habits.tab('Weekly').click();
    await expect(habits.toggle('Stretch')).toHaveText('Completed');
    await expect(adventurer.getByText('20 points', { exact: true })).toBeVisible();
    const [entry] = await storedOutbox(page);
    expect((entry?.payload as unknown as { completions: unknown }).completions).toEqual([
      { op: 'regroup', habits: [{ habitId: id, frequency: 'weekly' }], weekStart: 0 },
    ]);

    // A reload offline shows the week done too (the cache is saved at most once a second).
    await expect.poll(() => savedListField(page, 'habits', 'frequency')).toEqual(['weekly']);
    await page.reload();
    await page.getByRole('banner').getByText(/^@/).waitFor();
    await habits.tab('Weekly').click();
    await expect(habits.toggle('Stretch')).toHaveText('Completed');

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 30_000 });
    // One completion, keyed by this week now, still worth what it gave.
    const onServer = await completionsOnServer(page.request, today, today);
    expect(onServer).toMatchObject([
      { habitId: id, periodKey: periodKey(today, 'weekly', 0), xpEarned: 40, pointsEarned: 20 },
    ]);
    expect(await progressOnServer(page.request)).toEqual({ xp: 40, points: 20 });
    await expect(habits.toggle('Stretch')).toHaveText('Completed');

    // Undone offline, it takes back what the completion gave (40 XP), not the habit's 10 now.
    await goOffline(context, page);
    await habits.toggle('Stretch').click();
    await expect(habits.toggle('Stretch')).toHaveText('Mark Complete');
    await expect(adventurer.getByText('0 points', { exact: true })).toBeVisible();
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText('Synced!', { timeout: 30_000 });
    expect(await completionsOnServer(page.request, today, today)).toEqual([]);
    expect(await progressOnServer(page.request)).toEqual({ xp: 0, points: 0 });
  });

  test("a new week start chosen offline keeps today's completions on screen", async ({
    page,
    context,
    baseURL,
  }) => {
    await signUpThroughApi(page.request, baseURL ?? '');
    const ids = await createHabits(page.request, baseURL ?? '', [{ title: 'Stretch', xp: 10 }]);
    await setOnServer(page.request, baseURL ?? '', ids.get('Stretch') ?? '', localDate(0), true);
    await open(page);
    // The settings dialog's code comes from the service worker's precache offline.
    await waitForServiceWorker(page);
    const habits = new HabitsSection(page);
    await expect(habits.toggle('Stretch')).toHaveAttribute('aria-pressed', 'true');
    await goOffline(context, page);

    const settings = new SettingsDialog(page);
    await settings.open('Regional');
    await settings.dialog.getByRole('combobox', { name: 'Week starts on' }).selectOption('1');
    await page.keyboard.press('Escape');
    await expect(settings.dialog).toBeHidden();
    // The year's completions are read over the same window for every week start: still there.
    await expect(habits.toggle('Stretch')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Adventurer' })).toContainText(
      'Day streak: 1 day',
    );
  });
});

test('a change waiting when the session ends is kept, and sent after the next sign-in', async ({
  page,
  context,
  baseURL,
}) => {
  const account: Account = await signUpThroughApi(page.request, baseURL ?? '');
  const ids = await createHabits(page.request, baseURL ?? '', [{ title: 'Read', xp: 10 }]);
  await open(page);
  const habits = new HabitsSection(page);
  await goOffline(context, page);
  await habits.toggle('Read').click();
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'true');

  // The session ends elsewhere (e.g. a password reset signs every device out).
  const ended = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: baseURL ?? '' },
  });
  expect(ended.status()).toBe(200);
  const refused = page.waitForResponse((response) =>
    isCompletionPut(response.request().method(), response.url()),
  );
  await context.setOffline(false);
  expect((await refused).status()).toBe(401);
  expect(await storedOutbox(page)).toHaveLength(1);

  await signIn(page, account);
  await expect.poll(() => storedOutbox(page), { timeout: 30_000 }).toEqual([]);
  const today = localDate(0);
  const id = ids.get('Read') ?? '';
  expect(completionKeys(await completionsOnServer(page.request, today, today))).toEqual([
    `${id} ${today}`,
  ]);
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'true');
});

test('signing out asks first, then forgets the changes still waiting: the next person here never sends them', async ({
  page,
  baseURL,
}) => {
  const account = await signUpThroughApi(page.request, baseURL ?? '');
  await createHabits(page.request, baseURL ?? '', [{ title: 'Read', xp: 10 }]);
  // The server cannot take completions just now: the toggle waits in the queue.
  await page.route('**/api/habits/*/completions/*', async (route) => {
    if (!isCompletionPut(route.request().method(), route.request().url())) {
      await route.fallback();
      return;
    }
    await route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'x' } } });
  });
  await open(page);
  const habits = new HabitsSection(page);
  await habits.toggle('Read').click();
  await expect(syncBadge(page)).toHaveText('1 pending');
  expect(await storedOutbox(page)).toHaveLength(1);

  // Sign Out says what would be lost, and lets the user stay.
  const dashboard = new DashboardPage(page);
  await dashboard.signOut.click();
  const ask = page.getByRole('dialog', { name: 'Sign out with changes not synced?' });
  await expect(ask).toContainText(
    '1 change has not reached the server yet. Signing out on this device discards it',
  );
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(dashboard.username).toBeVisible();
  expect(await storedOutbox(page)).toHaveLength(1);

  await dashboard.signOut.click();
  await ask.getByRole('button', { name: 'Sign out and discard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect.poll(() => storedOutbox(page)).toEqual([]);
  await page.unroute('**/api/habits/*/completions/*');

  const puts: string[] = [];
  page.on('request', (request) => {
    if (isCompletionPut(request.method(), request.url())) puts.push(request.url());
  });
  await page.keyboard.press('Escape');
  await signIn(page, account);
  await expect(habits.toggle('Read')).toHaveAttribute('aria-pressed', 'false');
  await apiIsQuiet(page);
  expect(puts).toEqual([]);
  const today = localDate(0);
  expect(await completionsOnServer(page.request, today, today)).toEqual([]);
});

test('redeeming offline is refused with its own sentence, and nothing moves', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  const api = rewardsApi(page, baseURL);
  await page.goto('/welcome');
  await api.earn('Run', 100);
  await api.createReward({ name: 'Movie night', cost: 20 });
  await open(page);
  const rewards = new RewardsPage(page);
  const adventurer = page.getByRole('region', { name: 'Adventurer' });
  await expect(adventurer).toContainText('50 points');
  // The shop is the dashboard's last stage, and its code loads on demand: it must be on screen
  // before the network goes (this test blocks the service worker that would serve it offline).
  await expect(rewards.card(rewards.section, 'Movie night')).toBeVisible();
  await goOffline(context, page);

  await rewards
    .card(rewards.section, 'Movie night')
    .getByRole('button', { name: 'Redeem' })
    .click();
  await expect(
    page.getByText(
      "You're offline. Redeeming needs a connection: your points are confirmed by the server.",
    ),
  ).toBeVisible();
  await expect(adventurer).toContainText('50 points');
  await expect(rewards.card(rewards.section, 'Movie night')).toBeVisible();
  expect(await storedOutbox(page)).toEqual([]);

  await context.setOffline(false);
  // Nothing was queued: back online says so, and goes.
  await expect(syncBadge(page)).toHaveText('Synced!');
  await expect(syncBadge(page)).toHaveText('');
  const purchases = await page.request.get('/api/purchases');
  expect(await purchases.json()).toEqual([]);
});
