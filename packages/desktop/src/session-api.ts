/**
 * The shell's own calls to HabitQuest's API, as the signed-in user of its window: the session
 * cookie is read from the window's browser each time (so signing out there signs the shell out
 * too), and the Origin header is the app's, which the server's CSRF guard requires of changes.
 */
import { randomUUID } from 'node:crypto';
import {
  pathWith,
  type BodyOf,
  type QueryOf,
  type ResponseOf,
  type Route,
} from '@habitquest/contracts/routes';
import type { Browser } from 'puppeteer-core';

export class SignedOutError extends Error {}

export type SessionApi = <R extends Route>(
  route: R,
  input?: { params?: Record<string, string>; query?: QueryOf<R>; body?: BodyOf<R> },
) => Promise<ResponseOf<R>>;

export function sessionApi(browser: Browser, origin: string): SessionApi {
  const host = new URL(origin).hostname;
  return async (route, input) => {
    const cookies = (await browser.cookies()).filter(
      (cookie) => cookie.domain.replace(/^\./, '') === host,
    );
    if (cookies.length === 0) throw new SignedOutError('not signed in');
    const search = new URLSearchParams();
    const params = (input?.query ?? {}) as Partial<Record<string, string | number>>;
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const query = search.size > 0 ? `?${search.toString()}` : '';
    const response = await fetch(`${origin}${pathWith(route.path, input?.params ?? {})}${query}`, {
      method: route.method.toUpperCase(),
      headers: {
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        origin,
        accept: 'application/json',
        ...(input?.body === undefined
          ? {}
          : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      },
      ...(input?.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      signal: AbortSignal.timeout(20_000),
    });
    if (response.status === 401) throw new SignedOutError('signed out');
    if (!response.ok) throw new Error(`${route.method} ${route.path}: ${String(response.status)}`);
    return (await response.json()) as ResponseOf<typeof route>;
  };
}
