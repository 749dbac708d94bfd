#!/usr/bin/env node
// One version of each dependency (CONTRIBUTING.md): every workspace asks for the same range of a shared
// dependency, and the lockfile installs a single copy of the packages whose duplication would
// break things at run time (two Reacts, two zods with different schema classes …).
import { readFileSync } from 'node:fs';

const SINGLETONS = [
  'react',
  'react-dom',
  'zod',
  'hono',
  'drizzle-orm',
  'better-auth',
  '@tanstack/react-query',
];
// Copies nested inside a development tool, loaded by that tool alone and never by the app or the
// server: each named here with the reason, so a new duplicate still fails.
const TOOL_PRIVATE_COPIES = new Map([
  [
    'node_modules/chromium-bidi/node_modules/zod',
    'lighthouse (bench) → puppeteer-core → chromium-bidi, its WebDriver BiDi parser on zod 3',
  ],
]);
const root = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const problems = [];

const ranges = new Map();
for (const workspace of ['.', ...root.workspaces]) {
  const manifest = JSON.parse(readFileSync(`${workspace}/package.json`, 'utf8'));
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      const seen = ranges.get(name);
      if (seen && seen.range !== range) {
        problems.push(`${name}: ${seen.where} wants ${seen.range}, ${workspace} wants ${range}`);
      } else if (!seen) ranges.set(name, { range, where: workspace });
    }
  }
}

for (const name of SINGLETONS) {
  const copies = Object.keys(lock.packages).filter(
    (key) => key.endsWith(`node_modules/${name}`) && !TOOL_PRIVATE_COPIES.has(key),
  );
  if (copies.length > 1)
    problems.push(`${name} is installed ${copies.length} times: ${copies.join(', ')}`);
}

if (problems.length > 0) {
  console.error(`Dependency versions disagree:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`ok: ${ranges.size} dependencies, one range each; no duplicated singletons`);
