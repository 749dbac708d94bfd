import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD_HASHING } from './password-hashing';

describe("the test servers' password hashing", () => {
  it('checks its own hashes: the right password only, a fresh salt each time', async () => {
    const first = await TEST_PASSWORD_HASHING.hash('correct horse');
    const second = await TEST_PASSWORD_HASHING.hash('correct horse');
    expect(first).not.toBe(second);
    expect(await TEST_PASSWORD_HASHING.verify({ hash: first, password: 'correct horse' })).toBe(
      true,
    );
    expect(await TEST_PASSWORD_HASHING.verify({ hash: first, password: 'correct horsE' })).toBe(
      false,
    );
  });

  it("checks a production hash with Better Auth's own function", async () => {
    const hash = await hashPassword('correct horse');
    expect(await TEST_PASSWORD_HASHING.verify({ hash, password: 'correct horse' })).toBe(true);
    expect(await TEST_PASSWORD_HASHING.verify({ hash, password: 'wrong horse' })).toBe(false);
  });
});
