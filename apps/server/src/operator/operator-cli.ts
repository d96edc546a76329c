import { ConfigError } from '../config/config-error.ts';
import { loadConfig } from '../config.ts';
import { databaseTarget, migrateToLatest, openDatabase } from '../db/database.ts';
import { runOperatorCommand } from './operator-actions.ts';
import { parseOperatorCommand } from './operator-command.ts';

/** `npm run platen -- …`: an operator's command on the server's own database; prints JSON. */
const main = async () => {
  const command = parseOperatorCommand(process.argv.slice(2));
  const db = openDatabase(databaseTarget(loadConfig()));
  try {
    await migrateToLatest(db);
    const answer = await runOperatorCommand(db, command, new Date());
    process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  } finally {
    await db.destroy();
  }
};

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
