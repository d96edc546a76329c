import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a call proves who is asking: nothing, the bearer session token, an account's API key, or
 * either of the last two (calls made by integrations and by the web app alike).
 */
export type EndpointAuth = 'none' | 'bearer' | 'apiKey' | 'apiKeyOrBearer';

/** The error statuses the API answers with; each answer's body is an `errorResponse`. */
export const errorStatuses = [
  400, 401, 402, 403, 404, 409, 413, 414, 415, 422, 429, 502, 503,
] as const;
export type ErrorStatus = (typeof errorStatuses)[number];

/** The types of the files calls answer with (`produces`). */
export type FileType = 'application/pdf' | 'application/zip' | 'application/octet-stream';

/** Headers a success answer can carry besides `x-request-id`, which every answer has. */
export type ResponseHeader =
  | 'x-fit-report'
  | 'x-fit-warnings'
  | 'x-template-version'
  | 'x-ratelimit-limit'
  | 'x-ratelimit-remaining'
  | 'x-ratelimit-reset'
  | 'content-disposition'
  | 'idempotent-replayed';

/**
 * One HTTP call of the API. The server registers routes from these descriptors, the web client
 * calls them and the API document describes them, so all three agree.
 *
 * @example
 * const { method, path, body } = login; // 'POST', '/v1/auth/login', z.object({ email, password })
 */
export type Endpoint = {
  method: HttpMethod;
  /** Fastify-style path: `/v1/template/:templateName`. */
  path: string;
  /** The call's name in the API document: generated clients name their methods after it. */
  operationId: string;
  summary: string;
  tag: string;
  auth: EndpointAuth;
  /** `false`: the call is never authenticated by a cookie, so it needs no XSRF header. */
  csrf?: false;
  /**
   * `false`: the call answers without the database or any service behind the API, so an outage of
   * one never makes it answer 503. Every other call may (`SERVICE_UNAVAILABLE`, with Retry-After).
   */
  database?: false;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Content type of the request when it is not JSON. */
  consumes?: 'multipart/form-data';
  /** The parts of a multipart request, for the API document (the server reads them itself). */
  upload?: z.ZodType;
  /** The answer is a file of this type, not JSON; `response` then only describes it. */
  produces?: FileType | readonly FileType[];
  /** The success status when it is not 200 (202: the work goes on after the answer). */
  status?: 202;
  /**
   * The answer carries a credential (tokens, an API key, a payment page's token, a signed link
   * that works without credentials) or a user's file, so the server answers with
   * `Cache-Control: no-store` and no cache keeps a copy.
   */
  noStore?: true;
  response: z.ZodType;
  /** Headers of the success answer. */
  headers?: readonly ResponseHeader[];
  /**
   * Error statuses this call answers with besides the ones every call of its kind can give
   * (400 for bad input, 401 without valid credentials, 403 without the XSRF header, 413 and 415
   * for a body too large or of the wrong type, 414 for a path parameter too long).
   */
  errors?: readonly ErrorStatus[];
  /**
   * The call takes an `Idempotency-Key` header: a repeated call with the same key and body gets
   * the first successful answer again instead of doing the work twice (the server's idempotency
   * plugin; 409 and 422 are then among its errors).
   */
  idempotent?: true;
  /**
   * Asked with `Prefer: respond-async`, the call answers 202 with a job instead of its result. An
   * `Idempotency-Key` then belongs to the mode too: the same key used with and without the
   * preference is refused (422), never answered with the other mode's answer.
   */
  respondAsync?: true;
};
