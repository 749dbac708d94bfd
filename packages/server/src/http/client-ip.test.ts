import { describe, expect, it } from 'vitest';
import { forwardedClient } from './client-ip';

describe('forwardedClient: the visitor in X-Forwarded-For, counted from the right', () => {
  it('takes the entry the outermost trusted proxy appended', () => {
    // One proxy: what it appended is last; what came before is the client's own text.
    expect(forwardedClient('198.51.100.7', 1)).toBe('198.51.100.7');
    expect(forwardedClient('10.0.0.1, 6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7');
    // Two proxies (a CDN, then nginx): the CDN appended the visitor, nginx the CDN.
    expect(forwardedClient('10.0.0.1, 198.51.100.7, 192.0.2.10', 2)).toBe('198.51.100.7');
  });

  it('takes the first entry of a request that passed fewer proxies, and nothing from no header', () => {
    expect(forwardedClient('198.51.100.7', 2)).toBe('198.51.100.7');
    expect(forwardedClient(' 198.51.100.7 ,, ', 1)).toBe('198.51.100.7');
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient(' , ', 1)).toBeNull();
  });
});
