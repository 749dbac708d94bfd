#!/usr/bin/env node
// Writes a .br and a .gz beside every text file of the built web app (scripts, styles, HTML, SVG,
// JSON, the web manifest), so the server sends them compressed without compressing at each request.
// Brotli at its best quality: done once per build, paid back on every download.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wav)$/;
const MIN_BYTES = 1024;
const dist = path.resolve(process.argv[2] ?? 'packages/web/dist');

let files = 0;
let before = 0;
let after = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') walk(full);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(full);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${full}.br`, brotli);
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    before += content.length;
    after += brotli.length;
  }
};
walk(dist);
console.log(
  `› Precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`,
);
