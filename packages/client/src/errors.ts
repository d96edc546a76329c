/** A message of a validation failure, for one field of the request. */
export type FieldProblem = { field: string; message: string };

/** The problem details (RFC 9457) members of an error answer, when the server sent them. */
export type ProblemMembers = {
  /** A URI naming the code: its entry on the server's `/docs/errors` page. */
  type: string | null;
  /** What the code means, the same for every answer with it. */
  title: string | null;
  /** This occurrence: `urn:uuid:<requestId>`. */
  instance: string | null;
};

const NO_PROBLEM: ProblemMembers = { type: null, title: null, instance: null };

/**
 * An answer the API refused, or no answer at all. `code` is stable (`TEMPLATE_NOT_FOUND`,
 * `QUOTA_EXCEEDED`, …; `NETWORK_ERROR` when the server could not be reached), `message` is
 * written for a person (the problem's `detail`), `requestId` names the request in the server's
 * logs, and `problem` holds the other problem details members.
 */
export class PlatenError extends Error {
  override readonly name = 'PlatenError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly fields: FieldProblem[];
  readonly problem: ProblemMembers;

  constructor(
    status: number,
    code: string,
    message: string,
    requestId: string | null = null,
    fields: FieldProblem[] = [],
    problem: ProblemMembers = NO_PROBLEM,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.fields = fields;
    this.problem = problem;
  }
}

type ErrorBody = Record<string, unknown>;

const stringOr = <T>(value: unknown, otherwise: T): string | T =>
  typeof value === 'string' ? value : otherwise;

/**
 * The error a failed answer stands for, from its body: problem details
 * (`application/problem+json`) or the older `{ status, code, message }` JSON, which the problem
 * form carries as well.
 */
export const errorOf = async (response: Response): Promise<PlatenError> => {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  return new PlatenError(
    response.status,
    stringOr(body.code, `HTTP_${response.status}`),
    stringOr(body.message, stringOr(body.detail, response.statusText)),
    stringOr(body.requestId, response.headers.get('x-request-id')),
    Array.isArray(body.fields) ? (body.fields as FieldProblem[]) : [],
    {
      type: stringOr(body.type, null),
      title: stringOr(body.title, null),
      instance: stringOr(body.instance, null),
    },
  );
};
