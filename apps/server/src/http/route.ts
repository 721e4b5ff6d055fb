import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  isPersonal,
  readsCredentials,
  type AnyCall,
  type CallAuth,
  type CallBody,
  type CallParams,
  type CallResponse,
  type Credentials,
} from '@chain/contract';
import { authenticate, type UserRow } from '../modules/auth';
import { authenticateStaffToken, type StaffPrincipal } from '../modules/staff';
import { AppError } from './errors';
import { acceptedEncoding, JsonText } from './json-text';
import { parseRequest } from './validate';

/** The user a handler is given, by who may make the call: always one for 'user', maybe one for 'optional-user'. */
export type CallUser<A extends CallAuth> = A extends 'user'
  ? UserRow
  : A extends 'optional-user'
    ? UserRow | null
    : undefined;

export interface CallContext<C extends AnyCall> {
  body: CallBody<C>;
  params: CallParams<C>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user, proven before the handler runs (signIn): see CallUser. */
  user: CallUser<C['auth']>;
  /**
   * An 'owner' call's question: whether the request shows the session of this user, the owner
   * of what the call names (`Authorization: Bearer {token}`). Any other call has none.
   */
  ownedBy: C['auth'] extends 'owner' ? (ownerId: number) => Promise<boolean> : undefined;
  /** A 'staff' call's signed-in staff member (a live staff session in `Authorization: Bearer`). */
  staff: C['auth'] extends 'staff' ? StaffPrincipal : undefined;
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
 * The signed-in user of a request, by who may make the call or action (CallAuth) and where the
 * request carries the credentials: the one place calls and the generic call's actions sign a
 * user in. 'user' needs a live session (401 «Сессия истекла. Войдите снова.» otherwise);
 * 'optional-user' checks the credentials only when the request carries them, and then as
 * strictly; any other kind is no one's (null). A request that carries credentials is answered
 * as personal (no-store), its refusal included.
 */
export async function signIn<Body>(
  app: FastifyInstance,
  auth: CallAuth,
  credentials: Credentials<Body> | undefined,
  body: Body,
  reply: FastifyReply,
): Promise<UserRow | null> {
  if (auth !== 'user' && auth !== 'optional-user') return null;
  const sent = credentials?.read(body) ?? null;
  if (sent === null && auth === 'optional-user') return null;
  markPersonal(reply);
  return authenticate(app.db, sent?.userId, sent?.token);
}

/** `Authorization: Bearer {token}`: how an 'owner' call receives the session token (and payment/check a kiosk order's token). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match?.[1];
}

/** Whether the request shows a live session of this user in `Authorization: Bearer` (an 'owner' call). */
async function showsSessionOf(app: FastifyInstance, request: FastifyRequest, ownerId: number): Promise<boolean> {
  try {
    await authenticate(app.db, ownerId, bearerToken(request));
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return false;
    throw error;
  }
}

/**
 * Registers the handler of one contract call: the body and path parameters are checked
 * against the call's schemas (a mismatch is a 400 naming the field), then the call's auth is
 * enforced (signIn: a 'user' call's handler runs only for a live session and is given the
 * user), and outside production the answer is checked too, so a test catches a server that
 * breaks its own contract. A personal call's answers, refusals included, carry
 * `Cache-Control: no-store` (isPersonal).
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
  if (readsCredentials(call.auth) && !call.credentials)
    throw new Error(`the ${call.auth} call ${call.name} does not say where its credentials are`);
  const ownedBy =
    call.auth === 'owner'
      ? (request: FastifyRequest) => (ownerId: number) => showsSessionOf(app, request, ownerId)
      : undefined;
  app.calls.push(call);
  app.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      if (personal) markPersonal(reply);
      // Staff sessions are their own table: a guest's token is never one (401 staff_unauthorized),
      // asked before the body is read, so nothing of a staff call answers without one.
      const staff = call.auth === 'staff' ? await authenticateStaffToken(app.db, bearerToken(request)) : undefined;
      const body = (call.body ? parseRequest(call.body, request.body ?? {}) : undefined) as CallBody<C>;
      const params = (call.params ? parseRequest(call.params, request.params) : undefined) as CallParams<C>;
      // The generic call signs in per action (modules/rest), with the same signIn.
      const user =
        call.auth === 'per-action'
          ? undefined
          : await signIn(app, call.auth, call.credentials as Credentials<CallBody<C>> | undefined, body, reply);
      const result = await handler({
        staff: staff as CallContext<C>['staff'],
        body,
        params,
        request,
        reply,
        user: user as CallUser<C['auth']>,
        ownedBy: ownedBy?.(request) as CallContext<C>['ownedBy'],
      });
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
    throw new Error(
      `the answer of ${call.name} breaks the contract at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
}
