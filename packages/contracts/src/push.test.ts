import { describe, expect, it } from 'vitest';
import { isPublicAddress, isPublicHost, zPushSubscription } from './push';

const NOT_HTTPS = "The push endpoint must be an https URL of a browser's push service";
const NOT_PUBLIC =
  "The push endpoint must be on a push service's public host, not localhost or a private address";
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
  auth: 'tBHI',
};
const messagesOf = (endpoint: unknown) =>
  zPushSubscription.safeParse({ endpoint, keys }).error?.issues.map((issue) => issue.message);

describe('zPushSubscription', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/cXk2:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    'https://push.example.test:8443/x',
    'https://8.8.8.8/x',
    'https://[2001:4860:4860::8888]/x',
    'https://[::ffff:8.8.8.8]/x',
  ])('accepts %s', (endpoint) => {
    expect(zPushSubscription.parse({ endpoint, keys }).endpoint).toBe(endpoint);
  });

  it.each(['http://fcm.googleapis.com/fcm/send/x', 'ftp://push.example.test/x', 'not a url', ''])(
    'refuses %j: not https',
    (endpoint) => {
      expect(messagesOf(endpoint)).toEqual([NOT_HTTPS]);
    },
  );

  it.each([
    'https://127.0.0.1/x',
    'https://127.1.2.3/x',
    'https://2130706433/x', // 127.0.0.1 in the forms URLs allow
    'https://0x7f.1/x',
    'https://0.0.0.0/x',
    'https://10.0.0.1/x',
    'https://10.255.255.1/x',
    'https://10.0.0.1./x',
    'https://172.16.0.1/x',
    'https://172.31.255.255/x',
    'https://192.168.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://224.0.0.1/x',
    'https://255.255.255.255/x',
    'https://[::1]/x',
    'https://[::]/x',
    'https://[fc00::1]/x',
    'https://[fdff:ffff::1]/x',
    'https://[fe80::1]/x',
    'https://[febf::1]/x',
    'https://[ff02::1]/x',
    'https://[::ffff:10.0.0.1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:a00:1]/x',
    'https://[64:ff9b::10.0.0.1]/x',
    'https://[2002:c0a8:1::1]/x', // 6to4 of 192.168.0.1
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://push.localhost/x',
    'https://intranet/x',
  ])('refuses %s: not a public host', (endpoint) => {
    expect(messagesOf(endpoint)).toEqual([NOT_PUBLIC]);
  });

  it("takes the browser's pause, snooze or neither, and its last activity", () => {
    const endpoint = 'https://push.example.test/x';
    for (const quietUntil of ['indefinitely', '2026-06-17T22:30:00+08:00', null, undefined]) {
      expect(zPushSubscription.safeParse({ endpoint, keys, quietUntil }).success).toBe(true);
    }
    for (const quietUntil of ['tomorrow', '2026-06-17T22:30:00', 'paused', 0, true]) {
      expect(zPushSubscription.safeParse({ endpoint, keys, quietUntil }).error?.issues).toEqual([
        expect.objectContaining({
          path: ['quietUntil'],
          message: "quietUntil must be 'indefinitely', an ISO instant with its offset, or null",
        }),
      ]);
    }
    expect(zPushSubscription.safeParse({ endpoint, keys, activeAt: null }).success).toBe(true);
    expect(zPushSubscription.safeParse({ endpoint, keys, activeAt: 'now' }).success).toBe(false);
  });

  it('refuses an endpoint longer than 2000 characters', () => {
    expect(
      zPushSubscription.safeParse({ endpoint: `https://a.test/${'x'.repeat(2000)}`, keys }).success,
    ).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it.each(['1.1.1.1', '172.32.0.1', '100.63.255.255', '2606:4700::1111', '::ffff:1.1.1.1'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '192.168.255.255',
    '169.254.0.1',
    '198.18.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1%eth0',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '::10.0.0.1',
    '[::1]',
    'push.example.test',
    '1.2.3',
    '256.1.1.1',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '12345::',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isPublicHost', () => {
  it('takes names of two labels or more, which DNS answers for when the server sends', () => {
    expect(isPublicHost('push.example.test')).toBe(true);
    expect(isPublicHost('fcm.googleapis.com.')).toBe(true);
    expect(isPublicHost('intranet')).toBe(false);
    expect(isPublicHost('a.b.localhost')).toBe(false);
  });
});
