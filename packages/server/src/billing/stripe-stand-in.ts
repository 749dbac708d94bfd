/**
 * Tests only: a local stand-in for Stripe's Checkout Sessions endpoint, the one fake of the billing
 * tests (the payment provider's network). It records every form-encoded body it receives and
 * answers a session with an id and a url, as Stripe would.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

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

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  let failure: number | 'no-url' | null = null;
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const form = new URLSearchParams(body);
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form,
      });
      response.setHeader('content-type', 'application/json');
      if (typeof failure === 'number' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = typeof failure === 'number' ? failure : 404;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in refused' } }));
        return;
      }
      const id = `cs_test_${String(requests.length)}_${Date.now().toString(36)}`;
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          metadata: {
            userId: form.get('metadata[userId]'),
            product: form.get('metadata[product]'),
          },
          url: failure === 'no-url' ? null : `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
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
