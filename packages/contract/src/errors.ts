import { z } from 'zod';
import { fieldChange } from './field-change.ts';

/**
 * Every error code the API answers with. Numeric codes are the ones product.md#errors names; the client
 * branches on them (`40012`, `40010`, `TOKEN_EXPIRED`). The rest are stable strings.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'FORBIDDEN',
  'BAD_URL',
  'URI_TOO_LONG',
  'MALFORMED_REQUEST',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'METHOD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'CSRF_TOKEN_INVALID',
  'RATE_LIMITED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'RESET_CODE_INVALID',
  'CONFIRMATION_CODE_INVALID',
  'EMAIL_ALREADY_CONFIRMED',
  'WRONG_PASSWORD',
  'INVALID_IMAGE',
  'TEMPLATE_NOT_FOUND',
  'TEMPLATE_NAME_TAKEN',
  'TEMPLATE_CHANGED',
  'EDIT_CONFLICT',
  'BREAKING_CHANGES',
  'NOTHING_TO_PUBLISH',
  'VERSION_NOT_FOUND',
  'INVALID_PDF',
  'PDF_ENCRYPTED',
  'PDF_TOO_MANY_PAGES',
  'PDF_UNSUPPORTED',
  'PDF_TOO_COMPLEX',
  'INVALID_FIELDS',
  'INVALID_VALUES',
  'UNKNOWN_FIELDS',
  'TEXT_DOES_NOT_FIT',
  'MISSING_GLYPHS',
  'IMAGE_NOT_ALLOWED',
  'INVALID_API_KEY',
  'QUOTA_EXCEEDED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'PLAN_NOT_FOUND',
  'FREE_PLAN',
  'PLAN_ACTIVE',
  'PLAN_ENDING',
  'ALREADY_SUBSCRIBED',
  'NOTHING_TO_CANCEL',
  'VOUCHER_INVALID',
  'VOUCHER_ALREADY_REDEEMED',
  'PAYMENTS_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYMENT_SESSION_INVALID',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'INVALID_ITEMS',
  'JOB_NOT_FOUND',
  'JOB_ENDED',
  'WEBHOOK_ENDPOINT_NOT_FOUND',
  'WEBHOOK_DELIVERY_NOT_FOUND',
  'WEBHOOK_URL_NOT_ALLOWED',
  'WEBHOOK_ENDPOINT_DISABLED',
  'WEBHOOK_ENDPOINT_LIMIT',
  '40010',
  '40012',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** One item of a batch that produced no document, or was refused before the batch started. */
export const itemError = z.object({
  /** The item's position in `items`, from 0. */
  index: z.number().int(),
  /** The field whose value is wrong, when one is to blame. */
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ItemError = z.infer<typeof itemError>;

/** Where the page describing every error code is served, relative to the server's address. */
export const ERROR_DOCS_PATH = '/docs/errors';

/**
 * An error answer: problem details (RFC 9457, `application/problem+json`) whose members `type`,
 * `title`, `detail` and `instance` stand beside the older `code`, `message` and `requestId`, kept
 * as extension members so a reader of either form works.
 */
export const errorResponse = z
  .object({
    /** A URI per code, `<server>/docs/errors#<code>`: the page that says what the code means. */
    type: z.string().optional(),
    /** What the code means, the same for every answer with it (the catalog's title). */
    title: z.string().optional(),
    /** The HTTP status of the answer. */
    status: z.number().int(),
    /** What went wrong with this request, for a person: the same text as `message`. */
    detail: z.string().optional(),
    /** This occurrence: `urn:uuid:<requestId>`. */
    instance: z.string().optional(),
    code: z.string(),
    message: z.string(),
    /** Per-field messages of a validation failure, in the order the fields were checked. */
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    /** `BREAKING_CHANGES`: the changes a publish would make that break integrations. */
    changes: z.array(fieldChange).optional(),
    /** `INVALID_ITEMS`: the batch's items that were refused (the first 100), by index. */
    items: z.array(itemError).optional(),
    /**
     * Names the request in the server's logs (also sent as the `x-request-id` header), so a
     * reported failure can be found. Every server answer carries it; errors made by a client
     * itself (no answer at all) have none.
     */
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponse>;
