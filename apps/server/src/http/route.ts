import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyCall, CallBody, CallParams, CallResponse } from '@chain/contract';
import { parseRequest } from './validate';

export interface CallContext<C extends AnyCall> {
  body: CallBody<C>;
  params: CallParams<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every call registered through registerCall, for the OpenAPI document. */
    calls: AnyCall[];
  }
}

/**
 * Registers the handler of one contract call: the body and path parameters are checked
 * against the call's schemas (a mismatch is a 400 naming the field), and outside production
 * the answer is checked too, so a test catches a server that breaks its own contract.
 */
export function registerCall<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: (context: CallContext<C>) => Promise<CallResponse<C>>,
): void {
  const checkResponse = app.config.env !== 'production';
  app.calls.push(call);
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const body = (call.body ? parseRequest(call.body, request.body ?? {}) : undefined) as CallBody<C>;
      const params = (call.params ? parseRequest(call.params, request.params) : undefined) as CallParams<C>;
      const result = await handler({ body, params, request, reply });
      if (reply.sent) return reply;
      if (checkResponse) {
        const checked = call.response.safeParse(result);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          throw new Error(`the answer of ${call.name} breaks the contract at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`);
        }
      }
      return result;
    },
  });
}
