import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { jobStatus } from './jobs.ts';

const tag = 'User';

/** How long a finished export's ZIP is kept, and its download link works at most. */
export const ACCOUNT_EXPORT_RETENTION_HOURS = 24;

/**
 * An export of the account's data: a job of its own kind, run in the background. Its ZIP holds
 * `account.json` and every template PDF, version PDF and stamp picture.
 */
export const accountExport = z
  .object({
    id: z.string().uuid(),
    status: jobStatus,
    progress: z.object({
      /** Files written to the ZIP so far. */
      done: z.number().int(),
      /** Files the ZIP will hold; 0 until the export has started. */
      total: z.number().int(),
    }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** When the ZIP is deleted. */
    expiresAt: z.string().nullable(),
    /** Once the export has succeeded: a link that works without credentials until it expires. */
    download: z
      .object({ url: z.string(), expiresAt: z.string(), bytes: z.number().int() })
      .nullable(),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExport>;

export const accountExportParams = z.object({ id: z.string().uuid() });

export const createAccountExport = {
  method: 'POST',
  path: '/v1/user/export',
  operationId: 'createAccountExport',
  summary:
    "Export the account's data as a ZIP, prepared in the background (202); while one runs, that one is answered",
  tag,
  auth: 'bearer',
  // A finished export's signed link opens the whole account: no cache keeps it.
  noStore: true,
  response: accountExport,
  status: 202,
  errors: [429],
} as const satisfies Endpoint;

export const getAccountExport = {
  method: 'GET',
  path: '/v1/user/export/:id',
  operationId: 'getAccountExport',
  summary: "An export's progress, and its download link once ready",
  tag,
  auth: 'bearer',
  // A finished export's signed link opens the whole account: no cache keeps it.
  noStore: true,
  params: accountExportParams,
  response: accountExport,
  errors: [404],
} as const satisfies Endpoint;

export const downloadAccountExport = {
  method: 'GET',
  path: '/v1/user/export/:id/download',
  operationId: 'downloadAccountExport',
  summary: "Download an export's ZIP with the signed link its status answers",
  tag,
  auth: 'none',
  noStore: true,
  params: accountExportParams,
  query: z.object({
    expires: z.coerce.number().int(),
    signature: z.string().max(200),
  }),
  response: z.any().meta({ description: 'The ZIP (application/zip).' }),
  produces: 'application/zip',
  headers: ['content-disposition'],
  errors: [404],
} as const satisfies Endpoint;
