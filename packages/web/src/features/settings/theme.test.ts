// A DOM first (see test-dom.mjs for why not jsdom's environment).
import '../../../test-dom.mjs';
import { afterEach, expect, it, vi } from 'vitest';
import { applyTheme, isDarkNow, subscribeDark } from './theme';

/** A system colour scheme that a test can switch, as matchMedia answers it. */
function systemScheme(initiallyDark: boolean) {
  const query = Object.assign(new EventTarget(), { matches: initiallyDark, media: '' });
  vi.stubGlobal('matchMedia', (media: string) => Object.assign(query, { media }));
  return {
    switchTo(isDark: boolean) {
      query.matches = isDark;
      query.dispatchEvent(new Event('change'));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
  localStorage.clear();
});

it('with System, the page follows the system scheme while it is open', () => {
  const scheme = systemScheme(false);
  applyTheme('system');
  expect(isDarkNow()).toBe(false);
  scheme.switchTo(true);
  expect(isDarkNow()).toBe(true);
  scheme.switchTo(false);
  expect(isDarkNow()).toBe(false);
});

it('a chosen theme stops following the system, and System picks it up again', () => {
  const scheme = systemScheme(true);
  applyTheme('system');
  expect(isDarkNow()).toBe(true);
  applyTheme('light');
  expect(isDarkNow()).toBe(false);
  scheme.switchTo(false);
  scheme.switchTo(true);
  expect(isDarkNow()).toBe(false); // still Light, as chosen
  applyTheme('dark');
  scheme.switchTo(false);
  expect(isDarkNow()).toBe(true);
  applyTheme('system');
  expect(isDarkNow()).toBe(false);
  scheme.switchTo(true);
  expect(isDarkNow()).toBe(true);
});

it('without matchMedia, System is light and a chosen theme applies', () => {
  vi.stubGlobal('matchMedia', undefined);
  applyTheme('system');
  expect(isDarkNow()).toBe(false);
  applyTheme('dark');
  expect(isDarkNow()).toBe(true);
});

it('tells its subscribers when the page turns dark or light, and only then', async () => {
  const changes = vi.fn();
  const unsubscribe = subscribeDark(changes);
  document.documentElement.classList.add('dark');
  await vi.waitFor(() => {
    expect(changes).toHaveBeenCalledTimes(1);
  });
  document.documentElement.dataset.accent = 'rose'; // not the class: nothing to tell
  document.documentElement.classList.add('some-other-class');
  document.documentElement.classList.remove('dark');
  await vi.waitFor(() => {
    expect(changes).toHaveBeenCalledTimes(2);
  });
  unsubscribe();
  document.documentElement.classList.add('dark');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(changes).toHaveBeenCalledTimes(2);
  document.documentElement.classList.remove('some-other-class');
});
