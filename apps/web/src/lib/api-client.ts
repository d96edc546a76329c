import { csrf, refresh, type Endpoint, type TokenPair } from '@platen/contract';
import type { z } from 'zod';
import { ApiError, networkError, toApiError } from './api-error.ts';
import * as session from './session.ts';

type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

export type RequestOptions<E extends Endpoint> = {
  /** Values for the `:name` segments of the endpoint's path. */
  params?: Record<string, string>;
  body?: BodyOf<E> | FormData;
  signal?: AbortSignal;
  /** Extra request headers, such as the template's x-api-key for document generation. */
  headers?: Record<string, string>;
};

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** What the client needs from the browser; tests pass fakes. */
export type ApiClientDeps = {
  fetch: typeof fetch;
  /** The value of the XSRF-TOKEN cookie, if the server has set one. */
  readCsrfCookie: () => string | undefined;
  findAccessToken: () => string | undefined;
  findRefreshToken: () => string | undefined;
  storeTokens: (pair: TokenPair) => void;
  clearTokens: () => void;
  /** The session is over (refresh failed, or the token was refused): go to the login page. */
  onSessionEnded: () => void;
  /** True while the page is being left: the browser then cancels requests, which is no outage. */
  isPageUnloading?: () => boolean;
  baseUrl?: string;
};

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Calls the session authenticates: the app's own (`bearer`) and those integrations make with an
 * API key that the signed-in app makes with its session (`apiKeyOrBearer`, such as batch jobs).
 */
const usesSession = (endpoint: Endpoint): boolean =>
  endpoint.auth === 'bearer' || endpoint.auth === 'apiKeyOrBearer';

export const fillPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The one way the app talks to the API (conventions.md#the-api-contract): fills the path, adds the bearer token and
 * the XSRF header, turns error bodies into ApiError, and parses answers with the contract.
 * An expired access token is renewed once through POST /v1/auth/refresh (product.md#where-we-differ-from-the-first-specification-and-why);
 * if that fails, or a guarded call is refused, the tokens are removed and the session ends.
 */
export const createApiClient = (deps: ApiClientDeps) => {
  let refreshing: Promise<boolean> | undefined;

  const send = async (
    endpoint: Endpoint,
    options: {
      params?: Record<string, string>;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    },
  ): Promise<Response> => {
    const headers = new Headers({
      accept: 'application/json, application/problem+json',
      ...options.headers,
    });
    const isFormData = options.body instanceof FormData;
    if (options.body !== undefined && !isFormData) headers.set('content-type', 'application/json');
    const token = usesSession(endpoint) ? deps.findAccessToken() : undefined;
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (!SAFE_METHODS.has(endpoint.method)) {
      headers.set('x-xsrf-token', await csrfToken());
    }
    const body =
      options.body === undefined
        ? undefined
        : isFormData
          ? (options.body as FormData)
          : JSON.stringify(options.body);
    try {
      return await deps.fetch(`${deps.baseUrl ?? ''}${fillPath(endpoint.path, options.params)}`, {
        method: endpoint.method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw networkError();
    }
  };

  /** The server sets the cookie on any answer; before the first one, ask for it explicitly. */
  const csrfToken = async (): Promise<string> => {
    const cookie = deps.readCsrfCookie();
    if (cookie) return cookie;
    const response = await send(csrf, {});
    const body = await readJson(response);
    const parsed = csrf.response.safeParse(body);
    return deps.readCsrfCookie() ?? (parsed.success ? parsed.data.csrfToken : '');
  };

  const renewTokens = async (): Promise<boolean> => {
    const refreshToken = deps.findRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await send(refresh, { body: { refreshToken } });
      if (!response.ok) return false;
      const pair = refresh.response.safeParse(await readJson(response));
      if (!pair.success) return false;
      deps.storeTokens(pair.data);
      return true;
    } catch {
      return false;
    }
  };

  /** Concurrent calls that all hit TOKEN_EXPIRED share one refresh (a refresh token works once). */
  const renewOnce = (): Promise<boolean> => {
    refreshing ??= renewTokens().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const endSession = () => {
    deps.clearTokens();
    deps.onSessionEnded();
  };

  /** Sends a call, renewing the token once if needed; answers only successful responses. */
  const exchange = async <E extends Endpoint>(
    endpoint: E,
    options: RequestOptions<E>,
  ): Promise<{ response: Response; readBody: () => Promise<unknown> }> => {
    const isGuarded = usesSession(endpoint);
    let response: Response;
    try {
      response = await send(endpoint, options);
    } catch (error) {
      const isOutage = error instanceof ApiError && !deps.isPageUnloading?.();
      if (isOutage && isGuarded && endpoint.method === 'GET') endSession();
      throw error;
    }
    if (response.ok) return { response, readBody: () => readJson(response) };
    let body = await readJson(response);
    if (response.status === 401 && isGuarded && toApiError(401, body).code === 'TOKEN_EXPIRED') {
      if (!(await renewOnce())) {
        endSession();
        throw toApiError(401, body);
      }
      response = await send(endpoint, options);
      if (response.ok) return { response, readBody: () => readJson(response) };
      body = await readJson(response);
    }
    const error = toApiError(response.status, body);
    if (response.status === 401 && isGuarded) endSession();
    throw error;
  };

  const request = async <E extends Endpoint>(
    endpoint: E,
    options: RequestOptions<E> = {},
  ): Promise<ResponseOf<E>> => {
    const { readBody } = await exchange(endpoint, options);
    return endpoint.response.parse(await readBody()) as ResponseOf<E>;
  };

  /**
   * For calls that answer a file (PDF download and generation): the body as a Blob. Error
   * answers are JSON even then, and become an ApiError with the server's message.
   */
  const requestBlob = async <E extends Endpoint>(
    endpoint: E,
    options: RequestOptions<E> = {},
  ): Promise<Blob> => (await exchange(endpoint, options)).response.blob();

  /** Like requestBlob, with the answer's headers (a generated PDF's fit report and version). */
  const requestFile = async <E extends Endpoint>(
    endpoint: E,
    options: RequestOptions<E> = {},
  ): Promise<{ blob: Blob; headers: Headers }> => {
    const { response } = await exchange(endpoint, options);
    return { blob: await response.blob(), headers: response.headers };
  };

  return { request, requestBlob, requestFile };
};

const readCookie = (name: string): string | undefined => {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
};

let sessionEndedHandler: () => void = () => window.location.assign('/login');

let isPageUnloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (isPageUnloading = true));
  window.addEventListener('pagehide', () => (isPageUnloading = true));
  window.addEventListener('pageshow', () => (isPageUnloading = false));
}

/** The router registers how to go to /login without a full page load. */
export const setSessionEndedHandler = (handler: () => void): void => {
  sessionEndedHandler = handler;
};

const browserClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  readCsrfCookie: () => readCookie('XSRF-TOKEN'),
  findAccessToken: () => session.findAccessToken(),
  findRefreshToken: () => session.findRefreshToken(),
  storeTokens: (pair) => session.storeTokens(pair),
  clearTokens: () => session.clearTokens(),
  onSessionEnded: () => sessionEndedHandler(),
  isPageUnloading: () => isPageUnloading,
});

/** Calls one endpoint of the contract with the browser's session. */
export const request = browserClient.request;

/** Calls an endpoint that answers a file, with the browser's session. */
export const requestBlob = browserClient.requestBlob;
export const requestFile = browserClient.requestFile;
