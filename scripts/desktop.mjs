#!/usr/bin/env node
// `npm run desktop`: builds what is stale (as `npm start` does), then runs the desktop shell
// (packages/desktop, docs/desktop.md) with the arguments given after `--`.
// `npm run desktop:install` adds HabitQuest to the desktop's application menu instead.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (!args.includes('--install') && !args.includes('--url')) {
  const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const shell = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'packages/desktop/src/main.ts'), ...args],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' } },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shell.kill(signal));
shell.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
