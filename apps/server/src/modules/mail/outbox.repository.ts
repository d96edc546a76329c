import type { Db } from '../../db/tables.ts';
import type { MailMessage } from './mailer.ts';

export type StoredMail = MailMessage & { createdAt: string };

export const insertOutboxMail = async (db: Db, mail: MailMessage, createdAt: string) => {
  await db
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: createdAt,
    })
    .execute();
};

/** Newest last, as a mailbox reads top to bottom. */
export const listOutboxMails = async (db: Db, limit = 200): Promise<StoredMail[]> => {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: row.created_at,
  }));
};
