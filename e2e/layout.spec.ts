/**
 * Issue #12, look and feel: the dashboard on wide screens (no empty column beside the goals and
 * shop), habit cards whose facts and toggle keep to one line each, today's habits on a phone's
 * first screen, the level-up banner, and toasts that hide neither the header nor the username.
 */
import type { Page } from '@playwright/test';
import { HabitsSection } from './pages/habits-section';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveScreenshot, saveViewportScreenshot, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';
import { THEMES, useTheme } from './support/theme';

const WIDE_SCREENS = [VIEWPORTS.wide, { width: 1920, height: 1080 }] as const;
const TITLES = ['Morning run', 'Read 20 pages', 'Call a friend', 'Meditate ten minutes'];

async function seedHabits(page: Page, baseURL: string): Promise<void> {
  for (const [index, title] of TITLES.entries()) {
    const response = await page.request.post('/api/habits', {
      data: { title, xpOnComplete: 20 + index * 10 },
      headers: { origin: baseURL },
    });
    expect(response.status()).toBe(201);
  }
}

/** How many lines the text of each element matching `selector` takes. */
async function lineCount(page: Page, selector: string): Promise<number[]> {
  // The distinct line tops of the element's text nodes: 1 when the text keeps to one line.
  return page.evaluate<number[]>(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => {
      const tops = new Set();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
      }
      return tops.size;
    })`,
  );
}

test('wide screens: the columns are balanced and habit cards keep their facts on one line', async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signIn(page, account);
  await seedHabits(page, baseURL ?? '');
  const habits = new HabitsSection(page);
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    for (const size of WIDE_SCREENS) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(habits.card(TITLES[0] ?? '')).toBeVisible();
      // Goals and the shop span the page: no column of empty space beside them.
      const goals = await page
        .getByRole('region', { name: 'Goal Tracker by Category' })
        .boundingBox();
      const hero = await page.locator('main > section').first().boundingBox();
      expect(goals?.width ?? 0).toBeGreaterThan((hero?.width ?? 0) - 2);
      // Two columns of habit cards; the toggle and the best streak each on one line.
      const cards = habits.section.getByRole('listitem');
      const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(first?.y).toBe(second?.y);
      const lines = await lineCount(page, '#habits-panel li button[aria-pressed]');
      expect(lines).toEqual(TITLES.map(() => 1));
      // The best streak and the toggle share one row in every card.
      const rows = await page.evaluate<boolean[]>(
        `[...document.querySelectorAll('#habits-panel li button[aria-pressed]')].map((button) => {
          const streak = button.previousElementSibling.getBoundingClientRect();
          const toggle = button.getBoundingClientRect();
          return streak.top < toggle.bottom && toggle.top < streak.bottom;
        })`,
      );
      expect(rows).toEqual(TITLES.map(() => true));
      await saveScreenshot(page, `layout-dashboard-${theme}-${String(size.width)}`);
    }
  }
  await expectNoAxeViolations(page);
});

test('phones: today’s habits are on the first screen', async ({ page, account, baseURL }) => {
  await signIn(page, account);
  await seedHabits(page, baseURL ?? '');
  await page.setViewportSize(VIEWPORTS.narrow);
  for (const theme of THEMES) {
    await useTheme(page, baseURL ?? '', theme);
    await page.reload();
    const habits = new HabitsSection(page);
    // The first card's toggle (the newest habit comes first).
    const toggle = habits.section.getByRole('button', { name: 'Mark Complete' }).first();
    await expect(toggle).toBeVisible();
    // The first habit's toggle can be tapped without scrolling, once the page has settled (the
    // sections below the habits are built just after the first paint: reveal-later.ts).
    await expect(page.getByRole('region', { name: 'Adventurer' })).toBeVisible();
    await expect
      .poll(async () => {
        const box = await toggle.boundingBox();
        return (box?.y ?? Infinity) + (box?.height ?? 0);
      })
      .toBeLessThanOrEqual(VIEWPORTS.narrow.height);
    await saveViewportScreenshot(page, `layout-phone-first-screen-${theme}`);
  }
  await expectNoAxeViolations(page);
});

test('level-up is a banner with the new level; toasts sit at the bottom, clear of the header', async ({
  page,
  account,
  baseURL,
}) => {
  // Four passes, each with a reload, a level-up and axe: slow on two busy cores.
  test.setTimeout(180_000);
  for (const theme of THEMES) {
    for (const size of [VIEWPORTS.wide, VIEWPORTS.narrow]) {
      // Each pass levels a fresh habit up from level 1: a new account per pass is not needed, as
      // deleting the completion takes the level back.
      await page.setViewportSize(size);
      if (theme === 'light' && size === VIEWPORTS.wide) {
        await signIn(page, account);
        const response = await page.request.post('/api/habits', {
          data: { title: 'Big quest', xpOnComplete: 100 },
          headers: { origin: baseURL ?? '' },
        });
        expect(response.status()).toBe(201);
      }
      await useTheme(page, baseURL ?? '', theme);
      await page.emulateMedia({
        reducedMotion: size === VIEWPORTS.narrow ? 'reduce' : 'no-preference',
      });
      await page.reload();
      const habits = new HabitsSection(page);
      const toggle = habits.toggle('Big quest');
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      // The completion toast: at the bottom (right on wide screens), below the header.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Habit Completed!' });
      const place = await toast.boundingBox({ timeout: 5000 });
      const header = await page.getByRole('banner').boundingBox();
      expect(place?.y ?? 0).toBeGreaterThan((header?.y ?? 0) + (header?.height ?? 0));
      expect((place?.y ?? 0) + (place?.height ?? 0)).toBeGreaterThan(size.height * 0.6);
      const toaster = page.locator('[data-sonner-toaster]');
      await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
      await expect(toaster).toHaveAttribute('data-x-position', 'right');
      // In the page's theme: sonner draws its toasts light unless told.
      await expect(toaster).toHaveAttribute('data-sonner-theme', theme);

      const banner = page.getByRole('status').filter({ hasText: 'Level 2 reached!' });
      await expect(banner).toBeVisible();
      await saveViewportScreenshot(page, `layout-level-up-${theme}-${String(size.width)}`);
      await expect(banner).toContainText('Level Up!');
      const animation = await page.evaluate<string>(
        "getComputedStyle(document.querySelector('.animate-level-pop')).animationName",
      );
      expect(animation === 'none', `animation: ${animation}`).toBe(size === VIEWPORTS.narrow);
      if (size === VIEWPORTS.wide) {
        // The rising sparks pass behind the words, never over them: frozen at each tenth of
        // their flight, a spark's centre that lies on the words hits the words.
        const sparkOverWords = await page.evaluate<string | null>(`(() => {
          const words = document.querySelector('.animate-level-pop > span:nth-of-type(2)');
          const box = words.getBoundingClientRect();
          const sparks = [...document.querySelectorAll('.animate-level-rise')];
          const flights = sparks.flatMap((spark) => spark.getAnimations());
          for (let t = 0; t <= 1400; t += 100) {
            for (const flight of flights) { flight.pause(); flight.currentTime = t; }
            for (const spark of sparks) {
              const r = spark.getBoundingClientRect();
              const x = r.x + r.width / 2, y = r.y + r.height / 2;
              if (x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
              const hit = document.elementFromPoint(x, y);
              if (!words.contains(hit)) return 'at ' + t + ' ms: ' + hit.outerHTML.slice(0, 60);
            }
          }
          for (const flight of flights) flight.finish();
          return null;
        })()`);
        expect(sparkOverWords).toBeNull();
      }
      // axe reads colours: let the toast finish fading in first.
      await expect
        .poll(() =>
          page.evaluate<string>(
            "[...document.querySelectorAll('[data-sonner-toast]')].map((t) => getComputedStyle(t).opacity).join()",
          ),
        )
        .toMatch(/^(1,?)*$/);
      await expectNoAxeViolations(page);
      // It leaves by itself after 4 s, or at once on Dismiss.
      // It may leave on its own between the check and the click: a short try, then hidden.
      const dismiss = banner.getByRole('button', { name: 'Dismiss' });
      await dismiss.click({ timeout: 2_000 }).catch(() => undefined);
      await expect(banner).toBeHidden();

      // Undo, so the next pass levels up again.
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('region', { name: 'Adventurer' })).toContainText('Level 1');
    }
  }
});
