import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';

function listen(webDist: string): Promise<{ server: ServerType; url: string }> {
  const config = loadConfig({ PORT: '0', DATA_DIR: tmpdir(), WEB_DIST: webDist });
  const app = createApp({ config, logger: createLogger('silent') });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ server, url: `http://127.0.0.1:${info.port}` });
    });
  });
}

describe('the HTTP app over real HTTP', () => {
  let server: ServerType;
  let url: string;

  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'hq-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    ({ server, url } = await listen(webDist));
  });

  afterAll(() => {
    server.close();
  });

  it('answers health', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API routes with the error shape, never the web app', async () => {
    const response = await fetch(`${url}/api/nope`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('serves hashed assets with a long cache and client routes with index.html', async () => {
    const asset = await fetch(`${url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const route = await fetch(`${url}/auth/update-password?token=x`);
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<div id="root">');
  });
});

describe('an unbuilt web app', () => {
  it('says how to build it instead of failing silently', async () => {
    const { server, url } = await listen(path.join(tmpdir(), 'hq-missing-dist'));
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm start');
    server.close();
  });
});

describe('configuration', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
