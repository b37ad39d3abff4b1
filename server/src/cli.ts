/**
 * Database chores: `npm run db:migrate` and `npm run db:seed` (the latter migrates first and seeds only an empty
 * database).
 */
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/create-database';
import { migrate } from './db/migrate';
import { seedDatabase } from './seed';
import { describeDatabase } from './start-server';

const commands = ['migrate', 'seed'] as const;
type Command = (typeof commands)[number];

async function run(command: Command) {
  const config = loadConfig();
  const db = createDatabase(config);
  try {
    console.log(`Database: ${describeDatabase(config)}`);
    const applied = await migrate(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
    if (command === 'seed') {
      await seedDatabase(db, { dataDir: config.dataDir, log: (line) => console.log(line) });
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
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
