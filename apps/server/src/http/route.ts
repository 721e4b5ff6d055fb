import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPersonal, type AnyCall, type CallBody, type CallParams, type CallResponse } from '@chain/contract';
import { parseRequest } from './validate';

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

export type ContentEncoding = 'br' | 'gzip';

const COMPRESS: Record<ContentEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    brotliCompress(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes) => gzip(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/** Answers smaller than this are not worth compressing (the compress plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer already serialized to JSON text, e.g. kept in a cache: sent as is instead of being
 * serialized per request. Outside production it is checked against the contract once per object
 * (a cached object is checked once, not on every request).
 *
 * A `cached` answer also keeps its compressed forms: the first requests get the compress
 * plugin's quick per-request compression while the best compression runs off the event loop
 * (zlib's thread pool); later requests get those bytes as they are.
 */
export class JsonText {
  checked = false;
  #bytes: Buffer | undefined;
  readonly #encoded = new Map<ContentEncoding, Buffer | 'pending'>();

  constructor(
    readonly text: string,
    private readonly options: { cached?: boolean } = {},
  ) {}

  /** The UTF-8 bytes, encoded once: a cached answer is not encoded again per request. */
  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text, 'utf8'));
  }

  /** The compressed bytes when they are ready; starts making them on first ask. */
  encoded(encoding: ContentEncoding): Buffer | undefined {
    if (!this.options.cached || this.bytes.length < COMPRESS_FROM_BYTES) return undefined;
    const held = this.#encoded.get(encoding);
    if (held !== undefined) return held === 'pending' ? undefined : held;
    this.#encoded.set(encoding, 'pending');
    COMPRESS[encoding](this.bytes).then(
      (compressed) => this.#encoded.set(encoding, compressed),
      () => this.#encoded.delete(encoding),
    );
    return undefined;
  }
}

/** br, else gzip, when the client accepts it (a q=0 refuses); null for neither. */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

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
 * Personal answers (a guest's orders, addresses, payments, a session token) are never kept by a
 * browser, proxy or shared cache (issue 11.12): the one place that says so, for calls here and
 * for the generic call's user actions (modules/rest).
 */
export function markPersonal(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * Registers the handler of one contract call: the body and path parameters are checked
 * against the call's schemas (a mismatch is a 400 naming the field), and outside production
 * the answer is checked too, so a test catches a server that breaks its own contract. A
 * personal call's answers, refusals included, carry `Cache-Control: no-store` (isPersonal).
 */
export function registerCall<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: (context: CallContext<C>) => Promise<CallResponse<C> | JsonText | FastifyReply>,
  /** Route options: `bodyLimit` in bytes for a call that takes more than the app's 1 MB (photos). */
  options: { bodyLimit?: number } = {},
): void {
  const checkResponse = app.config.env !== 'production';
  const personal = isPersonal(call);
  app.calls.push(call);
  app.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      if (personal) markPersonal(reply);
      const body = (call.body ? parseRequest(call.body, request.body ?? {}) : undefined) as CallBody<C>;
      const params = (call.params ? parseRequest(call.params, request.params) : undefined) as CallParams<C>;
      const result = await handler({ body, params, request, reply });
      // A handler that sent the answer itself (a 304, a redirect) returns the reply.
      if (reply.sent || result === reply) return reply;
      if (result instanceof JsonText) {
        if (checkResponse && !result.checked) {
          checkAnswer(call, JSON.parse(result.text));
          result.checked = true;
        }
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        const encoding = acceptedEncoding(request.headers['accept-encoding']);
        const compressed = encoding ? result.encoded(encoding) : undefined;
        if (encoding && compressed) {
          // Already compressed: the compress plugin passes it through untouched.
          return reply.header('content-encoding', encoding).send(compressed);
        }
        return reply.send(result.bytes);
      }
      if (checkResponse) checkAnswer(call, result);
      return result;
    },
  });
}

function checkAnswer(call: AnyCall, answer: unknown): void {
  const checked = call.response.safeParse(answer);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`the answer of ${call.name} breaks the contract at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`);
  }
}
