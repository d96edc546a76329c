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
    /**
     * What the refusal names first: the label of the field at fault, or the template's name (its
     * id) when the template itself is refused. Not part of the answer; a batch lists it as the
     * `field` of each item that failed with this refusal.
     */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError('UNAUTHORIZED', 401, message);
