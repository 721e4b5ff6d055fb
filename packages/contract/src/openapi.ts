import * as z from 'zod/mini';
import type { AnyCall, CallAuth } from './call';
import { errorResponse } from './common';

/** The OpenAPI 3.1 document of the given calls (served at /api/docs/openapi.json). */
export function buildOpenApi(calls: readonly AnyCall[], info: { title: string; version: string; description: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = call.path.replace(/:(\w+)\??/g, '{$1}');
    const parameters = call.params ? pathParameters(call.params) : [];
    const description = [call.description, whoMayCall(call)].filter(Boolean).join('\n\n');
    const operation: Record<string, unknown> = {
      operationId: call.name,
      tags: [call.tag],
      summary: call.summary,
      description,
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
        '200': {
          description: call.produces ? "A stream: each event's data as below" : 'Success',
          content: { [call.produces ?? 'application/json']: { schema: jsonSchema(call.response, 'output') } },
        },
        '4XX': {
          description: errorsText(call),
          content: { 'application/json': { schema: jsonSchema(errorResponse, 'output') } },
        },
      },
      security: SECURITY[call.auth],
    };
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info,
    // The server that serves the document answers the calls too.
    servers: [{ url: '/', description: 'This server' }],
    paths,
    components: {
      securitySchemes: {
        userToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description:
            'The signed-in user: the user id and the session token (the `password` of the signed-in user, SPEC 3) travel in the body — never in the URL — under the names each call gives in its description (user_id + token, user_id + user_token, id + password, user.id + user.password). OpenAPI has no body credentials, so this scheme is named for the token it carries. A pair that is not a live session answers 401 «Сессия истекла. Войдите снова.».',
        },
        staffBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A staff session token (staffVerify), as `Authorization: Bearer {token}`. Guests' sessions are never staff sessions.",
        },
        ownerBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The session token of the user who owns what the call names (an order), as `Authorization: Bearer {token}`; for a kiosk order (no user), where the call takes one (payment/check), the token of the kiosk it was placed at or the order's follow token (decision 038). Without it, or with another's, the answer is as for an unknown one.",
        },
      },
    },
  };
}

/**
 * Each kind of call as an operation's security (CallAuth): public calls need nothing, user calls
 * the user's token, optional-user calls and the generic call either.
 */
const SECURITY: Record<CallAuth, Record<string, string[]>[]> = {
  public: [],
  user: [{ userToken: [] }],
  'optional-user': [{}, { userToken: [] }],
  owner: [{}, { ownerBearer: [] }],
  'per-action': [{}, { userToken: [] }],
  staff: [{ staffBearer: [] }],
};

/** The sentence of the reference that says who may make the call and where the credentials go. */
function whoMayCall(call: AnyCall): string {
  const where = call.credentials?.where;
  switch (call.auth) {
    case 'public':
      return 'Who may call: anyone.';
    case 'user':
      return `Who may call: a signed-in user (${where ?? ''}; 401 otherwise).`;
    case 'optional-user':
      return `Who may call: anyone; a signed-in user sends ${where ?? ''}, which must then make a live session (401 otherwise).`;
    case 'owner':
      return 'Who may call: anyone; what belongs to a signed-in user answers only to that user, with the session token in `Authorization: Bearer` (the description says what else a call takes there).';
    case 'per-action':
      return `Who may call: each action says (public, or user: ${where ?? ''} in the envelope; 401 otherwise).`;
    case 'staff':
      return "Who may call: the restaurant's staff, with a staff session token in `Authorization: Bearer` (401 otherwise; a guest's token never is one); the restaurant and the role are checked too (403).";
  }
}

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): unknown {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function pathParameters(params: z.ZodMiniType): unknown[] {
  const schema = jsonSchema(params, 'input') as { properties?: Record<string, unknown> };
  return Object.entries(schema.properties ?? {}).map(([name, value]) => ({
    name,
    in: 'path',
    required: true,
    schema: value,
  }));
}

function errorsText(call: AnyCall): string {
  const entries = Object.entries(call.errors ?? {});
  const list = entries.map(([code, when]) => `\`${code}\`: ${when}`).join('; ');
  return `An error: \`{ success: false, error, message, requestId }\`, message in Russian.${list ? ` Codes: ${list}.` : ''}`;
}
