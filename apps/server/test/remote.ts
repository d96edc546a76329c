import { recordCallSecrets } from './run-log.ts';

/**
 * A small HTTP client for a server started as its own process (`server-process.ts`): the same
 * XSRF double-submit and bearer token as `http.ts`, over real sockets.
 */

const XSRF = 'remote-xsrf-token';

export type RemoteResponse = {
  status: number;
  headers: Headers;
  body: string;
  json: <T = unknown>() => T;
};

export type RemoteOptions = {
  token?: string;
  /** JSON body (objects) or a ready form (FormData). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as X-Forwarded-For: the client's address when the server trusts its proxy. */
  ip?: string;
};

export const remoteCall = async (
  baseUrl: string,
  method: string,
  path: string,
  opts: RemoteOptions = {},
): Promise<RemoteResponse> => {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
      ...(opts.body !== undefined && !isForm && { 'content-type': 'application/json' }),
      ...(opts.ip && { 'x-forwarded-for': opts.ip }),
      ...opts.headers,
    },
    ...(opts.body !== undefined && {
      body: isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    }),
  });
  const body = await res.text();
  recordCallSecrets({
    method,
    url: path,
    headers: { ...opts.headers, ...(opts.token && { authorization: `Bearer ${opts.token}` }) },
    body: isForm ? undefined : opts.body,
    answer: body,
  });
  return { status: res.status, headers: res.headers, body, json: <T>() => JSON.parse(body) as T };
};

export type RemoteAccount = {
  email: string;
  password: string;
  token: string;
  refreshToken: string;
};

let counter = 0;

/** Registers a fresh account on a running server. */
export const remoteSignUp = async (
  baseUrl: string,
  opts: { email?: string; ip?: string } = {},
): Promise<RemoteAccount> => {
  counter += 1;
  const email = opts.email ?? `remote${counter}-${process.pid}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const res = await remoteCall(baseUrl, 'POST', '/v1/auth/register', {
    body: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
    ...(opts.ip && { ip: opts.ip }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.body}`);
  return { email, password, ...res.json<{ token: string; refreshToken: string }>() };
};

/** A multipart form with one file (and text fields), as the web app sends uploads. */
export const fileForm = (
  file: { data: Uint8Array; filename: string; type: string },
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  return form;
};

export const dataUri = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** Uploads a PDF as a new template. */
export const remoteCreateTemplate = (
  baseUrl: string,
  token: string,
  name: string,
  pdf: Uint8Array,
  filename = 'form.pdf',
) =>
  remoteCall(baseUrl, 'POST', '/v1/template', {
    token,
    body: fileForm({ data: pdf, filename, type: 'application/pdf' }, { templateName: name }),
  });

/** The template's API key (the account's key), read as the web app's Api tab does. */
export const remoteApiKey = async (baseUrl: string, token: string, name: string) => {
  const res = await remoteCall(baseUrl, 'GET', `/v1/template/${encodeURIComponent(name)}`, {
    token,
  });
  if (res.status !== 200) throw new Error(`template "${name}": ${res.status} ${res.body}`);
  return res.json<{ apiKey: string }>().apiKey;
};

export const remoteGenerate = (
  baseUrl: string,
  apiKey: string,
  templateName: string,
  fields: Record<string, unknown> = {},
) =>
  remoteCall(baseUrl, 'POST', '/v1/document/generate/template', {
    headers: { 'x-api-key': apiKey },
    body: { templateName, fields },
  });

/** Resident memory of a process in MB (Linux /proc): now, and the peak since it started. */
export const processMemoryMb = async (pid: number) => {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
};
