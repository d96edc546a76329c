import { errorResponse, type ErrorResponse } from '@platen/contract';

const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred.';

/** Every failed call becomes one of these: the server's `{ status, code, message, fields? }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ErrorResponse['fields'];
  /** `BREAKING_CHANGES`: what a publish would break. */
  readonly changes: ErrorResponse['changes'];

  constructor(body: ErrorResponse) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.code = body.code;
    this.fields = body.fields;
    this.changes = body.changes;
  }
}

/** Status 0: the request never got an answer (offline, server down, connection reset). */
export const networkError = () =>
  new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: 'The server cannot be reached. Please check your connection.',
  });

/** Turns any error answer into an ApiError, whether or not its body follows the contract. */
export const toApiError = (status: number, body: unknown): ApiError => {
  const parsed = errorResponse.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data);
  return new ApiError({ status, code: `HTTP_${status}`, message: FALLBACK_ERROR_MESSAGE });
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The message to show for any thrown value: the server's words when there are some. */
export const errorMessage = (error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string =>
  isApiError(error) && error.message ? error.message : fallback;
