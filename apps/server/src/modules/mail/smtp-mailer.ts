import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export const createSmtpMailer = (opts: { smtpUrl: string; from: string }): Mailer => {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from: opts.from, ...message });
    },
  };
};
