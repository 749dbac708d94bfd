/**
 * The operator commands behind `npm run admin -- <command>`, runnable in-process (tests) or from
 * cli.ts. Each command answers in plain words and an exit code.
 */
import type { Config } from '../config';
import { DataDirLockedError } from '../data-dir';
import { openAdminContext, type AdminContext } from './admin-context';
import { createUser } from './create-user';
import { backupEmbedded, restoreEmbedded } from './embedded-backup';
import { grantPro } from './grant-pro';
import { listUsers, type ListedUser } from './list-users';
import { revokePro } from './revoke-pro';

export type AdminOutput = { log: (line: string) => void; error: (line: string) => void };

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  create-user <email> <username> <password>  create an account, as a sign-up would
  grant-pro <email|username>                 make the user Pro (sets the premium entitlement)
  revoke-pro <email|username>                make the user free: clears both entitlements and
                                             marks their paid purchases 'revoked' (kept, not deleted)
  list-users                                 list every account with its plan
  backup <file>                              write the embedded database to <file>
  restore <file>                             replace the embedded database with <file>
                                             (the previous one is kept beside it)

The database is the server's: DATABASE_URL when set, otherwise the embedded one in DATA_DIR,
which only one process can open at a time (stop the server first). With DATABASE_URL, back up
with pg_dump and restore with pg_restore (docs/deploy.md).
Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

type Command = {
  args: string[];
  run: (context: AdminContext, args: string[], output: AdminOutput) => Promise<number>;
};

/** A command that works on the data directory's files rather than through a database session. */
type FileCommand = {
  args: string[];
  runFiles: (config: Config, args: string[], output: AdminOutput) => Promise<number>;
};

const COMMANDS: Record<string, Command | FileCommand> = {
  'create-user': { args: ['email', 'username', 'password'], run: runCreateUser },
  'grant-pro': { args: ['email|username'], run: runGrantPro },
  'revoke-pro': { args: ['email|username'], run: runRevokePro },
  'list-users': { args: [], run: runListUsers },
  backup: { args: ['file'], runFiles: runBackup },
  restore: { args: ['file'], runFiles: runRestore },
};

/** Runs one operator command; resolves to the process exit code. */
export async function runAdmin(
  argv: readonly string[],
  options: { config: Config; output: AdminOutput },
): Promise<number> {
  const { config, output } = options;
  const [name, ...args] = argv;
  if (name === undefined || ['help', '--help', '-h'].includes(name)) {
    (name === undefined ? output.error : output.log)(USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    output.error(`Unknown command "${name}".\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (args.length !== command.args.length) {
    const expected = command.args.map((arg) => `<${arg}>`).join(' ');
    output.error(`Usage: npm run admin -- ${name}${expected ? ` ${expected}` : ''}`);
    return EXIT.usage;
  }
  let context: AdminContext;
  try {
    if ('runFiles' in command) return await command.runFiles(config, args, output);
    context = await openAdminContext(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    output.error(
      `A HabitQuest server (pid ${error.holderPid}) is using ${config.dataDir}. Stop it first: admin commands open the embedded database themselves, and only one process can hold it at a time.`,
    );
    return EXIT.failed;
  }
  try {
    return await command.run(context, args, output);
  } finally {
    await context.close();
  }
}

async function runBackup(config: Config, args: string[], output: AdminOutput) {
  if (config.databaseUrl) return refuseForPostgres('backup', output);
  return explained(output, async () => {
    const { file, bytes } = await backupEmbedded({ dataDir: config.dataDir, file: args[0] ?? '' });
    output.log(`Backed up ${config.dataDir} to ${file} (${formatBytes(bytes)}).`);
  });
}

async function runRestore(config: Config, args: string[], output: AdminOutput) {
  if (config.databaseUrl) return refuseForPostgres('restore', output);
  return explained(output, async () => {
    const { users, keptAt } = await restoreEmbedded({
      dataDir: config.dataDir,
      file: args[0] ?? '',
      now: new Date(),
    });
    const kept = keptAt ? ` The previous database is kept at ${keptAt}.` : '';
    output.log(
      `Restored ${args[0] ?? ''} into ${config.dataDir}: ${users} account${users === 1 ? '' : 's'}.${kept}`,
    );
  });
}

/** Runs a file command; a refusal it explains becomes one line and exit 1, not a stack trace. */
async function explained(output: AdminOutput, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DataDirLockedError || !(error instanceof Error)) throw error;
    output.error(error.message);
    return EXIT.failed;
  }
}

function refuseForPostgres(command: 'backup' | 'restore', output: AdminOutput): number {
  output.error(
    command === 'backup'
      ? 'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom --file=habitquest.dump "$DATABASE_URL" (docs/deploy.md).'
      : 'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" habitquest.dump, with every instance stopped (docs/deploy.md).',
  );
  return EXIT.failed;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(0)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function runCreateUser(context: AdminContext, args: string[], output: AdminOutput) {
  const [email = '', username = '', password = ''] = args;
  const db = context.database.db;
  const result = await createUser({ auth: context.auth(), db, email, username, password });
  if (!result.isCreated) {
    output.error(`Could not create the account: ${result.message}`);
    return EXIT.failed;
  }
  output.log(`Created ${result.user.username} <${result.user.email}> (id ${result.user.id}).`);
  return EXIT.ok;
}

async function runGrantPro(context: AdminContext, args: string[], output: AdminOutput) {
  const identifier = args[0] ?? '';
  const granted = await grantPro({ db: context.database.db, identifier });
  if (!granted) return noSuchUser(identifier, output);
  await (await context.events()).publish(granted.id, { type: 'plan', payload: { isPro: true } });
  output.log(`${describe(granted)} is now Pro.`);
  return EXIT.ok;
}

async function runRevokePro(context: AdminContext, args: string[], output: AdminOutput) {
  const identifier = args[0] ?? '';
  const revoked = await revokePro({ db: context.database.db, identifier });
  if (!revoked) return noSuchUser(identifier, output);
  const { user, revokedPurchases } = revoked;
  await (await context.events()).publish(user.id, { type: 'plan', payload: { isPro: false } });
  const purchasesNote =
    revokedPurchases === 0
      ? ''
      : ` ${revokedPurchases} paid purchase${revokedPurchases === 1 ? '' : 's'} marked revoked.`;
  output.log(`${describe(user)} is now on the free plan.${purchasesNote}`);
  return EXIT.ok;
}

async function runListUsers(context: AdminContext, _args: string[], output: AdminOutput) {
  const users = await listUsers({ db: context.database.db });
  if (users.length === 0) {
    output.log('No accounts yet.');
    return EXIT.ok;
  }
  output.log(formatTable(users));
  output.log(`${users.length} account${users.length === 1 ? '' : 's'}.`);
  return EXIT.ok;
}

function noSuchUser(identifier: string, output: AdminOutput): number {
  const kind = identifier.includes('@') ? 'e-mail' : 'username';
  output.error(`No account with the ${kind} "${identifier}".`);
  return EXIT.failed;
}

function describe(user: { email: string; username: string | null }): string {
  return user.username ? `${user.username} <${user.email}>` : user.email;
}

function formatTable(users: ListedUser[]): string {
  const rows = [
    ['EMAIL', 'USERNAME', 'PLAN', 'CREATED'],
    ...users.map((u) => [
      u.email,
      u.username ?? '-',
      u.isPro ? 'pro' : 'free',
      u.createdAt.toISOString().slice(0, 10),
    ]),
  ];
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
