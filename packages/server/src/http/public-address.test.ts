import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { freePort } from '../../test/free-port';
import { isOwnAddress } from './public-address';

const signUpBody = (tag: string) => ({
  email: `addr${tag}@example.com`,
  username: `addr_${tag}`,
  password: 'correct horse',
  name: `addr_${tag}`,
});

describe.each(DATABASE_KINDS)('the address HabitQuest is used at, on %s', (kind) => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    // The default public address, as `npm start` has it without PUBLIC_URL.
    server = await startTestServer(kind, {
      env: { PORT: String(port), PUBLIC_URL: `http://localhost:${String(port)}` },
    });
  });
  afterAll(() => server.stop());

  it('sends a page opened at 127.0.0.1 on to localhost, path and query kept, and leaves the API alone', async () => {
    const page = await fetch(`http://127.0.0.1:${String(port)}/habits?tab=weekly`, {
      redirect: 'manual',
    });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toBe(`http://localhost:${String(port)}/habits?tab=weekly`);

    const api = await fetch(`http://127.0.0.1:${String(port)}/api/health`, { redirect: 'manual' });
    expect(api.status).toBe(200);
    const atHome = await fetch(`http://localhost:${String(port)}/`, { redirect: 'manual' });
    expect(atHome.status).not.toBe(307);
  });

  it('tells a sign-up from the page at another address where HabitQuest runs, and creates nothing', async () => {
    const elsewhere = new TestClient(`http://127.0.0.1:${String(port)}`, {
      origin: `http://127.0.0.1:${String(port)}`,
    });
    const refused = await elsewhere.post('/api/auth/sign-up/email', signUpBody('a'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message: `HabitQuest is set up to be used at http://localhost:${String(port)}. Open it there, or set PUBLIC_URL to this address to use it here.`,
      },
    });

    // Another site's page still gets the plain refusal, naming no address.
    const foreign = new TestClient(server.url, { origin: 'https://evil.example' });
    const forged = await foreign.post('/api/auth/sign-up/email', signUpBody('b'));
    expect(forged.status).toBe(403);
    expect(JSON.stringify(forged.body)).not.toContain('localhost');

    // At the public address the same sign-up works: the refused one had created no account.
    const home = new TestClient(`http://localhost:${String(port)}`, {
      origin: `http://localhost:${String(port)}`,
    });
    const created = await home.post('/api/auth/sign-up/email', signUpBody('a'));
    expect(created.status).toBe(200);
  });
});

describe('isOwnAddress', () => {
  it("matches the Origin's host against the Host or a proxy's forwarded host, nothing else", () => {
    expect(isOwnAddress('http://192.168.1.5:3000', ['192.168.1.5:3000', undefined])).toBe(true);
    expect(isOwnAddress('https://hq.example', ['10.0.0.2:3000', 'hq.example, proxy.lan'])).toBe(
      true,
    );
    expect(isOwnAddress('https://evil.example', ['192.168.1.5:3000'])).toBe(false);
    expect(isOwnAddress('null', ['null'])).toBe(false);
  });
});
