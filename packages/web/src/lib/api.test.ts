import { routes } from '@habitquest/contracts/routes';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { call, toApiError } from './api';

describe('reading error answers', () => {
  it('reads the API error shape with its details', () => {
    const error = toApiError(403, {
      error: {
        code: 'LIMIT_REACHED',
        message: 'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!',
        resource: 'habits',
        limit: 15,
      },
    });
    expect(error).toMatchObject({
      status: 403,
      code: 'LIMIT_REACHED',
      details: { resource: 'habits', limit: 15 },
    });
    expect(error.message).toContain('15 habits');
  });

  it("reads Better Auth's flat shape", () => {
    expect(
      toApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    ).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('falls back to the generic message', () => {
    expect(toApiError(502, '<html>Bad gateway</html>')).toMatchObject({
      code: 'ERROR',
      message: 'An error occurred',
    });
    expect(toApiError(500, { error: { code: 42 } })).toMatchObject({
      message: 'An error occurred',
    });
  });
});

describe('calling a route of the table', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function recordFetch(answer: unknown = {}): { url: string; init: RequestInit }[] {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    });
    return calls;
  }

  it('fills the path, sends the body as JSON with the idempotency key, and types the answer', async () => {
    const calls = recordFetch({ added: true, completion: null, progress: {} });
    const answer = await call(routes.setCompletion, {
      params: { id: 'a/b', date: '2026-11-23' },
      body: { completed: true },
      idempotencyKey: 'key-1',
    });
    expectTypeOf(answer.added).toEqualTypeOf<boolean>();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/habits/a%2Fb/completions/2026-11-23');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe('{"completed":true}');
    expect(calls[0]?.init.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'key-1',
    });
  });

  it('puts the query in the address, leaving out what is not given', async () => {
    const calls = recordFetch();
    await call(routes.weeklyAnalytics, { query: { referenceDate: undefined } });
    await call(routes.monthlyAnalytics, { query: { year: 2026, month: 2 } });
    await call(routes.me);
    expect(calls.map((c) => `${c.init.method ?? ''} ${c.url}`)).toEqual([
      'GET /api/analytics/weekly',
      'GET /api/analytics/monthly?year=2026&month=2',
      'GET /api/me',
    ]);
  });

  it('asks for exactly what the route takes (checked by the compiler)', async () => {
    const calls = recordFetch();
    await expect(
      // @ts-expect-error -- the date of the period is missing
      call(routes.setCompletion, { params: { id: 'x' }, body: { completed: true } }),
    ).rejects.toThrow('no value for :date');
    // @ts-expect-error -- a completion's body is {completed}
    await call(routes.setCompletion, { params: { id: 'x', date: 'y' }, body: { done: true } });
    // @ts-expect-error -- the habit list takes no body
    await call(routes.listHabits, { body: {} });
    // @ts-expect-error -- a month's analytics need the month
    await call(routes.monthlyAnalytics, { query: { year: 2026 } });
    // Each mistake above is a compile error (tsc -b checks this file); at run time, all but the
    // one without a path parameter still go out.
    expect(calls).toHaveLength(3);
  });
});
