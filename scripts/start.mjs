#!/usr/bin/env node
// `npm start`: build the web app and the server bundle when missing or older than their sources,
// then serve the whole product (API + web app) from one Node process running built JavaScript.
// `--build-only` stops after building (the desktop shell, scripts/desktop.mjs, runs the bundle).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'packages/web/dist/index.html');
const serverBundle = path.join(root, 'packages/server/dist/main.js');
const serverSources = [
  'packages/server/src',
  'packages/server/drizzle',
  'packages/core/src',
  'packages/contracts/src',
  'scripts/build-server.mjs',
];
const webSources = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/core/src',
  'packages/contracts/src',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, 'node_modules/.bin/esbuild'))) {
  console.log('› Installing dependencies (npm ci)…');
  run('npm', ['ci']);
}

const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
if (builtAt < Math.max(...webSources.map(newestMtime))) {
  console.log('› Building the web app…');
  run('npm', ['run', 'build', '--silent', '-w', '@habitquest/web']);
}

const bundledAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
if (bundledAt < Math.max(...serverSources.map(newestMtime))) {
  console.log('› Building the server…');
  run(process.execPath, ['scripts/build-server.mjs']);
}

if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
