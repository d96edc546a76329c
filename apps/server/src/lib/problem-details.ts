import { STATUS_CODES } from 'node:http';
import {
  ERROR_DOCS_PATH,
  errorCatalog,
  type ErrorCode,
  type ErrorResponse,
} from '@platen/contract';

/** RFC 9457's media type, which every error answer of the API carries. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

const isCatalogued = (code: string): code is ErrorCode => Object.hasOwn(errorCatalog, code);

/** The URI a code's problem type is named by: its entry on the error page, or none. */
export const problemTypeOf = (appUrl: string, code: string): string =>
  isCatalogued(code) ? `${appUrl}${ERROR_DOCS_PATH}#${encodeURIComponent(code)}` : 'about:blank';

/**
 * The body of every error answer (the error handler and the raw answers to requests the HTTP
 * parser refused): problem details with today's `code`, `message` and `requestId` kept beside
 * them. A code outside the catalog (a framework's own) gets `about:blank` and the status's
 * phrase as title, as RFC 9457 §4.2.1 says.
 */
export const problemDetails = (
  error: Omit<ErrorResponse, 'requestId' | 'type' | 'title' | 'detail' | 'instance'>,
  requestId: string,
  appUrl: string,
): ErrorResponse => {
  const { status, ...extensions } = error;
  return {
    type: problemTypeOf(appUrl, error.code),
    title: isCatalogued(error.code)
      ? errorCatalog[error.code].title
      : (STATUS_CODES[status] ?? 'Error'),
    status,
    detail: error.message,
    instance: `urn:uuid:${requestId}`,
    ...extensions,
    requestId,
  };
};
