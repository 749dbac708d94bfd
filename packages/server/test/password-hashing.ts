/**
 * Password hashing for the in-process test servers: scrypt through node:crypto as Better Auth
 * does it, at a 32nd of its work factor (N = 512 instead of 16,384). A production hash costs about
 * 0.1–0.2 s of CPU, and the suite signs up and in thousands of times: at full cost the hashing was
 * a fifth of the server tests' time. What the work factor guards, the cost of guessing a stolen
 * hash, no test measures; the servers the tests start as separate processes (child-server.ts)
 * hash as production does.
 *
 * Hashes made here carry a prefix; any other hash (one a production-cost server wrote to a shared
 * database) is checked by Better Auth's own function.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../src/auth/auth';

const PREFIX = 'test-n512$';
const N = 512;
const R = 16;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: 1 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export const TEST_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt = '', key = ''] = hash.slice(PREFIX.length).split(':');
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
