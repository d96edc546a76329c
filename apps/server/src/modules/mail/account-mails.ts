import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}<p style="color:#868e96">Platen</p></body></html>`;

export const confirmationCodeMail = (opts: {
  to: string;
  firstName: string;
  code: string;
  validMinutes: number;
}): MailMessage => ({
  to: opts.to,
  subject: 'Your Platen confirmation code',
  text: [
    `Hello ${opts.firstName},`,
    `your code to confirm this e-mail address is: ${opts.code}`,
    `Enter it on your profile page. It works for ${opts.validMinutes} minutes.`,
  ].join('\n\n'),
  html: layout([
    `Hello ${escapeHtml(opts.firstName)},`,
    `your code to confirm this e-mail address is:`,
    `<strong style="font-size:24px;letter-spacing:4px">${escapeHtml(opts.code)}</strong>`,
    `Enter it on your profile page. It works for ${opts.validMinutes} minutes.`,
  ]),
});

export const passwordResetMail = (opts: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
}): MailMessage => ({
  to: opts.to,
  subject: 'Reset your Platen password',
  text: [
    `Hello ${opts.firstName},`,
    `open this link to choose a new password: ${opts.link}`,
    `It works once, for ${opts.validMinutes} minutes. If you did not ask for it, ignore this e-mail.`,
  ].join('\n\n'),
  html: layout([
    `Hello ${escapeHtml(opts.firstName)},`,
    `<a href="${escapeHtml(opts.link)}">Choose a new password</a>`,
    `It works once, for ${opts.validMinutes} minutes. If you did not ask for it, ignore this e-mail.`,
  ]),
});

export const accountDeletedMail = (opts: { to: string; firstName: string }): MailMessage => ({
  to: opts.to,
  subject: 'Your Platen account has been deleted',
  text: [
    `Hello ${opts.firstName},`,
    'your Platen account has been deleted, as you asked: its templates, API key and sessions are gone, and a paid plan has been cancelled.',
    'You can register again with this e-mail address at any time. If you did not delete your account, reply to this e-mail.',
  ].join('\n\n'),
  html: layout([
    `Hello ${escapeHtml(opts.firstName)},`,
    'your Platen account has been deleted, as you asked: its templates, API key and sessions are gone, and a paid plan has been cancelled.',
    'You can register again with this e-mail address at any time. If you did not delete your account, reply to this e-mail.',
  ]),
});

export const webhookFailingMail = (opts: {
  to: string;
  firstName: string;
  endpointUrl: string;
  eventType: string;
  attempts: number;
  settingsLink: string;
}): MailMessage => ({
  to: opts.to,
  subject: 'A Platen webhook endpoint is failing',
  text: [
    `Hello ${opts.firstName},`,
    `a ${opts.eventType} event could not be delivered to ${opts.endpointUrl} after ${opts.attempts} tries.`,
    `See the endpoint's deliveries and resend them in Settings: ${opts.settingsLink}`,
  ].join('\n\n'),
  html: layout([
    `Hello ${escapeHtml(opts.firstName)},`,
    `a ${escapeHtml(opts.eventType)} event could not be delivered to <strong>${escapeHtml(opts.endpointUrl)}</strong> after ${opts.attempts} tries.`,
    `<a href="${escapeHtml(opts.settingsLink)}">See the endpoint's deliveries and resend them</a>`,
  ]),
});

/** The export's ZIP is only downloadable from the profile page, so the mail carries no link to it. */
export const accountExportReadyMail = (opts: {
  to: string;
  firstName: string;
  profileUrl: string;
  availableUntil: string;
}): MailMessage => ({
  to: opts.to,
  subject: 'Your Platen data export is ready',
  text: [
    `Hello ${opts.firstName},`,
    `the export of your account's data is ready. Sign in and download it from your profile page: ${opts.profileUrl}`,
    `It can be downloaded until ${opts.availableUntil}; then it is deleted. If you did not ask for it, change your password.`,
  ].join('\n\n'),
  html: layout([
    `Hello ${escapeHtml(opts.firstName)},`,
    `the export of your account's data is ready. Sign in and download it from <a href="${escapeHtml(opts.profileUrl)}">your profile page</a>.`,
    `It can be downloaded until ${escapeHtml(opts.availableUntil)}; then it is deleted. If you did not ask for it, change your password.`,
  ]),
});
