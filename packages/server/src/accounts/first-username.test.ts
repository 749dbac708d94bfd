import { zUsername } from '@habitquest/contracts/auth';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { usernameBase } from './first-username';

describe('usernameBase', () => {
  it('makes a username of the name, else of the e-mail, else "player"', () => {
    expect(usernameBase('Ada Lovelace', 'ada@example.com')).toBe('ada_lovelace');
    expect(usernameBase("Zoë O'Brien-Smith", 'z@example.com')).toBe('zoe_o_brien_smith');
    expect(usernameBase('李小龙', 'bruce.lee@example.com')).toBe('bruce_lee');
    expect(usernameBase('  ', 'x@example.com')).toBe('player');
    expect(usernameBase('Al', 'al@example.com')).toBe('player');
    expect(usernameBase('A'.repeat(29) + ' B', 'a@example.com')).toBe('a'.repeat(29));
  });

  it('always follows the sign-up rules', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.emailAddress(),
        (name, email) => {
          const base = usernameBase(name, email);
          expect(zUsername.safeParse(base)).toEqual({ success: true, data: base });
        },
      ),
    );
  });
});

describe.each(DATABASE_KINDS)('an account made without a username, on %s', (kind) => {
  let server: TestServer;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A sign-up as an OAuth provider's makes it: a name and an address, no username. */
  async function signUpWithout(name: string): Promise<string | null> {
    counter += 1;
    const client = new TestClient(server.url, { 'x-forwarded-for': `10.7.0.${String(counter)}` });
    const made = await client.post('/api/auth/sign-up/email', {
      email: `nameless${String(counter)}_${kind}@example.com`,
      password: 'correct horse',
      name,
    });
    expect(made.status).toBe(200);
    const me = await client.get<{ user: { username: string | null } }>('/api/me');
    return me.body.user.username;
  }

  it('gets one from its name, numbered when the name is taken, and signs in with it', async () => {
    const name = `Grace Hopper ${kind}`;
    const first = await signUpWithout(name);
    expect(first).toBe(`grace_hopper_${kind}`);
    const second = await signUpWithout(name);
    expect(second).toMatch(new RegExp(`^grace_hopper_${kind}_\\d{4}$`));
    const byName = await new TestClient(server.url, { 'x-forwarded-for': '10.7.1.1' }).post(
      '/api/auth/sign-in/username',
      { username: second, password: 'correct horse' },
    );
    expect(byName.status).toBe(200);
  });
});
