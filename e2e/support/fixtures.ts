/**
 * Test fixtures: every test gets its own client address (the e2e server trusts X-Forwarded-For,
 * so rate limits never couple tests), and `account` signs a fresh user up through the API.
 */
import { test as base, expect, type APIRequestContext } from '@playwright/test';

let counter = 0;
function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${String(counter)}`;
}

export type Account = { email: string; username: string; password: string };

export async function signUpThroughApi(
  request: APIRequestContext,
  baseURL: string,
): Promise<Account> {
  const tag = uniqueTag();
  const account = {
    email: `e2e${tag}@example.com`,
    username: `e2e_${tag}`,
    password: 'correct horse',
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: { ...account, name: account.username },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return account;
}

export const test = base.extend<{ account: Account }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const octet = (testInfo.workerIndex * 50 + testInfo.repeatEachIndex + counter++) % 250;
    await use({
      'x-forwarded-for': `10.${String(testInfo.workerIndex + 1)}.${String(Date.now() % 250)}.${String(octet + 1)}`,
    });
  },
  // Its own request context: the browser stays signed out until the test signs in.
  account: async ({ request, baseURL }, use) => {
    const account = await signUpThroughApi(request, baseURL ?? '');
    await use(account);
  },
});

export { expect };
