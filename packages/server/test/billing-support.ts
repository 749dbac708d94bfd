/** Tests only: servers wired to the Stripe stand-in, and what the billing tests read back. */
import { eq } from 'drizzle-orm';
import { entitlements, purchases, webhookEvents } from '../src/db/schema';
import {
  signUp,
  startTestServer,
  type DatabaseKind,
  type TestClient,
  type TestServer,
} from './harness';
import type { StripeStandIn } from './stripe-stand-in';
import { WEBHOOK_SECRET } from './stripe-events';

export type ErrorBody = { error: { code: string; message: string; [key: string]: unknown } };

/** A server whose Stripe client talks to the stand-in and whose webhook uses WEBHOOK_SECRET. */
export function startBillingServer(
  kind: DatabaseKind,
  standIn: StripeStandIn,
): Promise<TestServer> {
  return startTestServer(kind, {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_habitquest',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    },
  });
}

/** A fresh signed-in user, their id and e-mail. */
export async function signUpWithId(
  server: TestServer,
): Promise<{ client: TestClient; userId: string; email: string }> {
  const { client, email } = await signUp(server);
  const me = await client.get<{ user: { id: string } }>('/api/me');
  return { client, userId: me.body.user.id, email };
}

/** Starts a checkout through the API; returns the session id the stand-in handed out. */
export async function startCheckout(
  client: TestClient,
  product: 'habit' | 'bundle',
): Promise<string> {
  const response = await client.post<{ url: string }>('/api/checkout', { product });
  if (response.status !== 200) throw new Error(`checkout answered ${String(response.status)}`);
  const id = response.body.url.split('/').pop();
  if (!id) throw new Error(`no session id in ${response.body.url}`);
  return id;
}

/** The user's purchase rows (product, status, amount, session). */
export function purchasesOf(server: TestServer, userId: string) {
  return server.database.db
    .select({
      product: purchases.product,
      status: purchases.status,
      amount: purchases.amount,
      currency: purchases.currency,
      checkoutSessionId: purchases.checkoutSessionId,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId));
}

/** The user's entitlement flags, or null without a row. */
export async function entitlementOf(server: TestServer, userId: string) {
  const [row] = await server.database.db
    .select({ premiumHabit: entitlements.premiumHabit, premiumBundle: entitlements.premiumBundle })
    .from(entitlements)
    .where(eq(entitlements.userId, userId));
  return row ?? null;
}

/** How many times an event id was stored (0 or 1). */
export async function storedEvents(server: TestServer, eventId: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, eventId));
  return rows.length;
}

/** GET /api/me's plan. */
export async function planOf(client: TestClient) {
  const me = await client.get<{ plan: { isPro: boolean; limits: unknown } }>('/api/me');
  return me.body.plan;
}
