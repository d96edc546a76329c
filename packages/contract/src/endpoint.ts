import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call proves who is asking: nothing, the bearer session token, or a template API key. */
export type EndpointAuth = 'none' | 'bearer' | 'apiKey';

/**
 * One HTTP call of the API. The server registers routes from these descriptors and the web client
 * calls them, so both sides validate against the same schemas.
 *
 * @example
 * const { method, path, body } = login; // 'POST', '/v1/auth/login', z.object({ email, password })
 */
export type Endpoint = {
  method: HttpMethod;
  /** Fastify-style path: `/v1/template/:templateName`. */
  path: string;
  summary: string;
  tag: string;
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Content type of the request when it is not JSON. */
  consumes?: 'multipart/form-data';
  /**
   * The answer carries a credential (tokens, an API key, a payment page's token) or a user's file,
   * so the server answers with `Cache-Control: no-store` and no cache keeps a copy.
   */
  noStore?: true;
  response: z.ZodType;
};
