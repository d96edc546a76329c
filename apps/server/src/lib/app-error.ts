import type { ErrorCode, ErrorResponse } from '@platen/contract';

/**
 * The one error type services throw. The error handler turns it into
 * `{ status, code, message }`; `message` is shown to a person as is.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer's body, e.g. the `changes` a publish was refused for. */
    readonly details: Pick<ErrorResponse, 'changes' | 'items' | 'fields'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError('UNAUTHORIZED', 401, message);
