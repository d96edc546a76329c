import type { ErrorCode, ErrorStatus, ResponseHeader } from '@platen/contract';

/*
 * The API document's fixed parts: what each response header and each error status means, with an
 * example. openapi-document.ts puts them on the operations.
 */

export type HeaderName = ResponseHeader | 'x-request-id' | 'retry-after';

export const headers: Record<HeaderName, { component: string; description: string; type: string }> =
  {
    'x-request-id': {
      component: 'RequestId',
      description:
        "Names this request in the server's logs (also `requestId` in error bodies); quote it when reporting a problem.",
      type: 'string',
    },
    'x-fit-report': {
      component: 'FitReport',
      description:
        'How each value fitted its box, as JSON with non-ASCII characters escaped: for each field label, `{"result": "fitted"|"shrunk"|"wrapped"|"truncated"|"missing_glyphs", "fontSize": n}`, plus `missingGlyphs` and `missingCodePoints` when no font could print some characters.',
      type: 'string',
    },
    'x-fit-warnings': {
      component: 'FitWarnings',
      description:
        'Present when some values did not print whole: the number of fields whose `x-fit-report` result is `truncated` or `missing_glyphs`.',
      type: 'integer',
    },
    'x-template-version': {
      component: 'TemplateVersionFilled',
      description:
        'What the document was filled from: the published version number (`3`), or `draft`.',
      type: 'string',
    },
    'x-ratelimit-limit': {
      component: 'RateLimitLimit',
      description:
        "Calls the limit that applies allows in its window: on generate, the API key's calls a minute; on a 429, the limit that refused (test documents, say).",
      type: 'integer',
    },
    'x-ratelimit-remaining': {
      component: 'RateLimitRemaining',
      description: 'Calls that limit has left in its window (0 on the 429 it answered).',
      type: 'integer',
    },
    'x-ratelimit-reset': {
      component: 'RateLimitReset',
      description: 'Seconds until that window ends and the count starts again.',
      type: 'integer',
    },
    'retry-after': {
      component: 'RetryAfter',
      description: 'Seconds to wait before trying again.',
      type: 'integer',
    },
    'idempotent-replayed': {
      component: 'IdempotentReplayed',
      description:
        '`true` when this is the stored answer of an earlier call with the same `Idempotency-Key` and body (nothing was done or counted again).',
      type: 'string',
    },
    'content-disposition': {
      component: 'ContentDisposition',
      description: 'Names the file: `attachment; filename="<template name>.pdf"` (RFC 6266).',
      type: 'string',
    },
  };

type ErrorMeaning = {
  component: string;
  description: string;
  example: { code: ErrorCode | 'INTERNAL_ERROR'; message: string };
  headers?: HeaderName[];
};

export const errorMeanings: Record<ErrorStatus | 500, ErrorMeaning> = {
  400: {
    component: 'BadRequest',
    description:
      'The request is not valid: a value is missing or malformed (`fields` names each one with its message), or the input was refused (a PDF that cannot be used, an image that is not allowed).',
    example: { code: 'VALIDATION_ERROR', message: 'Please enter a valid email address.' },
  },
  401: {
    component: 'Unauthorized',
    description:
      'The credentials are missing, expired (`TOKEN_EXPIRED`: refresh the session) or wrong.',
    example: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' },
  },
  402: {
    component: 'PaymentRequired',
    description: "This month's documents of the plan are used up, or the subscription is not paid.",
    example: {
      code: 'QUOTA_EXCEEDED',
      message:
        'You have used all 100 documents of your FREE plan this month. Upgrade your plan to generate more.',
    },
  },
  403: {
    component: 'Forbidden',
    description:
      'The `X-XSRF-TOKEN` header is missing or differs from the `XSRF-TOKEN` cookie (`CSRF_TOKEN_INVALID`: call `GET /v1/auth/csrf` and echo the cookie), or the action is not open to this account.',
    example: {
      code: 'CSRF_TOKEN_INVALID',
      message: 'This request is missing its security token. Reload the page and try again.',
    },
  },
  404: {
    component: 'NotFound',
    description: 'What the call names does not exist in this account.',
    example: { code: 'TEMPLATE_NOT_FOUND', message: 'There is no template named "Invoice".' },
  },
  409: {
    component: 'Conflict',
    description:
      'The call conflicts with what exists: a name or e-mail already taken, a template changed since it was read, a plan already active, or a call with the same `Idempotency-Key` still running (`IDEMPOTENCY_IN_PROGRESS`: try again once it has finished).',
    example: { code: 'TEMPLATE_NAME_TAKEN', message: 'A template named "Invoice" already exists.' },
  },
  413: {
    component: 'PayloadTooLarge',
    description:
      'The body is larger than the server accepts (files: `MAX_UPLOAD_MB`, 20 MB by default).',
    example: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large. The limit is 20 MB.' },
  },
  414: {
    component: 'UriTooLong',
    description: 'A part of the address (a template name, an id) is longer than 100 characters.',
    example: {
      code: 'URI_TOO_LONG',
      message: 'A part of the address is longer than 100 characters.',
    },
  },
  415: {
    component: 'UnsupportedMediaType',
    description: 'The body is not of a content type this call takes.',
    example: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as multipart/form-data.' },
  },
  422: {
    component: 'UnprocessableContent',
    description:
      'Well-formed, but the work could not be done: the PDF is too complex to process in time, (with `strict`) a text does not fit its box even at 6 pt, or the `Idempotency-Key` was used before with a different body (`IDEMPOTENCY_KEY_REUSED`).',
    example: {
      code: 'TEXT_DOES_NOT_FIT',
      message: 'The text of "Address" does not fit its box, even at 6 pt.',
    },
  },
  429: {
    component: 'TooManyRequests',
    description: 'Too many requests or attempts: wait for `Retry-After` seconds.',
    example: {
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again in 15 minutes.',
    },
    headers: ['retry-after'],
  },
  500: {
    component: 'InternalError',
    description: 'Something failed on the server; `requestId` names it in the logs.',
    example: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' },
  },
  502: {
    component: 'BadGateway',
    description: 'The payment provider did not answer as expected; trying again later may work.',
    example: {
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'The payment provider did not answer as expected. Please try again in a moment.',
    },
  },
  503: {
    component: 'ServiceUnavailable',
    description:
      'A service behind the API is briefly unavailable (the database restarting or failing over, the PDF workers, the job queue, the result store, the payments): nothing was wrong with the request. Try again after `Retry-After` seconds; a call with an `Idempotency-Key` is safe to repeat with the same key.',
    example: {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    },
    headers: ['retry-after'],
  },
};
