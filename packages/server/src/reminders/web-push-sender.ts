/**
 * How one reminder push is delivered (docs/security.md "Push subscriptions"): web-push encrypts
 * and signs it, and it goes only to an https endpoint whose host resolves to public addresses,
 * without following redirects, within a timeout. push-sender.ts decides who gets what, and when.
 */
import { lookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, isPushServiceUrl } from '@habitquest/contracts/push';
import webpush from 'web-push';
import type { pushSubscriptions } from '../db/schema';

/** How long a push service may take to answer one push. */
export const PUSH_TIMEOUT_MS = 15_000;
export type Subscription = Pick<
  typeof pushSubscriptions.$inferSelect,
  'endpoint' | 'userId' | 'p256dh' | 'auth' | 'createdAt'
>;
/**
 * Sends one push; web-push's sendNotification, or a test's stand-in. `signal` aborts it when the
 * user's time in the round is up.
 */
export type SendPush = (
  subscription: Subscription,
  payload: string,
  ttlSeconds: number,
  signal?: AbortSignal,
) => Promise<void>;

/** Every address a host name resolves to (node:dns lookup, as fetch would connect). */
export type ResolveHost = (hostname: string) => Promise<string[]>;
/** The network a push request goes over: fetch, or a test's route to a loopback service. */
export type PushFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A push the sender refused to make: the endpoint is not https on a public host (`forget`: no
 * push service issues such a subscription, it is deleted), or its host resolves to an address that
 * is not public (skipped; DNS may answer otherwise later).
 */
export class RefusedEndpoint extends Error {
  constructor(
    message: string,
    /** The endpoint's host, which may be logged (its path is the subscription's secret). */
    readonly host: string,
    readonly forget: boolean,
  ) {
    super(message);
    this.name = 'RefusedEndpoint';
  }
}

const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Refuses (RefusedEndpoint) an endpoint that is not https on a public host, or whose host resolves
 * to any address that is not public: a name can be pointed at the server's own network after it
 * was subscribed (DNS rebinding). `signal` bounds the wait for DNS.
 */
export async function checkPushEndpoint(
  endpoint: string,
  resolve: ResolveHost,
  signal: AbortSignal,
): Promise<void> {
  const host = URL.canParse(endpoint) ? new URL(endpoint).hostname : '';
  if (!isPushServiceUrl(endpoint)) {
    throw new RefusedEndpoint('the endpoint is not https on a public host', host, true);
  }
  const hostname = host.replace(/^\[(.*)\]$/, '$1');
  signal.throwIfAborted();
  const addresses = await new Promise<string[]>((done, fail) => {
    const abort = () => {
      const reason: unknown = signal.reason;
      fail(reason instanceof Error ? reason : new Error('the push was cancelled'));
    };
    signal.addEventListener('abort', abort, { once: true });
    resolve(hostname)
      .then(done, fail)
      .finally(() => {
        signal.removeEventListener('abort', abort);
      });
  });
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new RefusedEndpoint('its host resolves to an address that is not public', host, false);
  }
}

/**
 * The DNS lookup of the push request's own connection: it connects only to the addresses it
 * checked, and only when every one is public. Checking a name before connecting is not enough,
 * since a name can answer with a public address to the check and a private one to the connection
 * a moment later (DNS rebinding).
 */
export function publicOnlyLookup(
  resolve: ResolveHost,
  isAllowed: (address: string) => boolean = isPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every(isAllowed)) {
          const refused = new RefusedEndpoint(
            'its host resolves to an address that is not public',
            hostname,
            false,
          );
          callback(refused, '', 0);
          return;
        }
        const wanted = addresses.filter(
          (address) => !options.family || isIP(address) === options.family,
        );
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) {
          callback(
            null,
            usable.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          const [first = ''] = usable;
          callback(null, first, isIP(first));
        }
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '', 0);
      },
    );
  };
}

/**
 * The production network: one https request whose connection goes through `publicOnlyLookup`,
 * and never follows a redirect (node's https does not). Only the status is kept; the body is
 * discarded, which frees the connection. `test` lets a test reach its own https service on
 * loopback: the addresses it allows and the certificate it trusts.
 */
export function pinnedHttpsFetch(
  resolve: ResolveHost,
  test: { isAllowed?: (address: string) => boolean; ca?: string } = {},
): PushFetch {
  const pinned = publicOnlyLookup(resolve, test.isAllowed);
  return (url, init) =>
    new Promise((done, fail) => {
      const body = Buffer.from(init.body as Buffer | string);
      const request = httpsRequest(
        url,
        {
          method: init.method,
          headers: { ...(init.headers as Record<string, string>), 'content-length': body.length },
          lookup: pinned,
          ...(test.ca === undefined ? {} : { ca: test.ca }),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          response.resume();
          done(new Response(null, { status: response.statusCode ?? 502 }));
        },
      );
      request.on('error', fail);
      request.end(body);
    });
}

/**
 * web-push encrypts the payload and signs the request (VAPID); pinnedHttpsFetch delivers it to the
 * browser vendor's push service, over https to a host that resolves to public addresses only,
 * checked before and again for the connection itself, without following redirects (a push
 * service never redirects), within `timeoutMs` (15 s). Tests route `fetch` to a loopback push
 * service and answer `resolve` themselves.
 */
export function webPushSender(
  vapid: {
    publicKey: string;
    privateKey: string;
    subject: string;
  },
  options: { timeoutMs?: number; resolve?: ResolveHost; fetch?: PushFetch } = {},
): SendPush {
  const resolve = options.resolve ?? resolveWithDns;
  const send = options.fetch ?? pinnedHttpsFetch(resolve);
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return async (subscription, payload, ttlSeconds, cancel) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
    await checkPushEndpoint(subscription.endpoint, resolve, signal);
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      { TTL: ttlSeconds, vapidDetails: vapid, urgency: 'normal' },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, value]),
    );
    const response = await send(request.endpoint, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'error',
      signal,
    });
    // Nothing of the answer is needed; discarding it frees the connection.
    await response.body?.cancel();
    if (!response.ok) {
      throw Object.assign(new Error(`the push service answered ${String(response.status)}`), {
        statusCode: response.status,
      });
    }
  };
}
