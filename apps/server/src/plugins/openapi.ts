import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The API reference, generated from the same zod schemas the routes validate with:
 * JSON at /docs/json, a readable page at /docs.
 */
const openapi = async (app: FastifyInstance, opts: { appUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Platen API',
        version: '1.0.0',
        description:
          'Generate filled PDF documents from your templates. Server-to-server calls use the ' +
          '`x-api-key` header; the web app signs in with a bearer token.',
      },
      servers: [{ url: opts.appUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
};

export default fp(openapi, { name: 'openapi' });
