export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends e-mail. SMTP in production; the outbox (stored and shown at /dev/mailbox) otherwise. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };
