/**
 * `npm run admin -- <command>`: the operator's commands (see run-admin.ts for the list).
 */
import { loadConfig, type Config } from '../config';
import { EXIT, runAdmin } from './run-admin';

function fail(error: unknown, prefix = ''): never {
  process.stderr.write(`${prefix}${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(EXIT.failed);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error);
}

try {
  process.exitCode = await runAdmin(process.argv.slice(2), {
    config,
    output: {
      log: (line) => process.stdout.write(`${line}\n`),
      error: (line) => process.stderr.write(`${line}\n`),
    },
  });
} catch (error) {
  // An unreachable database and the like: one line for the operator, not a stack trace.
  fail(error, 'The command could not run: ');
}
