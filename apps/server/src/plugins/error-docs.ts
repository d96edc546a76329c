import { ERROR_DOCS_PATH, errorCatalog, errorCodes } from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problemTypeOf } from '../lib/problem-details.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// The catalog marks names of headers, fields and calls as Markdown code spans.
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]*)`/g, '<code>$1</code>');

// Inline styles only: the CSP allows them, and the page needs no script.
const STYLE = `body{font-family:system-ui,sans-serif;color:#1a1b1e;max-width:820px;margin:2rem auto;padding:0 1rem;line-height:1.5}
dt{font-family:ui-monospace,monospace;font-weight:700;margin-top:1.25rem}dt span{font-family:system-ui,sans-serif;font-weight:400;color:#495057}
dd{margin:.25rem 0 0 0}code{background:#f1f3f5;padding:0 .25rem;border-radius:4px}:target{background:#fff3bf}`;

/** The page every problem `type` points to: each code, its title and what it means. */
const errorDocsPage = (appUrl: string) => {
  // In the contract's order (an object would put the numeric codes first).
  const entries = errorCodes.map((code) => {
    const { title, meaning } = errorCatalog[code];
    return (
      `<dt id="${escapeHtml(code)}">${escapeHtml(code)} <span>${escapeHtml(title)}</span></dt>` +
      `<dd>${withCode(meaning)}</dd>`
    );
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Platen API errors</title><style>${STYLE}</style></head>
<body><main><h1>Errors</h1>
<p>Every error answer is problem details (RFC 9457), <code>Content-Type: application/problem+json</code>:
<code>type</code> is this page with the code as its fragment (<code>${escapeHtml(problemTypeOf(appUrl, 'TEMPLATE_NOT_FOUND'))}</code>),
<code>title</code> the code's title below, <code>status</code> the HTTP status, <code>detail</code> what went
wrong with this request and <code>instance</code> the request's id as a URN. <code>code</code>,
<code>message</code> (the same text as <code>detail</code>), <code>requestId</code> and, where they apply,
<code>fields</code>, <code>items</code> and <code>changes</code> are kept beside them. Branch on <code>code</code>
(or <code>type</code>); show <code>detail</code> to a person. The full reference is at <a href="/docs">/docs</a>.</p>
<dl>${entries.join('\n')}</dl></main></body></html>`;
};

/** Serves the error page at `/docs/errors`, beside the API reference. */
const errorDocs = async (app: FastifyInstance, opts: { appUrl: string }) => {
  const page = errorDocsPage(opts.appUrl);
  app.get(ERROR_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
};

export default fp(errorDocs, { name: 'error-docs' });
