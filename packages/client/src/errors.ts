/** A message of a validation failure, for one field of the request. */
export type FieldProblem = { field: string; message: string };

/**
 * An answer the API refused, or no answer at all. `code` is stable (`TEMPLATE_NOT_FOUND`,
 * `QUOTA_EXCEEDED`, …; `NETWORK_ERROR` when the server could not be reached), `message` is
 * written for a person, `requestId` names the request in the server's logs.
 */
export class PlatenError extends Error {
  override readonly name = 'PlatenError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
  }
}

type ErrorBody = { code?: unknown; message?: unknown; fields?: unknown };

/** The error a failed answer stands for, from its `{ status, code, message }` body. */
export const errorOf = async (response: Response): Promise<PlatenError> => {
  const requestId = response.headers.get('x-request-id');
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  return new PlatenError(
    response.status,
    typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
    typeof body.message === 'string' ? body.message : response.statusText,
    requestId,
    Array.isArray(body.fields) ? (body.fields as FieldProblem[]) : [],
  );
};
