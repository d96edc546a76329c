import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/tables.ts';
import type { Mailer } from './mailer.ts';
import { insertOutboxMail } from './outbox.repository.ts';

/**
 * Development mail: each message is kept in the database (listed at /dev/mailbox) and, when
 * `print` is set, written to the console so the link or code can be copied from the terminal.
 */
export const createOutboxMailer = (opts: { db: Db; clock: Clock; print: boolean }): Mailer => ({
  send: async (message) => {
    await insertOutboxMail(opts.db, message, opts.clock.now().toISOString());
    if (opts.print) {
      process.stdout.write(
        `\n--- mail to ${message.to}: ${message.subject}\n${message.text}\n--- (also at /dev/mailbox)\n\n`,
      );
    }
  },
});
