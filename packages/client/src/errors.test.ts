import { describe, expect, it } from 'vitest';
import { errorOf, PlatenError } from './errors.ts';

const answer = (body: unknown, contentType: string, status = 404) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: 'Not Found',
    headers: { 'content-type': contentType, 'x-request-id': 'from-header' },
  });

describe('errorOf', () => {
  it('reads problem details, keeping their members', async () => {
    const error = await errorOf(
      answer(
        {
          type: 'https://platen.example/docs/errors#TEMPLATE_NOT_FOUND',
          title: 'Template not found',
          status: 404,
          detail: 'There is no template named "Invoice".',
          instance: 'urn:uuid:abc',
          code: 'TEMPLATE_NOT_FOUND',
          message: 'There is no template named "Invoice".',
          requestId: 'abc',
        },
        'application/problem+json; charset=utf-8',
      ),
    );
    expect(error).toBeInstanceOf(PlatenError);
    expect(error).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
      message: 'There is no template named "Invoice".',
      requestId: 'abc',
      problem: {
        type: 'https://platen.example/docs/errors#TEMPLATE_NOT_FOUND',
        title: 'Template not found',
        instance: 'urn:uuid:abc',
      },
    });
  });

  it('reads the older JSON error, and an answer that is no error body at all', async () => {
    const older = await errorOf(
      answer({ status: 404, code: 'NOT_FOUND', message: 'Nothing here.' }, 'application/json'),
    );
    expect(older).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Nothing here.',
      requestId: 'from-header',
      problem: { type: null, title: null, instance: null },
    });
    const bare = await errorOf(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(bare).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });
});
