import { errorOf, PlatenError } from './errors.ts';
import type { FitReport, GeneratedDocument } from './types.ts';

export type HttpOptions = {
  baseUrl: string;
  fetch?: typeof fetch;
};

export type SendOptions = {
  headers?: Record<string, string>;
  /** Query parameters; undefined ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
};

export type Http = (method: string, path: string, options?: SendOptions) => Promise<Response>;

/**
 * Sends one call and answers its response when the API accepted it; anything else is thrown as
 * a `PlatenError`, a network failure included.
 */
export const createHttp = ({ baseUrl, fetch: fetchImpl = globalThis.fetch }: HttpOptions): Http => {
  const root = baseUrl.replace(/(?<!\/)\/+$/, '');
  return async (method, path, { headers = {}, query = {}, json, form, signal } = {}) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const url = `${root}${path}${search.size > 0 ? `?${search}` : ''}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers: {
          accept: 'application/json, application/pdf, application/problem+json',
          ...(json !== undefined && { 'content-type': 'application/json' }),
          ...headers,
        },
        body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new PlatenError(0, 'NETWORK_ERROR', `Platen could not be reached at ${root}.`);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  };
};

/** A generated PDF answer: its bytes and the fit report of its header. */
export const documentOf = async (response: Response): Promise<GeneratedDocument> => {
  const version = response.headers.get('x-template-version');
  return {
    pdf: new Uint8Array(await response.arrayBuffer()),
    fitReport: JSON.parse(response.headers.get('x-fit-report') ?? '{}') as FitReport,
    templateVersion: version === null || version === 'draft' ? version : Number(version),
    requestId: response.headers.get('x-request-id'),
    isReplayed: response.headers.get('idempotent-replayed') === 'true',
  };
};
