import { PlatenError } from './errors.ts';
import { createHttp, documentOf } from './http.ts';
import { signIn, type PlatenSession } from './session.ts';
import type { FieldValues, GeneratedDocument } from './types.ts';

export type PlatenClientOptions = {
  /** Where Platen runs, e.g. `https://platen.example.com`. */
  baseUrl: string;
  /** The account's API key (Api tab of any template), for `generate`. */
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
  /** Signs in as a user, for the template calls. */
  signIn: (email: string, password: string) => Promise<PlatenSession>;
};

export const createPlatenClient = (options: PlatenClientOptions): PlatenClient => {
  const http = createHttp(options);
  return {
    generate: async (
      templateName,
      fields,
      { strict, version, test, idempotencyKey, signal } = {},
    ) => {
      if (!options.apiKey) {
        throw new PlatenError(0, 'API_KEY_MISSING', 'Pass apiKey to createPlatenClient first.');
      }
      const response = await http('POST', '/v1/document/generate/template', {
        headers: {
          'x-api-key': options.apiKey,
          ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
        },
        json: {
          templateName,
          fields,
          ...(strict !== undefined && { strict }),
          ...(version !== undefined && { version }),
          ...(test !== undefined && { test }),
        },
        signal,
      });
      return documentOf(response);
    },
    signIn: (email, password) => signIn(http, email, password),
  };
};
