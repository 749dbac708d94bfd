/**
 * Early reads (docs/performance.md, "Early reads"): the index.html a signed-in browser gets names
 * the first screen's reads, boot.js (inline in the page, allowed by the server's CSP) starts them
 * while the app downloads, and the app takes each answer over instead of asking again. A change
 * made before the live stream starts (another device) is still shown: the stream's first
 * heartbeat carries the data's revision, and what was read at an older one is read again (docs/ARCHITECTURE.md, "Early reads and the live stream").
 */
import { HabitsSection } from './pages/habits-section';
import { expect, signUpThroughApi, test } from './support/fixtures';
import { apiIsQuiet, createHabits, gate, trackApiRequests } from './support/offline';

test("the first screen's reads go out once, from the page's start, and fill the dashboard", async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  await createHabits(page.request, baseURL ?? '', [{ title: 'Read 📚 every evening', xp: 10 }]);
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const path = url.pathname + url.search;
    asked.set(path, (asked.get(path) ?? 0) + 1);
  });
  trackApiRequests(page);
  // What boot.js hands the app, counted as it is set: the inline script ran, under the page's CSP.
  await page.addInitScript(`(() => {
    let reads;
    Object.defineProperty(window, 'habitquestEarlyReads', {
      configurable: true,
      get: () => reads,
      set: (value) => {
        if (value) window.e2eBootStarted = Object.keys(value).length;
        reads = value;
      },
    });
  })()`);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await page.goto('/');
  const named = JSON.parse(
    (await page.locator('meta[name="habitquest-first-reads"]').getAttribute('content')) ?? '[]',
  ) as string[];
  expect(named).toContain('/api/me');
  expect(named).toHaveLength(7);
  await expect(new HabitsSection(page).card('Read 📚 every evening')).toBeVisible();
  await apiIsQuiet(page);
  // Each named read was asked for once: the app took the early answer instead of asking again.
  for (const path of named) expect(asked.get(path), path).toBe(1);
  expect(await page.evaluate('window.e2eBootStarted')).toBe(named.length);
  expect(refused).toEqual([]);
});

test('a change made before the live stream starts is shown once it has', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, baseURL ?? '');
  const ids = await createHabits(page.request, baseURL ?? '', [{ title: 'Stretch', xp: 10 }]);
  const stream = gate();
  await page.route('**/api/events', async (route) => {
    await stream.promise;
    await route.continue();
  });
  await page.goto('/');
  const title = (name: string) => page.getByRole('heading', { name, exact: true });
  await expect(title('Stretch')).toBeVisible();
  // Another device renames the habit: no stream is open to tell this page.
  const renamed = await page.request.patch(`/api/habits/${ids.get('Stretch') ?? ''}`, {
    data: { title: 'Stretch for ten minutes' },
    headers: { origin: baseURL ?? '' },
  });
  expect(renamed.status()).toBe(200);
  await expect(title('Stretch')).toBeVisible();
  stream.release();
  await expect(title('Stretch for ten minutes')).toBeVisible();
  await expect(title('Stretch')).toBeHidden();
});
