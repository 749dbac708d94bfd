/**
 * The shell's options: command line first, then the environment, then defaults (docs/desktop.md
 * has the table).
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * The embedded server's port. Fixed, because the browser keeps its storage (the offline cache,
 * the outbox, this device's reminder state) per origin: another port would be another, empty app.
 */
export const DEFAULT_PORT = 3947;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ShellOptions = {
  /** A HabitQuest the user runs elsewhere; null runs the embedded server. */
  url: string | null;
  port: number;
  /** Everything the shell keeps: server/ (the database), browser/ (the profile), control.sock. */
  dataDir: string;
  /** Start hidden in the tray (a login item). */
  isHidden: boolean;
  /** The server to run: the production bundle, or a TypeScript entry run through tsx. */
  serverEntry: string;
  /** Extra browser flags (a machine that needs --disable-gpu, say). */
  browserFlags: string[];
  /** Lets the control socket evaluate script in the page: the shell's own tests only. */
  hasTestHooks: boolean;
};

export function readOptions(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): ShellOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      hidden: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const url = values.url ?? env.HABITQUEST_URL ?? null;
  const port = Number(values.port ?? env.HABITQUEST_DESKTOP_PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`--port: expected a port number (1–65535), got ${String(values.port)}`);
  }
  if (url !== null && !/^https?:\/\//.test(url)) {
    throw new Error(`--url: expected an http(s) address, got ${url}`);
  }
  const dataHome = env.XDG_DATA_HOME ?? path.join(env.HOME ?? homedir(), '.local/share');
  return {
    url: url === null ? null : new URL(url).origin,
    port,
    dataDir: path.resolve(
      values['data-dir'] ?? env.HABITQUEST_DESKTOP_DIR ?? path.join(dataHome, 'habitquest-desktop'),
    ),
    isHidden: values.hidden,
    serverEntry: env.HABITQUEST_SERVER_ENTRY ?? path.join(repoRoot, 'packages/server/dist/main.js'),
    browserFlags: (env.HABITQUEST_BROWSER_FLAGS ?? '').split(/\s+/).filter(Boolean),
    hasTestHooks: env.HABITQUEST_DESKTOP_TEST_HOOKS === '1',
  };
}
