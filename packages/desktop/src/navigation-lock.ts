/**
 * The window shows HabitQuest and nothing else (docs/desktop.md): a document from another origin
 * is refused in the window and opened in the user's default browser instead, and so is a new
 * window a link or script asks for. Only document requests pass through the shell (the Fetch
 * domain with a Document pattern), so the app's own requests are not slowed.
 */
import { execFile } from 'node:child_process';
import { TargetType, type Browser, type CDPSession, type Page, type Target } from 'puppeteer-core';

export async function lockNavigation(options: {
  browser: Browser;
  page: Page;
  origin: string;
  xdgOpen: string | null;
  env: NodeJS.ProcessEnv;
}): Promise<void> {
  const { browser, page, origin } = options;
  const openOutside = (url: string): void => {
    if (!/^(https?|mailto):/i.test(url) || !options.xdgOpen) return;
    execFile(options.xdgOpen, [url], { env: options.env, timeout: 30_000 }, () => undefined);
  };
  const session: CDPSession = await page.createCDPSession();
  session.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
    const isOwn = sameOrigin(event.request.url, origin);
    void (async () => {
      if (isOwn) {
        await session.send('Fetch.continueRequest', { requestId: event.requestId });
        return;
      }
      // A 204 answer to a navigation leaves the page where it was (a refusal would show an
      // error page in the app's window).
      await session.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 204 });
      openOutside(event.request.url);
    })().catch(() => undefined);
  });
  await session.send('Fetch.enable', {
    patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }],
  });

  browser.on('targetcreated', (target: Target) => {
    if (target.type() !== TargetType.PAGE) return;
    void (async () => {
      const opened = await target.page();
      if (opened === page) return;
      const url = await firstUrl(browser, target);
      await opened?.close().catch(() => undefined);
      if (sameOrigin(url, origin)) await page.goto(url).catch(() => undefined);
      else openOutside(url);
    })();
  });
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** The address a new window is heading to (it starts as about:blank while it opens). */
async function firstUrl(browser: Browser, target: Target): Promise<string> {
  if (target.url() !== 'about:blank' && target.url() !== '') return target.url();
  return await new Promise((resolve) => {
    const timer = setTimeout(() => {
      browser.off('targetchanged', onChange);
      resolve(target.url());
    }, 3_000);
    const onChange = (changed: Target): void => {
      if (changed !== target || changed.url() === 'about:blank') return;
      clearTimeout(timer);
      browser.off('targetchanged', onChange);
      resolve(changed.url());
    };
    browser.on('targetchanged', onChange);
  });
}
