import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { refuseRemoteClients } from '../../plugins/loopback-only.ts';
import { listOutboxMails } from './outbox.repository.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The development mailbox: every mail the outbox kept, as JSON and as a page. Never registered
 * in production or when real SMTP is configured, and only shown to clients on this machine: the
 * mails hold reset links and codes.
 */
export const mailboxRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  app.addHook('onRequest', refuseRemoteClients);

  const options = { schema: { hide: true }, config: { noStore: true } };
  app.get('/dev/mailbox/messages', options, () => listOutboxMails(opts.deps.db));

  app.get('/dev/mailbox', options, async (_request, reply) => {
    const mails = (await listOutboxMails(opts.deps.db)).reverse();
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Platen dev mailbox</title>
<link rel="stylesheet" href="/dev/mailbox.css"></head>
<body><h1>Dev mailbox</h1><p>Mail sent while no SMTP server is configured, newest first.</p>
${items || '<p>No mail yet.</p>'}</body></html>`);
  });

  app.get('/dev/mailbox.css', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/css')
      .send(
        'body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}' +
          'article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}' +
          'h2{font-size:1.1rem;margin:0}.meta{color:#868e96;margin:.25rem 0}pre{white-space:pre-wrap;word-break:break-all}',
      ),
  );
};
