#!/usr/bin/env node
// Reports the JavaScript a first visit downloads before the app can render (the entry chunk and
// everything it imports statically), gzipped, and fails above the budget of issue 6 (150 KB).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = path.resolve(process.argv[2] ?? 'packages/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entry);

let total = 0;
for (const key of initial) {
  const bytes = gzipSync(readFileSync(path.join(dist, manifest[key].file))).length;
  total += bytes;
}
const lazy = Object.keys(manifest).filter(
  (key) => !initial.has(key) && manifest[key].file.endsWith('.js'),
);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `initial JavaScript: ${kb(total)} gzip in ${initial.size} files (budget ${kb(BUDGET_BYTES)}); ${lazy.length} chunks load on demand`,
);
if (total > BUDGET_BYTES) {
  console.error(
    'The initial JavaScript is over budget: split out what the first screen does not need.',
  );
  process.exit(1);
}
