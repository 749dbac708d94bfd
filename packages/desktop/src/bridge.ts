/**
 * The bridge between the web app and the shell (contracts/desktop-bridge.ts, docs/desktop.md):
 * before any script of a document runs, the shell puts a token in it, but only in documents of
 * the app's origin; the page sends commands through one exposed function with that token, and
 * the shell checks the token and the arguments before acting.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DESKTOP_BINDING,
  DESKTOP_EVENT,
  DESKTOP_GLOBAL,
  type DesktopArgs,
  type DesktopCommand,
  type DesktopGlobal,
  type DesktopReply,
  type DesktopResults,
  type ShellEvent,
} from '@habitquest/contracts/desktop-bridge';
import { desktopCommandArgs } from '@habitquest/contracts/desktop-bridge-schemas';
import type { Page } from 'puppeteer-core';

export type BridgeHandlers = {
  [C in DesktopCommand]: (args: DesktopArgs<C>) => Promise<DesktopResults[C]> | DesktopResults[C];
};

export async function installBridge(options: {
  page: Page;
  origin: string;
  global: Omit<DesktopGlobal, 'token'>;
  handlers: BridgeHandlers;
}): Promise<{ tell: (event: ShellEvent) => Promise<void> }> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(token);
  const { page } = options;
  await page.exposeFunction(DESKTOP_BINDING, async (request: string): Promise<string> => {
    const reply = await answer(request, expected, options.handlers);
    return JSON.stringify(reply);
  });
  const global: DesktopGlobal = { ...options.global, token };
  await page.evaluateOnNewDocument(
    (name: string, value: DesktopGlobal, origin: string) => {
      // A page of any other origin (there should be none: navigation is locked) gets nothing.
      if (window.location.origin !== origin) return;
      Object.defineProperty(window, name, { value: Object.freeze(value), configurable: false });
    },
    DESKTOP_GLOBAL,
    global,
    options.origin,
  );
  return {
    tell: async (event) => {
      await page
        .evaluate(
          (name: string, detail: ShellEvent) => {
            window.dispatchEvent(new CustomEvent(name, { detail }));
          },
          DESKTOP_EVENT,
          event,
        )
        .catch(() => undefined);
    },
  };
}

async function answer(
  raw: string,
  expected: Buffer,
  handlers: BridgeHandlers,
): Promise<DesktopReply> {
  try {
    const request = JSON.parse(raw) as { token?: unknown; command?: unknown; args?: unknown };
    const token = Buffer.from(typeof request.token === 'string' ? request.token : '');
    if (token.length !== expected.length || !timingSafeEqual(token, expected)) {
      return { ok: false, error: 'not authorised' };
    }
    const command = request.command;
    if (typeof command !== 'string' || !Object.hasOwn(desktopCommandArgs, command)) {
      return { ok: false, error: `unknown command ${String(command)}` };
    }
    const name = command as DesktopCommand;
    const parsed = desktopCommandArgs[name].safeParse(request.args ?? {});
    if (!parsed.success) return { ok: false, error: parsed.error.message };
    const handler = handlers[name] as (args: unknown) => Promise<unknown>;
    return { ok: true, result: (await handler(parsed.data)) ?? null };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
