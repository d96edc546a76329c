import type { ErrorCode } from './errors.ts';

/**
 * What each error code means, for the problem details' `title` (the same for every occurrence of
 * a code, RFC 9457 §3.1.3) and for the page its `type` points to (`/docs/errors#CODE`). The
 * `message` of an answer says what went wrong with that request; this says what the code is.
 * A `Record` over every code, so a new code cannot be added without its entry.
 */
export const errorCatalog: Record<ErrorCode, { title: string; meaning: string }> = {
  VALIDATION_ERROR: {
    title: 'Invalid request',
    meaning:
      'A parameter, header or body value does not match what the call accepts. `fields` names each one with its message.',
  },
  MALFORMED_JSON: {
    title: 'Malformed JSON',
    meaning: 'The request body is not valid JSON, or is empty where JSON is expected.',
  },
  PAYLOAD_TOO_LARGE: {
    title: 'Request too large',
    meaning: 'The body or the uploaded file is over the size the call accepts.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    title: 'Unsupported content type',
    meaning:
      'The body is sent in a content type this call does not read: JSON (`application/json`) or, for uploads, `multipart/form-data`.',
  },
  NOT_FOUND: { title: 'Not found', meaning: 'No call of the API answers this method and path.' },
  FORBIDDEN: {
    title: 'Forbidden',
    meaning:
      'The call is not allowed from where it was made (operator calls answer on loopback only).',
  },
  BAD_URL: {
    title: 'Invalid address',
    meaning: 'The path is not a valid URL: a `%` must start an escape such as `%20`.',
  },
  URI_TOO_LONG: {
    title: 'Address too long',
    meaning: 'A part of the path is longer than 100 characters.',
  },
  MALFORMED_REQUEST: {
    title: 'Malformed request',
    meaning: 'The request is not valid HTTP (or has no `Host` header); the connection is closed.',
  },
  HEADERS_TOO_LARGE: {
    title: 'Headers too large',
    meaning: 'The request headers are over the server’s limit.',
  },
  REQUEST_TIMEOUT: {
    title: 'Request timeout',
    meaning: 'The request did not arrive completely in time.',
  },
  METHOD_NOT_ALLOWED: {
    title: 'Method not allowed',
    meaning: 'The path exists but does not answer this method.',
  },
  UNAUTHORIZED: {
    title: 'Not signed in',
    meaning: 'The call needs a session (a bearer token) or an API key, and none valid was sent.',
  },
  TOKEN_EXPIRED: {
    title: 'Session expired',
    meaning:
      'The bearer token has expired: renew it with `POST /v1/auth/refresh` and repeat the call.',
  },
  CSRF_TOKEN_INVALID: {
    title: 'Missing or wrong XSRF token',
    meaning:
      'A call with a session that changes something must send `X-XSRF-TOKEN` equal to the `XSRF-TOKEN` cookie. Calls with an API key need none.',
  },
  RATE_LIMITED: {
    title: 'Too many requests',
    meaning: 'Too many calls or attempts in a short time: wait for `Retry-After` seconds.',
  },
  EMAIL_TAKEN: {
    title: 'E-mail already registered',
    meaning: 'An account with this e-mail address exists.',
  },
  INVALID_CREDENTIALS: {
    title: 'Wrong e-mail or password',
    meaning: 'No account matches this e-mail and password.',
  },
  INVALID_REFRESH_TOKEN: {
    title: 'Invalid refresh token',
    meaning: 'The refresh token is unknown, used already or revoked: sign in again.',
  },
  RESET_CODE_INVALID: {
    title: 'Invalid reset code',
    meaning: 'The password reset code is wrong or has expired.',
  },
  CONFIRMATION_CODE_INVALID: {
    title: 'Invalid confirmation code',
    meaning: 'The e-mail confirmation code is wrong or has expired.',
  },
  EMAIL_ALREADY_CONFIRMED: {
    title: 'E-mail already confirmed',
    meaning: 'The account’s e-mail address is confirmed already.',
  },
  WRONG_PASSWORD: {
    title: 'Wrong password',
    meaning: 'The current password given to confirm a change is not the account’s.',
  },
  INVALID_IMAGE: {
    title: 'Invalid picture',
    meaning: 'The picture is not a PNG, JPEG, WebP or GIF the server can read, or is too large.',
  },
  TEMPLATE_NOT_FOUND: {
    title: 'Template not found',
    meaning: 'The account has no template of this name (or id).',
  },
  TEMPLATE_NAME_TAKEN: {
    title: 'Template name taken',
    meaning: 'The account has a template of this name already.',
  },
  TEMPLATE_CHANGED: {
    title: 'Template changed',
    meaning: 'The template was changed while the call ran: reload it and try again.',
  },
  EDIT_CONFLICT: {
    title: 'Edit conflict',
    meaning:
      'The change was made on a revision that is no longer the latest: reload, reapply, send again.',
  },
  BREAKING_CHANGES: {
    title: 'Breaking changes',
    meaning:
      'Publishing would remove, rename or retype fields integrations use. `changes` lists them; send `acceptBreaking` to publish anyway.',
  },
  NOTHING_TO_PUBLISH: {
    title: 'Nothing to publish',
    meaning: 'The draft is the same as the latest published version.',
  },
  VERSION_NOT_FOUND: {
    title: 'Version not found',
    meaning: 'The template has no published version of this number.',
  },
  INVALID_PDF: { title: 'Invalid PDF', meaning: 'The file is not a PDF the server can read.' },
  PDF_ENCRYPTED: {
    title: 'Encrypted PDF',
    meaning: 'The PDF needs a password to open.',
  },
  PDF_TOO_MANY_PAGES: {
    title: 'Too many pages',
    meaning: 'The PDF has more pages than a template may have.',
  },
  PDF_UNSUPPORTED: {
    title: 'Unsupported PDF',
    meaning: 'The PDF uses something the engine cannot fill or render.',
  },
  PDF_TOO_COMPLEX: {
    title: 'PDF too complex',
    meaning: 'Processing the PDF took more time or memory than one task may use.',
  },
  INVALID_FIELDS: {
    title: 'Invalid fields',
    meaning:
      'The template’s fields, as sent, are not valid (a box off its page, a duplicate label).',
  },
  INVALID_VALUES: {
    title: 'Invalid values',
    meaning: 'A value does not suit its field (wrong type, not a choice, a date that is not one).',
  },
  UNKNOWN_FIELDS: {
    title: 'Unknown fields',
    meaning:
      'The payload names labels the template version does not have; the message names each with the closest existing label.',
  },
  TEXT_DOES_NOT_FIT: {
    title: 'Text does not fit',
    meaning: 'With `strict`, a text does not fit its box even at the smallest size.',
  },
  MISSING_GLYPHS: {
    title: 'Missing characters',
    meaning: 'A text has characters the field’s font cannot draw.',
  },
  IMAGE_NOT_ALLOWED: {
    title: 'Image not allowed',
    meaning:
      'An image value is not a data: URI or https:// URL of a PNG, JPEG, WebP or GIF, or is too large.',
  },
  INVALID_API_KEY: {
    title: 'Invalid API key',
    meaning: 'The `x-api-key` header is missing or holds no current key.',
  },
  QUOTA_EXCEEDED: {
    title: 'Quota exceeded',
    meaning: 'The account has used the documents its plan allows this period.',
  },
  SERVICE_UNAVAILABLE: {
    title: 'Service unavailable',
    meaning:
      'A service behind the API (the database, the job queue, the result store) is briefly away; nothing was wrong with the request. Try again after `Retry-After` seconds: reads (GET), PUT and DELETE, and a call with an `Idempotency-Key` repeated with the same key, are safe to retry.',
  },
  INTERNAL_ERROR: {
    title: 'Internal error',
    meaning: 'Something failed on the server; quote `requestId` when reporting it.',
  },
  PLAN_NOT_FOUND: { title: 'Plan not found', meaning: 'There is no plan of this name.' },
  FREE_PLAN: {
    title: 'Free plan',
    meaning: 'The free plan needs no checkout and has no billing portal.',
  },
  PLAN_ACTIVE: {
    title: 'Plan active',
    meaning: 'The account has an active paid plan already.',
  },
  PLAN_ENDING: {
    title: 'Plan ending',
    meaning: 'The paid plan is cancelled and ends at the date in the message.',
  },
  ALREADY_SUBSCRIBED: {
    title: 'Already subscribed',
    meaning: 'The account is subscribed to this plan already.',
  },
  NOTHING_TO_CANCEL: {
    title: 'Nothing to cancel',
    meaning: 'The account has no paid plan to cancel.',
  },
  VOUCHER_INVALID: { title: 'Invalid voucher', meaning: 'The voucher code is unknown or used up.' },
  VOUCHER_ALREADY_REDEEMED: {
    title: 'Voucher already redeemed',
    meaning: 'The account has redeemed this voucher already.',
  },
  PAYMENTS_UNAVAILABLE: {
    title: 'Payments unavailable',
    meaning: 'Card payments are not set up on this server.',
  },
  PAYMENT_PROVIDER_ERROR: {
    title: 'Payment provider error',
    meaning: 'The payment provider did not answer as expected; trying later may work.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    title: 'Invalid signature',
    meaning: 'A payment provider’s notification did not carry a valid signature.',
  },
  PAYMENT_SESSION_INVALID: {
    title: 'Invalid payment session',
    meaning: 'The checkout session is unknown or has ended.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    title: 'Invalid Idempotency-Key',
    meaning: 'The `Idempotency-Key` header is empty, too long or has characters it may not have.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    title: 'Idempotency-Key reused',
    meaning: 'The key was used before with a different call or body.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    title: 'Idempotent call in progress',
    meaning: 'A call with this key is still running: wait for `Retry-After` seconds and repeat it.',
  },
  INVALID_ITEMS: {
    title: 'Invalid batch items',
    meaning: 'Items of the batch were refused before it started; `items` lists them by index.',
  },
  JOB_NOT_FOUND: { title: 'Job not found', meaning: 'The account has no job of this id.' },
  JOB_ENDED: {
    title: 'Job ended',
    meaning: 'The job has ended (succeeded, failed or cancelled) and cannot be cancelled.',
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    title: 'Webhook endpoint not found',
    meaning: 'The account has no webhook endpoint of this id.',
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    title: 'Webhook delivery not found',
    meaning: 'The account has no webhook delivery of this id.',
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    title: 'Webhook URL not allowed',
    meaning: 'The URL is not https, carries credentials, or points at a private address.',
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    title: 'Webhook endpoint disabled',
    meaning: 'The endpoint is disabled: enable it before sending to it.',
  },
  WEBHOOK_ENDPOINT_LIMIT: {
    title: 'Too many webhook endpoints',
    meaning: 'The account has as many webhook endpoints as it may have.',
  },
  '40010': {
    title: 'Customer ID not found',
    meaning: 'The billing portal needs a payment provider customer, and the account has none.',
  },
  '40012': {
    title: 'Email not confirmed',
    meaning: 'Checkout needs a confirmed e-mail address.',
  },
};
