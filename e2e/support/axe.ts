import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails with the list of rules broken when axe-core finds any WCAG A/AA violation, on the whole
 * page or, with `within`, on the elements that selector matches (an open dialog: the whole page
 * behind it takes minutes with a long list open).
 */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  // Colours in the middle of a transition (a theme just applied, a dialog fading in) are not the
  // page's own: let the running finite animations and transitions end first.
  // At most 2 s: a paused animation never finishes. Two frames first (at most 200 ms: a hidden
  // page draws none): a transition starts at the style recalculation after the change that caused
  // it (a button enabled by the last render), and until then it is not among the animations, yet
  // axe's own reads would start it half-way.
  await page.evaluate(`Promise.race([
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    new Promise((resolve) => setTimeout(resolve, 200)),
  ]).then(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]))`);
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder
    // Legacy mode runs axe in the page itself. Otherwise the builder opens a blank page for every
    // scan to gather the frames' results (for cross-origin frames, which the app has none of),
    // which more than doubles a scan's time. Only violations are read, so only they are kept
    // whole (docs/testing.md, "How long the suite takes").
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    // Toasts arrive at any moment (an achievement unlocked by the live updates) and fade in while
    // axe reads the page, so their colours are caught half-way; they are sonner's own styles.
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}
