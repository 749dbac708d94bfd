/**
 * `npm run desktop`: HabitQuest in its own window, with a tray icon, native notifications and
 * reminders in the background (docs/desktop.md). `--install` adds the menu entry instead.
 */
import { mkdirSync } from 'node:fs';
import { desktopCopy as copy } from './copy';
import { installDesktopEntry } from './install';
import { readOptions } from './options';
import { checkRequirements } from './requirements';
import { startShell, type Shell } from './shell';
import { claimSingleInstance } from './single-instance';

if (process.argv.includes('--install')) {
  for (const file of installDesktopEntry()) process.stdout.write(`installed ${file}\n`);
  process.exit(0);
}

const options = readOptions(process.argv.slice(2).filter((arg) => arg !== '--install'));
const requirements = checkRequirements();
if (!requirements.browser) {
  process.stderr.write(`${copy.noBrowser}\n`);
  process.exit(2);
}
if (requirements.missing.length > 0) {
  process.stderr.write(`${copy.missingPackages(requirements.missing)}\n`);
}
mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });

let shell: Shell | null = null;
const control = await claimSingleInstance(options.dataDir, async (request) => {
  // A second launch while this one is still starting: it comes forward once it is up.
  if (!shell) return null;
  return await shell.control(request);
});
if (control === false) {
  process.stdout.write(`${copy.alreadyRunning}\n`);
  process.exit(0);
}

try {
  process.stdout.write(
    `${copy.starting(options.url ?? `http://127.0.0.1:${String(options.port)}`)}\n`,
  );
  shell = await startShell({
    shellOptions: options,
    requirements: { ...requirements, browser: requirements.browser },
    env: process.env,
    control: () => control,
  });
} catch (error) {
  control.close();
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const running = shell;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void running.exit());
}
await running.done;
process.exit(0);
