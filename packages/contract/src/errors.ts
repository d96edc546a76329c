import { z } from 'zod';

/**
 * Every error code the API answers with. Numeric codes are the ones SPEC.md names; the client
 * branches on them (`40012`, `40010`, `TOKEN_EXPIRED`). The rest are stable strings.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
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
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  '40010',
  '40012',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorResponse = z
  .object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    /** Per-field messages of a validation failure, in the order the fields were checked. */
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponse>;
