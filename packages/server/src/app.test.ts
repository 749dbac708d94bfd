import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startTestServer, TestClient, type TestServer } from '../test/harness';

const rootPackage = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('the HTTP app over real HTTP', () => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'hq-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer('pglite', {
      env: {
        WEB_DIST: webDist,
        FEEDBACK_EMAIL: 'ideas@example.org',
        DESKTOP_APP_URL: 'https://apps.example.com/habitquest',
        MARKETING_URL: 'https://habitquest.example.com/',
      },
    });
    client = new TestClient(server.url);
  });

  afterAll(async () => {
    await server.stop();
  });

  it('answers health with the database in use', async () => {
    const response = await client.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, db: 'pglite' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const big = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(big.headers.get('vary')).toContain('Accept-Encoding');
    expect(((await big.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const plain = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('tells anyone the version, the feedback address, the desktop listing and the marketing page', async () => {
    const response = await client.get('/api/about');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: rootPackage.version,
      feedbackEmail: 'ideas@example.org',
      desktopAppUrl: 'https://apps.example.com/habitquest',
      marketingUrl: 'https://habitquest.example.com/',
    });
  });

  it('answers unknown API routes with the error shape once signed in, never the web app', async () => {
    const anonymous = await client.get('/api/nope');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
  });

  it('serves hashed assets with a long cache and client routes with index.html', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const route = await fetch(`${server.url}/auth/update-password?token=x`);
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<div id="root">');
  });
});

describe('an unbuilt web app', () => {
  it('says how to build it instead of failing silently', async () => {
    const server = await startTestServer('pglite');
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm start');
    await server.stop();
  });
});

describe('configuration', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      authSecret: undefined,
      oauth: {},
      stripe: null,
      trustProxy: 0,
      marketingUrl: '/welcome',
      logLevel: 'info',
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('turns on only the OAuth providers with both id and secret', () => {
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      GOOGLE_CLIENT_ID: 'only-id',
    });
    expect(config.oauth).toEqual({ github: { clientId: 'id', clientSecret: 'secret' } });
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});
