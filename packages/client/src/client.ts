import { createCall, type Call } from './api.ts';
import { PlatenError } from './errors.ts';
import { createHttp, documentOf, type Http } from './http.ts';
import { jobCalls, type JobCalls } from './jobs.ts';
import { signIn, type PlatenSession } from './session.ts';
import { templateCalls, type TemplateCalls } from './templates.ts';
import type { FieldValues, GeneratedDocument } from './types.ts';
import { webhookCalls, type WebhookCalls } from './webhooks.ts';

export type PlatenClientOptions = {
  /** Where Platen runs, e.g. `https://platen.example.com`. */
  baseUrl: string;
  /** The account's API key (Api tab of any template): every call but `signIn` takes it. */
  apiKey?: string;
  /** A fetch of your own (a proxy, a test); the global one otherwise. */
  fetch?: typeof fetch;
};

export type GenerateOptions = {
  /** Refuse (422 `TEXT_DOES_NOT_FIT`) instead of truncating text that does not fit at 6 pt. */
  strict?: boolean;
  /** A published version's number, or `'draft'`; by default the latest published version. */
  version?: number | 'draft';
  /** Test mode: the PDF is marked SAMPLE on every page and not counted. */
  test?: boolean;
  /** Leave out values whose label the version does not have, instead of refusing the call. */
  ignoreUnknownFields?: boolean;
  /** The language (BCP 47) of the values of fields that set none of their own. */
  language?: string;
  /**
   * Makes a retry safe: pass the same key (1 to 255 printable ASCII characters, e.g.
   * `crypto.randomUUID()` made once per document) when you send the same call again after a
   * network error. Within 24 hours the server answers the first PDF again instead of making and
   * counting another (`isReplayed` is then true).
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

export type PlatenClient = {
  /** Fills the template with `fields` (keyed by field label); counts one document. */
  generate: (
    templateName: string,
    fields: FieldValues,
    options?: GenerateOptions,
  ) => Promise<GeneratedDocument>;
  templates: TemplateCalls;
  jobs: JobCalls;
  webhooks: WebhookCalls;
  /** Signs in as a person, for what only a person does (`tryout`). */
  signIn: (email: string, password: string) => Promise<PlatenSession>;
};

/** Calls with the account's API key in `x-api-key` (no cookie, no XSRF token). */
const keyCall = (http: Http, apiKey: string | undefined): Call =>
  createCall((method, path, { headers, ...options } = {}) => {
    if (!apiKey) {
      return Promise.reject(
        new PlatenError(0, 'API_KEY_MISSING', 'Pass apiKey to createPlatenClient first.'),
      );
    }
    return http(method, path, { ...options, headers: { 'x-api-key': apiKey, ...headers } });
  });

export const createPlatenClient = (options: PlatenClientOptions): PlatenClient => {
  const http = createHttp(options);
  const call = keyCall(http, options.apiKey);
  return {
    generate: async (templateName, fields, { idempotencyKey, signal, ...flags } = {}) =>
      documentOf(
        await call('generateDocument', {
          headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
          json: { templateName, fields, ...flags },
          signal,
        }),
      ),
    templates: templateCalls(call),
    jobs: jobCalls(call),
    webhooks: webhookCalls(call),
    signIn: (email, password) => signIn(http, email, password),
  };
};
