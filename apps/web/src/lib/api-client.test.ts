import { getProfile, listJobs, login, updateProfile, type TokenPair } from '@platen/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, fillPath } from './api-client.ts';
import { ApiError } from './api-error.ts';

const profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  title: 'Engineer',
  profilePic: '',
  emailConfirmed: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () =>
  json(401, { status: 401, code: 'TOKEN_EXPIRED', message: 'Your session has expired.' });

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fake browser: a fetch that answers by path, and a token store in memory. */
const setUp = (answer: (call: Call, calls: Call[]) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  let tokens: TokenPair | undefined = { token: 'old-access', refreshToken: 'old-refresh' };
  const onSessionEnded = vi.fn();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    };
    calls.push(call);
    return answer(call, calls);
  });
  const client = createApiClient({
    fetch,
    readCsrfCookie: () => 'csrf-cookie',
    findAccessToken: () => tokens?.token,
    findRefreshToken: () => tokens?.refreshToken,
    storeTokens: (pair) => (tokens = pair),
    clearTokens: () => (tokens = undefined),
    onSessionEnded,
  });
  return { client, calls, onSessionEnded, tokens: () => tokens };
};

const newPair = { token: 'new-access', refreshToken: 'new-refresh' };

describe('api client', () => {
  it('sends the bearer token, and the XSRF header on non-GET calls only', async () => {
    const { client, calls } = setUp((call) =>
      call.method === 'GET' ? json(200, profile) : json(200, profile),
    );
    await client.request(getProfile);
    await client.request(updateProfile, { body: { firstName: 'A', lastName: 'B', title: 'C' } });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer old-access');
    expect(calls[0]?.headers.get('x-xsrf-token')).toBeNull();
    expect(calls[1]?.headers.get('x-xsrf-token')).toBe('csrf-cookie');
    expect(calls[1]?.headers.get('content-type')).toBe('application/json');
  });

  it('does not send the bearer token to public calls', async () => {
    const { client, calls } = setUp(() => json(200, newPair));
    await client.request(login, { body: { email: 'a@b.co', password: 'secret' } });
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('sends the session to calls an API key or the session may make, and renews it there too', async () => {
    const noJobs = { jobs: [], page: 1, pageSize: 5, total: 0 };
    const { client, calls } = setUp((call) => {
      if (call.url === '/v1/auth/refresh') return json(200, newPair);
      return call.headers.get('authorization') === 'Bearer new-access'
        ? json(200, noJobs)
        : expired();
    });
    await expect(client.request(listJobs)).resolves.toEqual(noJobs);
    expect(calls.map((c) => [c.url, c.headers.get('authorization')])).toEqual([
      ['/v1/jobs', 'Bearer old-access'],
      ['/v1/auth/refresh', null],
      ['/v1/jobs', 'Bearer new-access'],
    ]);
  });

  it('renews an expired token once, stores the new pair and repeats the call', async () => {
    const { client, calls, tokens, onSessionEnded } = setUp((call) => {
      if (call.url === '/v1/auth/refresh') return json(200, newPair);
      return call.headers.get('authorization') === 'Bearer new-access'
        ? json(200, profile)
        : expired();
    });
    await expect(client.request(getProfile)).resolves.toEqual(profile);
    expect(calls.map((c) => c.url)).toEqual([
      '/v1/user/profile',
      '/v1/auth/refresh',
      '/v1/user/profile',
    ]);
    expect(calls[1]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(tokens()).toEqual(newPair);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('removes the tokens and ends the session when the refresh fails', async () => {
    const { client, tokens, onSessionEnded } = setUp((call) =>
      call.url === '/v1/auth/refresh'
        ? json(401, { status: 401, code: 'UNAUTHORIZED', message: 'Your session has ended.' })
        : expired(),
    );
    const error = await client.request(getProfile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('TOKEN_EXPIRED');
    expect(tokens()).toBeUndefined();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between calls that expire together', async () => {
    const { client, calls } = setUp((call) => {
      if (call.url === '/v1/auth/refresh') return json(200, newPair);
      return call.headers.get('authorization') === 'Bearer new-access'
        ? json(200, profile)
        : expired();
    });
    await Promise.all([client.request(getProfile), client.request(getProfile)]);
    expect(calls.filter((c) => c.url === '/v1/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when a guarded call is refused for another reason', async () => {
    const { client, tokens, onSessionEnded } = setUp(() =>
      json(401, { status: 401, code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }),
    );
    await expect(client.request(getProfile)).rejects.toMatchObject({ status: 401 });
    expect(tokens()).toBeUndefined();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('logs out on a network failure of a GET, not of a POST', async () => {
    const { client, onSessionEnded } = setUp(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      client.request(updateProfile, { body: { firstName: 'A', lastName: 'B', title: 'C' } }),
    ).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(onSessionEnded).not.toHaveBeenCalled();
    await expect(client.request(getProfile)).rejects.toMatchObject({ status: 0 });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when requests fail because the page is being left', async () => {
    const onSessionEnded = vi.fn();
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      readCsrfCookie: () => 'csrf-cookie',
      findAccessToken: () => 'access',
      findRefreshToken: () => 'refresh',
      storeTokens: () => undefined,
      clearTokens: () => undefined,
      onSessionEnded,
      isPageUnloading: () => true,
    });
    await expect(client.request(getProfile)).rejects.toMatchObject({ status: 0 });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('turns error bodies into typed errors, with a fallback for unknown bodies', async () => {
    const fields = [{ field: 'email', message: 'Please enter a valid email address.' }];
    const { client } = setUp((call) =>
      call.url === '/v1/auth/login'
        ? json(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Bad.', fields })
        : new Response('<html>oops</html>', { status: 502 }),
    );
    await expect(
      client.request(login, { body: { email: 'x', password: 'y' } }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Bad.', fields });
    await expect(client.request(getProfile)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'An unexpected error occurred.',
    });
  });

  it('reads problem details (application/problem+json) as it reads the older JSON errors', async () => {
    const problem = {
      type: 'https://platen.example/docs/errors#TEMPLATE_NAME_TAKEN',
      title: 'Template name taken',
      status: 409,
      detail: 'A template named "Invoice" already exists.',
      instance: 'urn:uuid:6f1c2b9e-8d4a-4c1e-9f3a-2b7d5e0a1c4f',
      code: 'TEMPLATE_NAME_TAKEN',
      message: 'A template named "Invoice" already exists.',
      requestId: '6f1c2b9e-8d4a-4c1e-9f3a-2b7d5e0a1c4f',
    };
    const { client } = setUp(
      () =>
        new Response(JSON.stringify(problem), {
          status: 409,
          headers: { 'content-type': 'application/problem+json; charset=utf-8' },
        }),
    );
    const error = await client.request(getProfile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'TEMPLATE_NAME_TAKEN',
      message: 'A template named "Invoice" already exists.',
    });
  });
});

describe('fillPath', () => {
  it('encodes path parameters', () => {
    expect(fillPath('/v1/template/:templateName', { templateName: 'a/b c' })).toBe(
      '/v1/template/a%2Fb%20c',
    );
  });
});
