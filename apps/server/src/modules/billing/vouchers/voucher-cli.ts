import { ConfigError } from '../../../config/config-error.ts';
import { loadConfig } from '../../../config.ts';
import { databaseTarget, migrateToLatest, openDatabase } from '../../../db/database.ts';
import { createVoucher } from './voucher-admin.ts';
import { parseVoucherCommand } from './voucher-command.ts';

/** `npm run voucher -- create …`: prints the new code, on the server's own database. */
const main = async () => {
  const order = parseVoucherCommand(process.argv.slice(2));
  const config = loadConfig();
  const db = openDatabase(databaseTarget(config));
  try {
    await migrateToLatest(db);
    const code = await createVoucher(db, order, new Date());
    process.stdout.write(`${code}\n`);
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
