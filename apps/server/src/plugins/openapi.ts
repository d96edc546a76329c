import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Endpoint } from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeApi, type OpenApiDocument } from './openapi-document.ts';

/**
 * The API reference, generated from the same zod schemas the routes validate with and completed
 * from their endpoint descriptors: JSON at /docs/json, a readable page at /docs.
 */
const openapi = async (app: FastifyInstance, opts: { appUrl: string }) => {
  const endpoints: Endpoint[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.endpoint) endpoints.push(route.config.endpoint);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Platen API',
        version: '1.0.0',
        contact: { name: 'Platen', url: opts.appUrl },
        description:
          'Generate filled PDF documents from your templates. Server-to-server calls use the ' +
          '`x-api-key` header; the web app signs in with a bearer token. Every call that is not ' +
          'a GET and is made without an API key also sends the `X-XSRF-TOKEN` header with the ' +
          'value of the `XSRF-TOKEN` cookie (set by `GET /v1/auth/csrf`). Errors answer ' +
          'problem details (RFC 9457, `application/problem+json`): `type` names the code on ' +
          `${opts.appUrl}/docs/errors, with \`title\`, \`status\`, \`detail\` and \`instance\`, ` +
          'beside `code`, `message` and `requestId`; every answer carries an `x-request-id` header.',
      },
      servers: [{ url: opts.appUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      describeApi(jsonSchemaTransformObject(document) as OpenApiDocument, endpoints),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
};

export default fp(openapi, { name: 'openapi' });
