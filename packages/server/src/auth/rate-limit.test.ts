/**
 * The rate-limit counters: kept while any rule could still read them, deleted after, at most once
 * an hour (rate-limit.ts), on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness';
import { AUTH_LIMITS, counterRetentionMs } from './limits';
import { hitLimit, PURGE_EVERY_MS, rateLimitPurger } from './rate-limit';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('rate-limit counters on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function keys(prefix: string): Promise<string[]> {
    const rows = await server.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`${prefix}%`}`);
    return rows.map((row) => row.key).sort();
  }

  it('are deleted once past every window, hourly at most, and recent ones stay', async () => {
    const { db } = server.database;
    const now = Date.UTC(2026, 10, 23, 12);
    const retention = counterRetentionMs(AUTH_LIMITS);
    const rule = { windowMs: 60_000, max: 3 };
    await hitLimit(db, 'purge-test:old', rule, now - retention - DAY);
    await hitLimit(db, 'purge-test:recent', rule, now - retention + DAY);
    const purge = rateLimitPurger(db, retention);

    await purge(now);
    expect(await keys('purge-test:')).toEqual(['purge-test:recent']);

    // Within the hour nothing is deleted again, even what has aged out meanwhile.
    await hitLimit(db, 'purge-test:aged', rule, now - retention - DAY);
    await purge(now + PURGE_EVERY_MS - 1);
    expect(await keys('purge-test:')).toEqual(['purge-test:aged', 'purge-test:recent']);
    await purge(now + PURGE_EVERY_MS);
    expect(await keys('purge-test:')).toEqual(['purge-test:recent']);
  });

  it('are kept at least as long as the longest rule needs them', () => {
    expect(counterRetentionMs(AUTH_LIMITS)).toBe(AUTH_LIMITS.knownAddressMs);
    expect(counterRetentionMs({ ...AUTH_LIMITS, knownAddressMs: 1000 })).toBe(DAY);
  });
});
