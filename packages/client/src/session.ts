import { createCall } from './api.ts';
import { PlatenError } from './errors.ts';
import { documentOf, type Http, type SendOptions } from './http.ts';
import { templateCalls, type TemplateCalls } from './templates.ts';
import type { GeneratedDocument } from './types.ts';

type TokenPair = { token: string; refreshToken: string };

/** The calls of a signed-in person: the template calls, and what only a person does. */
export type PlatenSession = {
  templates: TemplateCalls;
  /** A SAMPLE-marked PDF filled with the template's example payload; not counted. */
  tryout: (name: string) => Promise<GeneratedDocument>;
  signOut: () => Promise<void>;
};

const XSRF_COOKIE = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/;

/**
 * The XSRF token the server handed out: from the answer's Set-Cookie on servers, from the
 * cookie jar in browsers (where the browser also sends the cookie itself).
 */
const xsrfTokenOf = (response: Response): string => {
  const cookies = response.headers.getSetCookie?.() ?? [];
  for (const cookie of [...cookies, globalThis.document?.cookie ?? '']) {
    const token = XSRF_COOKIE.exec(cookie)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new PlatenError(0, 'XSRF_TOKEN_MISSING', 'The server did not hand out an XSRF token.');
};

/**
 * Signs in and answers the session's calls. Every call that is not a GET echoes the XSRF token
 * (the API's double-submit rule); an expired access token is refreshed once, by one refresh at a
 * time, since refresh tokens are single-use and a replayed one ends the session.
 */
export const signIn = async (
  http: Http,
  email: string,
  password: string,
): Promise<PlatenSession> => {
  const xsrf = xsrfTokenOf(await http('GET', '/v1/auth/csrf'));
  const xsrfHeaders = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const post = (url: string, json: unknown) => http('POST', url, { headers: xsrfHeaders, json });

  let tokens = (await (await post('/v1/auth/login', { email, password })).json()) as TokenPair;
  let refreshing: Promise<void> | undefined;
  const refresh = (expired: string) => {
    if (tokens.token !== expired) return Promise.resolve();
    refreshing ??= post('/v1/auth/refresh', { refreshToken: tokens.refreshToken })
      .then(async (response) => {
        tokens = (await response.json()) as TokenPair;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  const call = async (method: string, url: string, options: SendOptions = {}) => {
    const send = () =>
      http(method, url, {
        ...options,
        headers: {
          ...(method === 'GET' ? {} : xsrfHeaders),
          authorization: `Bearer ${tokens.token}`,
          ...options.headers,
        },
      });
    const used = tokens.token;
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof PlatenError) || error.code !== 'TOKEN_EXPIRED') throw error;
      await refresh(used);
      return send();
    }
  };
  const operation = createCall(call);

  return {
    templates: templateCalls(operation),
    tryout: async (name) =>
      documentOf(await operation('tryoutDocument', { json: { templateName: name } })),
    signOut: async () => {
      await post('/v1/auth/logout', { refreshToken: tokens.refreshToken });
    },
  };
};
