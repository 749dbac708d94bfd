#!/usr/bin/env node
// `npm run bench`: every benchmark in bench/, each printing its figures against a bare baseline
// measured in the same run or against the targets. Figures, not pass/fail: targets are
// read by people (docs/performance.md).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '../node_modules/.bin/tsx');
for (const file of readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()) {
  console.log(`\n# ${file}`);
  const result = spawnSync(tsx, [path.join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
