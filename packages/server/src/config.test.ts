import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('AUTH_SECRET with DATABASE_URL', () => {
  it('is required when several instances may share the database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/hq' })).toThrow(
      /AUTH_SECRET: required when DATABASE_URL is set/,
    );
  });

  it('is accepted when set, and optional with the embedded database', () => {
    const shared = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/hq',
      AUTH_SECRET: SECRET,
    });
    expect(shared.authSecret).toBe(SECRET);
    expect(loadConfig({}).authSecret).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front: none unless set, true for one', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('refuses anything else at start', () => {
    for (const value of ['yes', '-1', '10', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});
