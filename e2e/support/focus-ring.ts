import type { Page } from '@playwright/test';

/**
 * The focused element's outline as drawn ('solid 2px'), or 'none': the app's focus ring, which
 * shows for the keyboard only (styles.css, `:focus-visible`).
 */
export async function focusOutline(page: Page): Promise<string> {
  // A string, as the e2e project is compiled without the DOM's types.
  return page.evaluate<string>(`(() => {
    const style = getComputedStyle(document.activeElement ?? document.body);
    return style.outlineStyle === 'none' ? 'none' : style.outlineStyle + ' ' + style.outlineWidth;
  })()`);
}
