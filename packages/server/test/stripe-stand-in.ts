/**
 * Tests only: a local stand-in for Stripe, the one fake of the billing tests (the payment
 * provider's network). It answers the Checkout Sessions endpoint with an id and a url, as Stripe
 * would, and records every form-encoded body it receives.
 *
 * With `hostedCheckout` it also plays Stripe's hosted payment page: a session's url is a page on
 * the stand-in, and paying there delivers a signed `checkout.session.completed` to the app's
 * webhook and then sends the browser to the session's success_url, as Stripe does. The end-to-end
 * tests upgrade to Pro through it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliver, sessionEvent, signatureFor } from './stripe-events';

export type RecordedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
};

export type StripeStandIn = {
  /** The base address, for STRIPE_API_BASE. */
  url: string;
  requests: RecordedRequest[];
  /**
   * From now on answer every request with this HTTP status, or with a session that lacks its url
   * ('no-url'); null answers normally again.
   */
  failWith: (failure: number | 'no-url' | null) => void;
  close: () => Promise<void>;
};

export type StandInOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Serve the hosted payment page; paying delivers a webhook signed with this secret to appUrl. */
  hostedCheckout?: { appUrl: string; webhookSecret: string };
};

/** What the stand-in keeps of a session it opened, for its payment page. */
type OpenSession = {
  id: string;
  userId: string;
  product: string;
  amount: number;
  currency: string;
  name: string;
  successUrl: string;
  cancelUrl: string;
};

/** The paths a test may call to steer the stand-in from another process. */
const CONTROL_REFUSE = '/__control/refuse';
const PAY_PAGE = /^\/c\/pay\/(cs_test_[\w]+)$/;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, status: number, title: string, body: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:sans-serif;max-width:28rem;margin:4rem auto">${body}</body></html>`,
  );
}

/** The hosted payment page of a session: what is bought, a Pay button and a way back. */
function paymentPage(session: OpenSession): string {
  const price = `${session.currency.toUpperCase()} ${(session.amount / 100).toFixed(2)}`;
  return (
    `<main><h1>Pay ${escapeHtml(session.name)}</h1><p>${escapeHtml(price)}</p>` +
    `<form method="post"><button type="submit">Pay ${escapeHtml(price)}</button></form>` +
    `<p><a href="${escapeHtml(session.cancelUrl)}">Back to HabitQuest</a></p></main>`
  );
}

/** Starts the stand-in on 127.0.0.1. */
export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, OpenSession>();
  const refusedUsers = new Set<string>();
  let failure: number | 'no-url' | null = null;
  let baseUrl = '';
  const hosted = options.hostedCheckout;

  function createSession(form: URLSearchParams, response: ServerResponse): void {
    const userId = form.get('metadata[userId]') ?? '';
    if (typeof failure === 'number' || refusedUsers.has(userId)) {
      sendJson(response, typeof failure === 'number' ? failure : 500, {
        error: { type: 'api_error', message: 'stand-in refused' },
      });
      return;
    }
    const id = `cs_test_${String(requests.length)}_${Date.now().toString(36)}`;
    const session: OpenSession = {
      id,
      userId,
      product: form.get('metadata[product]') ?? '',
      amount: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      name: form.get('line_items[0][price_data][product_data][name]') ?? '',
      successUrl: form.get('success_url') ?? '',
      cancelUrl: form.get('cancel_url') ?? '',
    };
    sessions.set(id, session);
    const payUrl = hosted ? `${baseUrl}/c/pay/${id}` : `https://checkout.stripe.test/c/pay/${id}`;
    sendJson(response, 200, {
      id,
      object: 'checkout.session',
      mode: form.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: session.amount,
      currency: session.currency,
      client_reference_id: form.get('client_reference_id'),
      metadata: { userId, product: session.product },
      url: failure === 'no-url' ? null : payUrl,
    });
  }

  /** Pays a session: the signed webhook first, then the browser goes to the success page. */
  async function pay(session: OpenSession, response: ServerResponse): Promise<void> {
    if (!hosted) return;
    const payload = sessionEvent({
      type: 'checkout.session.completed',
      sessionId: session.id,
      userId: session.userId,
      product: session.product,
      paymentStatus: 'paid',
      amount: session.amount,
    });
    const receipt = await deliver(
      hosted.appUrl,
      payload,
      signatureFor(payload, { secret: hosted.webhookSecret }),
    );
    if (receipt.status !== 200) {
      sendHtml(
        response,
        502,
        'Payment failed',
        `<p>The app answered ${String(receipt.status)}.</p>`,
      );
      return;
    }
    response.statusCode = 303;
    response.setHeader('location', session.successUrl);
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const path = request.url ?? '';
    const method = request.method ?? '';
    if (method === 'GET' && path === '/health') {
      sendJson(response, 200, { ok: true });
      return;
    }
    if (method === 'POST' && path === CONTROL_REFUSE) {
      refusedUsers.add(body.trim());
      sendJson(response, 200, { ok: true });
      return;
    }
    const page = PAY_PAGE.exec(path);
    if (hosted && page) {
      const session = sessions.get(page[1] ?? '');
      if (!session) {
        sendHtml(response, 404, 'Not found', '<p>No such checkout session.</p>');
        return;
      }
      if (method === 'POST') {
        await pay(session, response);
        return;
      }
      sendHtml(response, 200, `Pay ${session.name}`, paymentPage(session));
      return;
    }
    const form = new URLSearchParams(body);
    requests.push({ method, path, authorization: request.headers.authorization, form });
    if (path !== '/v1/checkout/sessions') {
      sendJson(response, typeof failure === 'number' ? failure : 404, {
        error: { type: 'api_error', message: 'stand-in refused' },
      });
      return;
    }
    createSession(form, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${String(port)}`;
  return {
    url: baseUrl,
    requests,
    failWith: (next) => {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Makes the stand-in at `standInUrl` refuse every checkout of this user (from another process). */
export async function refuseCheckoutsOf(standInUrl: string, userId: string): Promise<void> {
  const response = await fetch(`${standInUrl}${CONTROL_REFUSE}`, { method: 'POST', body: userId });
  if (!response.ok) throw new Error(`stand-in control answered ${String(response.status)}`);
}
