import type { ErrorResponse } from '@platen/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { PROBLEM_CONTENT_TYPE, problemDetails } from '../lib/problem-details.ts';
import { isResultStoreUnavailable } from '../modules/jobs/index.ts';

/**
 * How long a client is asked to wait when a service behind the API is briefly away: a database
 * restart or failover takes a second or a few.
 */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

const unavailable: ErrorResponse = {
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a few seconds.',
};

/** Fastify and plugin error codes we answer with a message written for a person. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: 'The request body is empty but should be JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The file is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here. Send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The request body does not match its Content-Length.',
  },
  FST_FILES_LIMIT: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Send exactly one file.',
  },
  FST_PARTS_LIMIT: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The form has more parts than expected.',
  },
  FST_FIELDS_LIMIT: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The form has more fields than expected.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the file as multipart/form-data.',
  },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The upload was interrupted. Please try again.',
  },
  // The router's refusals (plugins/router-errors.ts); the path is not echoed.
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'BAD_URL',
    message: 'The address is not valid: a "%" must start an escape such as %20.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URI_TOO_LONG',
    message: 'A part of the address is longer than 100 characters.',
  },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The form contains a forbidden field name.',
  },
};

const send = (reply: FastifyReply, body: ErrorResponse, headers: Record<string, string> = {}) =>
  reply
    .status(body.status)
    .headers(headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemDetails(body, reply.request.id, reply.server.deps.config.appUrl));

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/**
 * The one place errors become responses: problem details (RFC 9457, lib/problem-details.ts) with
 * `{ status, code, message, requestId }` for every failure, the id being the one in the logs and
 * the `x-request-id` header. A 5xx is
 * logged with its details and answered with a generic message (no stack, SQL or secret).
 */
const errorHandler = async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(
        reply,
        { status: error.status, code: error.code, message: error.message, ...error.details },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath),
        message: issue.message ?? 'This value is not valid.',
      }));
      const message = fields[0]?.message ?? 'The request is not valid.';
      return send(reply, { status: 400, code: 'VALIDATION_ERROR', message, fields });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(reply, known);
    // The database, the job queue (on the database) or the result store could not be reached:
    // nothing is wrong with the request, and the same call may succeed in a moment.
    if (isDatabaseUnavailable(error) || isResultStoreUnavailable(error)) {
      request.log.warn({ event: 'service.unavailable', err: error }, 'service unavailable');
      return send(reply, unavailable, {
        'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return send(reply, {
        status: 400,
        code: 'MALFORMED_JSON',
        message: 'The request body is not valid JSON.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, { status, code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, {
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
};

export default fp(errorHandler, { name: 'error-handler' });
