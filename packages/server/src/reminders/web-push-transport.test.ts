/**
 * The push request's own connection (web-push-sender.ts, pinnedHttpsFetch): real TLS to a push
 * service on loopback with a certificate made for the test by openssl, and the DNS answers the
 * test gives. The connection goes only to addresses its own lookup checked, so a name that
 * answers the check with a public address and the connection with a private one is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pinnedHttpsFetch,
  publicOnlyLookup,
  RefusedEndpoint,
  webPushSender,
  type ResolveHost,
} from './web-push-sender';
import webpush from 'web-push';

const HOST = 'push.example.test';
const PUBLIC = '93.184.215.14';

/** A certificate and key for HOST, made by openssl in a temporary directory. */
function certificateFor(host: string): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hq-push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves every name to `answers`, one list per call (the last one repeats). */
function dns(...answers: string[][]): ResolveHost & { calls: number } {
  const resolve = Object.assign(
    (hostname: string) => {
      const answer = answers[Math.min(resolve.calls, answers.length - 1)] ?? [];
      resolve.calls += 1;
      return hostname === HOST
        ? Promise.resolve(answer)
        : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    },
    { calls: 0 },
  );
  return resolve;
}

describe('publicOnlyLookup', () => {
  function lookUp(
    resolve: ResolveHost,
    options: { all?: boolean; family?: number },
  ): Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }> {
    return new Promise((done) => {
      publicOnlyLookup(resolve)(HOST, options, (error, address, family) => {
        done({ error, address, family });
      });
    });
  }

  it('answers with the checked public addresses, as the connection asks for them', async () => {
    const resolve = dns([PUBLIC, '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
    expect(await lookUp(resolve, { all: true })).toEqual({
      error: null,
      address: [
        { address: PUBLIC, family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookUp(resolve, {})).toEqual({ error: null, address: PUBLIC, family: 4 });
    expect(await lookUp(resolve, { family: 6 })).toMatchObject({ family: 6 });
  });

  it('refuses a name with any address that is not public, and passes DNS failures on', async () => {
    for (const answer of [[PUBLIC, '10.0.0.5'], ['127.0.0.1'], ['::1'], []]) {
      const { error } = await lookUp(dns(answer), { all: true });
      expect(error).toBeInstanceOf(RefusedEndpoint);
    }
    const failed = await new Promise<Error | null>((done) => {
      publicOnlyLookup(dns([PUBLIC]))('elsewhere.test', {}, (error) => {
        done(error);
      });
    });
    expect(failed?.message).toContain('ENOTFOUND');
  });
});

describe('pinnedHttpsFetch over real TLS', () => {
  let server: Server;
  let port = 0;
  let ca = '';
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

  beforeAll(async () => {
    const { cert, key } = certificateFor(HOST);
    ca = cert;
    server = createServer({ cert, key }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        if (path.startsWith('/redirect')) {
          response.writeHead(302, { location: '/elsewhere' }).end();
          return;
        }
        response.writeHead(201).end('created');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The production transport, allowed to reach the test's loopback service and trusting it. */
  const onLoopback = (resolve: ResolveHost) =>
    pinnedHttpsFetch(resolve, { isAllowed: (address) => address === '127.0.0.1', ca });

  it('delivers an encrypted push with its headers and body, and reports the status', async () => {
    // webPushSender's own check refuses loopback first, so the transport is called on its own.
    const response = await onLoopback(dns(['127.0.0.1']))(
      `https://${HOST}:${String(port)}/push/one?x=1`,
      {
        method: 'POST',
        headers: { TTL: '60', 'Content-Encoding': 'aes128gcm' },
        body: Buffer.from('sealed'),
      },
    );
    expect(response.status).toBe(201);
    const last = received.at(-1);
    expect(last?.path).toBe('/push/one?x=1');
    expect(last?.headers).toMatchObject({
      ttl: '60',
      'content-encoding': 'aes128gcm',
      'content-length': '6',
      host: `${HOST}:${String(port)}`,
    });
    expect(last?.body.toString()).toBe('sealed');
  });

  it('never follows a redirect: the push fails with the status', async () => {
    const response = await onLoopback(dns(['127.0.0.1']))(
      `https://${HOST}:${String(port)}/redirect`,
      { method: 'POST', headers: {}, body: Buffer.from('x') },
    );
    expect(response.status).toBe(302);
    expect(received.at(-1)?.path).toBe('/redirect');
    expect(received.some((r) => r.path === '/elsewhere')).toBe(false);
  });

  it('refuses to connect when the name answers the check publicly and the connection privately', async () => {
    const before = received.length;
    // The check before sending sees a public address; the connection's own lookup, a moment
    // later, gets loopback (DNS rebinding). The default transport is the one in production.
    const resolve = dns([PUBLIC], ['127.0.0.1']);
    const send = webPushSender(
      { subject: 'mailto:ops@example.test', ...webpush.generateVAPIDKeys() },
      { resolve },
    );
    const keys = browserKeys();
    await expect(
      send(
        {
          endpoint: `https://${HOST}:${String(port)}/rebound`,
          userId: 'someone',
          p256dh: keys.p256dh,
          auth: keys.auth,
          createdAt: new Date(),
        },
        'hello',
        60,
      ),
    ).rejects.toBeInstanceOf(RefusedEndpoint);
    expect(resolve.calls).toBe(2);
    expect(received.length).toBe(before);
  });
});

/** A browser's subscription keys, as web-push needs them to encrypt. */
function browserKeys(): { p256dh: string; auth: string } {
  const { publicKey } = webpush.generateVAPIDKeys();
  return { p256dh: publicKey, auth: Buffer.from('0123456789abcdef').toString('base64url') };
}
