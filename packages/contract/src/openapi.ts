import * as z from 'zod/mini';
import type { AnyCall } from './call';
import { errorResponse } from './common';

/** The OpenAPI 3.1 document of the given calls (served at /api/docs/openapi.json). */
export function buildOpenApi(calls: readonly AnyCall[], info: { title: string; version: string; description: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = call.path.replace(/:(\w+)\??/g, '{$1}');
    const parameters = call.params ? pathParameters(call.params) : [];
    const operation: Record<string, unknown> = {
      operationId: call.name,
      tags: [call.tag],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(call.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: jsonSchema(call.body, 'input') },
                'application/x-www-form-urlencoded': { schema: jsonSchema(call.body, 'input') },
              },
            },
          }
        : {}),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: jsonSchema(call.response, 'output') } } },
        '4XX': {
          description: errorsText(call),
          content: { 'application/json': { schema: jsonSchema(errorResponse, 'output') } },
        },
      },
      ...(call.auth === 'user' ? { security: [{ userToken: [] }] } : {}),
    };
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: {
        userToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description:
            'User-scoped calls carry the user id and the session token (the `password` of the signed-in user) in the body, under the names each call lists (user_id + token, user_id + user_token, or id + password).',
        },
      },
    },
  };
}

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): unknown {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function pathParameters(params: z.ZodMiniType): unknown[] {
  const schema = jsonSchema(params, 'input') as { properties?: Record<string, unknown> };
  return Object.entries(schema.properties ?? {}).map(([name, value]) => ({ name, in: 'path', required: true, schema: value }));
}

function errorsText(call: AnyCall): string {
  const entries = Object.entries(call.errors ?? {});
  const list = entries.map(([code, when]) => `\`${code}\`: ${when}`).join('; ');
  return `An error: \`{ success: false, error, message, requestId }\`, message in Russian.${list ? ` Codes: ${list}.` : ''}`;
}
