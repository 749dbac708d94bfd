/**
 * Pro through the end-to-end run's Stripe stand-in: a checkout opened by the app and paid on the
 * stand-in's page, which sends the app the signed webhook that grants Pro.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { refuseCheckoutsOf } from '@habitquest/server/test/stripe-stand-in';
import { APP_URL, STRIPE_URL } from './e2e-env';

const headers = { origin: APP_URL };

/** The id of the user the request context is signed in as. */
export async function userIdOf(request: APIRequestContext): Promise<string> {
  const me = await request.get('/api/me');
  expect(me.status()).toBe(200);
  return ((await me.json()) as { user: { id: string } }).user.id;
}

/** Upgrades the signed-in user to Pro as a browser that pays would, without the browser. */
export async function upgradeThroughApi(request: APIRequestContext): Promise<void> {
  const checkout = await request.post('/api/checkout', { data: { product: 'habit' }, headers });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect(url.startsWith(`${STRIPE_URL}/c/pay/`)).toBe(true);
  const paid = await request.post(url, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const me = await request.get('/api/me');
  expect(((await me.json()) as { plan: { isPro: boolean } }).plan.isPro).toBe(true);
}

/** From now on the stand-in refuses this user's checkouts, as Stripe does when it is down. */
export async function refuseCheckouts(request: APIRequestContext): Promise<void> {
  await refuseCheckoutsOf(STRIPE_URL, await userIdOf(request));
}
