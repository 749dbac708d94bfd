#!/usr/bin/env node
// Draws the web app manifest's PNG icons from packages/web/public/favicon.svg, so there is one
// source for the logo. Chromium (Debian's, never a downloaded one) renders the SVG at each size:
//   icon-192.png, icon-512.png   the logo as it is (rounded square, transparent corners)
//   maskable-512.png             full bleed (square corners): the platform cuts its own shape, and
//                                the tick already sits inside the maskable safe zone (the
//                                centred circle of 80% of the width)
//   apple-touch-icon.png (180)   full bleed too: iOS rounds the corners itself and shows
//                                transparent ones as black
//   ../favicon.png (128)         the logo as it is: a notification's icon (the spec's default,
//                                /favicon.png; features/reminders/notifications.ts, sw.ts)
//   badge-96.png                 the tick alone, white on transparent: a notification's badge,
//                                which Android draws from the alpha channel only (the whole logo
//                                would show as a blank square)
// Run `node scripts/make-icons.mjs` after changing favicon.svg, and commit the PNGs.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const publicDir = path.resolve('packages/web/public');
const outDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// The logo's background is its first <rect>, rounded by rx: drop the rounding for full bleed.
const fullBleed = favicon.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1');
if (fullBleed === favicon) throw new Error('favicon.svg: no rounded <rect rx="…"> to square off');
// The tick alone: the background <rect> dropped.
const tickOnly = favicon.replace(/<rect\b[^>]*\/>/, '');
if (tickOnly === favicon) throw new Error('favicon.svg: no background <rect/> to drop');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: '../favicon.png', size: 128, svg: favicon },
  { file: 'badge-96.png', size: 96, svg: tickOnly },
];

/**
 * The PNG with its pixel data deflated again at zlib's best level: Chromium's screenshots favour
 * speed, and a third of the bytes is enough for the same pixels.
 */
function recompress(png) {
  const chunks = [];
  const pixels = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IDAT') {
      if (pixels.length === 0) chunks.push({ type, data: null });
      pixels.push(data);
    } else chunks.push({ type, data });
    at += 12 + length;
  }
  const deflated = deflateSync(inflateSync(Buffer.concat(pixels)), { level: 9, memLevel: 9 });
  const parts = [png.subarray(0, 8)];
  for (const { type, data } of chunks) {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data ?? deflated]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length - 4);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    parts.push(head, body, tail);
  }
  return Buffer.concat(parts);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  mkdirSync(outDir, { recursive: true });
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${String(size)}" height="${String(size)}" style="display:block"></body></html>`,
    );
    // Drawn before the shot: decode() settles once the image is ready to paint.
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: true,
    });
    const target = path.join(outDir, file);
    writeFileSync(target, recompress(png));
    console.log(
      `› ${path.relative(process.cwd(), target)} ${String(size)}×${String(size)}, ${(statSync(target).size / 1024).toFixed(1)} KB`,
    );
    await page.close();
  }
} finally {
  await browser.close();
}
