import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/tables.ts';
import type { Mailer } from './mailer.ts';
import { insertOutboxMail } from './outbox.repository.ts';

/**
 * Development mail: each message is kept in the database (listed at /dev/mailbox) and, when
 * `print` is given, announced on the console: recipient, subject and where to read it. Never the
 * text: it holds reset links and codes, and a console ends up in logs and screen shares.
 */
export const createOutboxMailer = (opts: {
  db: Db;
  clock: Clock;
  mailboxUrl: string;
  print?: (line: string) => void;
}): Mailer => ({
  send: async (message) => {
    await insertOutboxMail(opts.db, message, opts.clock.now().toISOString());
    opts.print?.(`Mail to ${message.to}: "${message.subject}". Read it at ${opts.mailboxUrl}\n`);
  },
});
