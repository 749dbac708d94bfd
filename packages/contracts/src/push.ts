/**
 * Web Push (docs/product.md "Reminders"): a browser that allowed notifications subscribes with
 * the server's public key, so reminders reach it when no HabitQuest tab is open.
 */
import { z } from 'zod';
import { zInstant, zLocalDate } from './common';

/** The public key a browser subscribes with, or null when this server sends no pushes. */
export const zPushKey = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof zPushKey>;

/**
 * Whether an IP address (IPv4 dotted quad, or IPv6 with or without brackets) is on the public
 * internet. Loopback, private, shared (CGNAT), link-local, unique-local, unspecified, multicast
 * and reserved addresses are not, nor IPv6 forms that carry such an IPv4 address (IPv4-mapped
 * ::ffff:10.0.0.1, NAT64, 6to4). Text that is not an IP address is not a public address either.
 */
export function isPublicAddress(address: string): boolean {
  const ipv4 = parseIPv4(address);
  if (ipv4 !== null) return isPublicIPv4(ipv4);
  const ipv6 = parseIPv6(address.replace(/^\[(.*)\]$/, '$1'));
  return ipv6 !== null && isPublicIPv6(ipv6);
}

/**
 * Whether a URL's host (as URL.hostname gives it) can be a push service's: a domain name of at
 * least two labels that is not localhost, or an IP literal on the public internet. Whether a
 * name resolves to a public address is for the sender to check when it sends.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || parseIPv4(host) !== null) return isPublicAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  return /^[^.]+(\.[^.]+)+$/.test(host);
}

/** The WHATWG URL parser, which browsers and Node share; contracts are typed without their libs. */
const WhatwgUrl = (
  globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }
).URL;

/** Whether an endpoint could be a browser vendor's push service: https, on a public host. */
export function isPushServiceUrl(endpoint: string): boolean {
  try {
    const url = new WhatwgUrl(endpoint);
    return url.protocol === 'https:' && isPublicHost(url.hostname);
  } catch {
    return false;
  }
}

const ENDPOINT_NOT_HTTPS = "The push endpoint must be an https URL of a browser's push service";
const ENDPOINT_NOT_PUBLIC =
  "The push endpoint must be on a push service's public host, not localhost or a private address";

/** A browser's pause ('indefinitely'), snooze (until an instant) or neither (null). */
const QUIET_UNTIL = "quietUntil must be 'indefinitely', an ISO instant with its offset, or null";
export const zPushQuietUntil = z
  .union([z.literal('indefinitely'), z.iso.datetime({ offset: true, error: QUIET_UNTIL })], {
    error: QUIET_UNTIL,
  })
  .nullable();
export type PushQuietUntil = z.infer<typeof zPushQuietUntil>;

/**
 * A browser's push subscription, as PushSubscription.toJSON() gives it, with this browser's
 * reminder state. Browsers' push services
 * are always https on public hosts: anything else would have the server send requests into its
 * own network (docs/security.md "Push subscriptions").
 */
export const zPushSubscription = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: ENDPOINT_NOT_HTTPS, abort: true })
    .max(2000)
    .refine((endpoint) => isPushServiceUrl(endpoint), ENDPOINT_NOT_PUBLIC),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
  /**
   * Until when this browser is quiet (its pause and snooze, docs/product.md "Reminders"):
   * 'indefinitely' while paused, the snooze's end while snoozed, null when neither. The server
   * pushes to it only once that has passed. Left out, what the server has is kept.
   */
  quietUntil: zPushQuietUntil.optional(),
  /**
   * This browser's last activity (app open, click or key press), as its tab's planner reads it:
   * the server's push round plans with it, so a tab in use keeps the reminders its planner holds
   * back. Left out, what the server has is kept.
   */
  activeAt: zInstant.nullable().optional(),
  /**
   * The days (the user's local dates) of the last two weeks on which this browser started a
   * session of use: the weekly activity score of the daily nudges counts them, on the server as
   * in the tab. Left out, what the server has is kept.
   */
  sessionDays: z.array(zLocalDate).max(14).optional(),
});
export type PushSubscriptionBody = z.infer<typeof zPushSubscription>;

export const zPushDone = z.object({ ok: z.literal(true) });
export type PushDone = z.infer<typeof zPushDone>;

export const zPushUnsubscribe = z.strictObject({ endpoint: z.string().max(2000) });
export type PushUnsubscribe = z.infer<typeof zPushUnsubscribe>;

/** What a reminder push carries; the service worker shows it as it is. */
export type PushPayload = {
  title: string;
  body: string;
  tag: string;
  data: { habitId?: string; date?: string };
};

/** An IPv4 address in dotted-quad form as one 32-bit number, or null. */
function parseIPv4(text: string): number | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!parts) return null;
  let value = 0;
  for (const part of parts.slice(1)) {
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** The IPv4 ranges that are not on the public internet, as [first address, prefix length]. */
const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT, some clouds' metadata)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const NON_PUBLIC_IPV4_RANGES = NON_PUBLIC_IPV4.map(([first, bits]) => ({
  first: parseIPv4(first) ?? 0,
  size: 2 ** (32 - bits),
}));

function isPublicIPv4(address: number): boolean {
  return NON_PUBLIC_IPV4_RANGES.every(
    ({ first, size }) => address < first || address >= first + size,
  );
}

/** An IPv6 address as its eight 16-bit groups, or null; a zone (%eth0) is ignored. */
function parseIPv6(text: string): number[] | null {
  let rest = text.toLowerCase().replace(/%.*$/, '');
  const tail: number[] = [];
  const embedded = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (embedded) {
    const ipv4 = parseIPv4(embedded[2] ?? '');
    if (ipv4 === null) return null;
    tail.push(Math.floor(ipv4 / 65536), ipv4 % 65536);
    const prefix = embedded[1] ?? '';
    rest = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups = half.split(':');
    if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
    return groups.map((group) => parseInt(group, 16));
  };
  const head = groupsOf(halves[0] ?? '');
  const after = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === null || after === null) return null;
  const explicit = head.length + after.length + tail.length;
  if (halves.length === 2 ? explicit > 7 : explicit !== 8) return null;
  return [...head, ...new Array<number>(8 - explicit).fill(0), ...after, ...tail];
}

/**
 * Public IPv6 addresses are global unicast (2000::/3); of those, the forms that carry an IPv4
 * address (NAT64's 64:ff9b::/96, 6to4's 2002::/16) are public only when that address is. The
 * IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96) forms are their IPv4 address.
 */
function isPublicIPv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const ipv4Of = (high: number, low: number) => high * 65536 + low;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    // ::ffff:a.b.c.d reaches a.b.c.d; ::a.b.c.d, ::1 and :: are none a public host has.
    return g5 === 0xffff && isPublicIPv4(ipv4Of(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPublicIPv4(ipv4Of(g6, g7));
  }
  if (g0 === 0x2002) return isPublicIPv4(ipv4Of(g1, g2));
  return (g0 & 0xe000) === 0x2000;
}
