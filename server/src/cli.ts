/**
 * Database chores: `npm run db:migrate`, `npm run db:seed` (migrates first; seeds content into a database without
 * pages and the demo staff accounts into one without accounts) and
 * `npm run user:create -- --email … --username … --role editor|admin` (password from KF_NEW_PASSWORD, or asked
 * for without echo in a terminal). Migrating and seeding bring the search index up to date;
 * `npm run search:reindex` rebuilds it whatever its state. `npm run backup` and `npm run restore ARCHIVE` are
 * backup/commands.ts.
 */
import { Writable } from 'node:stream';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/create-database';
import { migrate } from './db/migrate';
import { checkStaffUserInput, createStaffUser, type CreateStaffUserInput } from './db/repositories';
import { isStaffRole, staffRoles } from '../../contract/staff-roles';
import { seedDatabase } from './seed';
import { ensureSearchIndex, rebuildSearchIndex } from './db/search/search-indexer';
import { ContentError } from './db/errors';
import { assertAcceptablePassword } from './db/rules/passwords';
import { describeDatabase } from './start-server';
import { backupCommand, CommandError, restoreCommand } from './backup/commands';

const commands = ['migrate', 'seed', 'create-user', 'reindex-search', 'backup', 'restore'] as const;
type Command = (typeof commands)[number];

/** Bad command-line input: printed as is, without a stack. */
class UsageError extends Error {}

const createUserUsage = `Usage: npm run user:create -- --email <address> --username <name> --role <${staffRoles.join('|')}>
The password is read from KF_NEW_PASSWORD or, in a terminal, asked for without echo.`;

function parseCreateUser(args: string[]): Omit<CreateStaffUserInput, 'password'> {
  let values: { email?: string; username?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, username: { type: 'string' }, role: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${createUserUsage}`);
  }
  const missing = (['email', 'username', 'role'] as const).filter((name) => !values[name]?.trim());
  if (missing.length) throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}\n${createUserUsage}`);
  const { email, username, role } = values as Required<typeof values>;
  if (!isStaffRole(role)) throw new UsageError(`--role must be one of: ${staffRoles.join(', ')}; got "${role}"`);
  // Refused here rather than after the password has been typed twice.
  checkStaffUserInput({ email, username, role });
  return { email, username, role };
}

/** Asks a question on the terminal without echoing the answer. Rejects when the user presses Ctrl+C. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  // readline echoes typed characters to its output; this one drops them while muted.
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const cancel = new AbortController();
  rl.on('SIGINT', () => cancel.abort());
  try {
    const answer = rl.question(question, { signal: cancel.signal });
    muted = true;
    return await answer;
  } catch (error) {
    throw cancel.signal.aborted ? new UsageError('Cancelled.') : error;
  } finally {
    muted = false;
    process.stdout.write('\n');
    rl.close();
  }
}

async function readNewPassword(): Promise<string> {
  const fromEnv = process.env.KF_NEW_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') {
    assertAcceptablePassword(fromEnv);
    return fromEnv;
  }
  if (!process.stdin.isTTY) {
    throw new UsageError('No password: set KF_NEW_PASSWORD, or run the command in a terminal to be asked for one.');
  }
  const password = await askHidden('Password: ');
  // Checked before the repetition, so a too-short password is not typed twice for nothing.
  assertAcceptablePassword(password);
  if ((await askHidden('Repeat the password: ')) !== password) throw new UsageError('The passwords differ.');
  return password;
}

async function run(command: Command) {
  // A backup reads the database as it is and a restore needs it empty: neither migrates first (ADR 081).
  if (command === 'backup' || command === 'restore') {
    const config = loadConfig();
    const print = (line: string) => console.log(line);
    if (command === 'backup') await backupCommand(process.argv.slice(3), config, print);
    else await restoreCommand(process.argv.slice(3), config, print);
    return;
  }
  // Everything the user has to type comes first: nothing is migrated for a command that is refused anyway.
  const newUser = command === 'create-user' ? parseCreateUser(process.argv.slice(3)) : undefined;
  const password = newUser ? await readNewPassword() : undefined;

  const config = loadConfig();
  const db = createDatabase(config);
  try {
    console.log(`Database: ${describeDatabase(config)}`);
    const applied = await migrate(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
    if (command === 'seed') {
      await seedDatabase(db, { dataDir: config.dataDir, log: (line) => console.log(line) });
    }
    const indexed = command === 'reindex-search' ? await rebuildSearchIndex(db) : await ensureSearchIndex(db);
    if (indexed !== null) console.log(`Search index built: ${indexed} documents.`);
    if (newUser && password !== undefined) {
      const user = await createStaffUser(db, { ...newUser, password });
      console.log(`Created ${user.role} ${user.username} <${user.email}> (id ${user.id}).`);
    }
  } finally {
    await db.destroy();
  }
}

const command = process.argv[2];
if (!(commands as readonly string[]).includes(command ?? '')) {
  console.error(`Usage: tsx server/src/cli.ts <${commands.join('|')}>`);
  process.exit(2);
}
run(command as Command).catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof UsageError || error instanceof ContentError) console.error(`Error: ${error.message}`);
  else if (error instanceof CommandError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
