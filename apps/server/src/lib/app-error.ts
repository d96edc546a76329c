import type { ErrorCode, ErrorResponse } from '@platen/contract';

/**
 * The one error type services throw. The error handler turns it into
 * `{ status, code, message }`; `message` is shown to a person as is.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** More of the answer's body, e.g. the `changes` a publish was refused for. */
  readonly details: Pick<ErrorResponse, 'changes' | 'items' | 'fields'>;
  /**
   * What the refusal names first: the label of the field at fault, or the template's name (its
   * id) when the template itself is refused. Not part of the answer; a batch lists it as the
   * `field` of each item that failed with this refusal.
   */
  readonly field: string | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    headers: Record<string, string> = {},
    details: Pick<ErrorResponse, 'changes' | 'items' | 'fields'> = {},
    field?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.headers = headers;
    this.details = details;
    this.field = field;
  }
}

export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError('UNAUTHORIZED', 401, message);
