import type * as z from 'zod/mini';

/**
 * Who may make a call (SPEC 6). The one source of it: the server's route registration enforces
 * it before the handler runs and hands the handler the signed-in user; the OpenAPI document
 * declares it as the operation's `security` (docs/architecture.md, "Who may call").
 * - 'public': anyone; a user id or token sent along is not read.
 * - 'user': a signed-in user only: the call's `credentials` must make a live session (401
 *   «Сессия истекла. Войдите снова.» otherwise).
 * - 'optional-user': anyone; a request that carries credentials (a signed-in guest) must carry a
 *   live session (401 otherwise, never quietly anonymous), one that carries none (a kiosk, a
 *   guest) runs without a user.
 * - 'owner': anyone; what the call names (an order) answers only to the user who owns it, who
 *   shows the session token as `Authorization: Bearer {token}` (the handler asks `ownedBy`).
 * - 'per-action': the generic call (SPEC 7): each action says 'public' or 'user' (ActionAuth),
 *   and the envelope carries the credentials.
 * - 'staff': the restaurant's staff only (issue 17): a live staff session shown as
 *   `Authorization: Bearer {token}` (401 «Войдите как сотрудник.» otherwise; a guest's session
 *   never is one). Which restaurant and role may act is the handler's question (403).
 */
export type CallAuth = 'public' | 'user' | 'optional-user' | 'owner' | 'per-action' | 'staff';

/** Who may run an action of the generic call: anyone, or a signed-in user (the envelope's credentials). */
export type ActionAuth = 'public' | 'user';

/** A user id and session token as a request carries them, before they are checked. */
export interface SentCredentials {
  userId: unknown;
  token: unknown;
}

/**
 * Where a 'user', 'optional-user' or 'per-action' call carries the user id and session token
 * (the signed-in user's `password`, SPEC 3). `read` takes the checked body and answers null when
 * the request carries no credentials at all.
 */
export interface Credentials<Body, Field extends string = string> {
  /** The body fields they are read from (a call checks them against its body: CallCredentials). */
  fields: readonly Field[];
  /** Where they are, as the API reference says it: 'user_id + token'. */
  where: string;
  read: (body: Body) => SentCredentials | null;
}

/** What a client sends for a value it leaves out: nothing, null or ''. */
function notSent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Credentials in two fields of the body: `credentialFields('user_id', 'token')`. Neither of them
 * sent (absent, null or '') is no credentials; one without the other is a pair that fails.
 */
export function credentialFields<Id extends string, Token extends string>(
  id: Id,
  token: Token,
): Credentials<{ readonly [K in Id | Token]?: unknown }, Id | Token> {
  return {
    fields: [id, token],
    where: `${id} + ${token}`,
    read: (body) => (notSent(body[id]) && notSent(body[token]) ? null : { userId: body[id], token: body[token] }),
  };
}

/** The output of a call's body schema, or undefined for a call without a body. */
export type BodyOutput<Body> = [Body] extends [z.ZodMiniType] ? z.output<Body> : undefined;

/** A call's credentials: read from its body, and from fields its body has. */
export type CallCredentials<Body> = Credentials<BodyOutput<Body>, keyof BodyOutput<Body> & string>;

/**
 * One call of the API (SPEC 7): where it answers, what it takes and what it returns.
 * The server registers its handler from this object and validates against it; the OpenAPI
 * document at /api/docs is generated from the list of them.
 */
export interface CallDefinition<
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Auth extends CallAuth = CallAuth,
> {
  /** A stable identifier, e.g. 'sendEmailCode'. */
  name: string;
  method: 'GET' | 'POST';
  /** Fastify-style path: '/api/v1/restoran/table/:code'. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  /**
   * Where the call carries the user id and session token: required for 'user', 'optional-user'
   * and 'per-action' calls (the server refuses to register one without), absent otherwise.
   */
  credentials?: CallCredentials<Body>;
  /**
   * A public call whose answer still belongs to one guest (their order, their payment) or
   * carries a secret (a session token): see isPersonal. Every 'user' call is personal anyway.
   */
  personal?: true;
  body?: Body;
  params?: Params;
  /**
   * A call that answers with a stream of Server-Sent Events instead of one JSON answer: then
   * `response` is the shape of each event's data.
   */
  produces?: 'text/event-stream';
  response: Response;
  /** The error codes (errorResponse.error) the call may answer with, and when. */
  errors?: Record<string, string>;
}

/**
 * Whether an answer is personal: a 'user' or 'owner' call, a 'user' action, or one marked
 * `personal`. The server sends personal answers with `Cache-Control: no-store`, so no browser,
 * proxy or shared cache keeps a guest's orders, addresses or token (issue 11.12); so is any
 * answer to a request that carries credentials.
 */
export function isPersonal(definition: { auth: CallAuth; personal?: true }): boolean {
  return (
    definition.auth === 'user' ||
    definition.auth === 'owner' ||
    definition.auth === 'staff' ||
    definition.personal === true
  );
}

/** The kinds of call that read credentials and so must say where they are. */
export function readsCredentials(auth: CallAuth): boolean {
  return auth === 'user' || auth === 'optional-user' || auth === 'per-action';
}

/** Any call: its credentials read some body. */
export type AnyCall = Omit<
  CallDefinition<z.ZodMiniType | undefined, z.ZodMiniType | undefined, z.ZodMiniType, CallAuth>,
  'credentials'
> & {
  credentials?: Credentials<never>;
};

/**
 * Identity, with the types kept (the auth as its literal, so a handler of a 'user' call gets a
 * user): `defineCall({...})`. A call that reads credentials must say where they are.
 */
export function defineCall<
  Body extends z.ZodMiniType | undefined = undefined,
  Params extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Auth extends CallAuth = CallAuth,
>(call: DefinedCall<Body, Params, Response, Auth>): DefinedCall<Body, Params, Response, Auth> {
  return call;
}

/** A call as defineCall takes it: with `credentials` exactly when its kind reads them. */
export type DefinedCall<
  Body extends z.ZodMiniType | undefined,
  Params extends z.ZodMiniType | undefined,
  Response extends z.ZodMiniType,
  Auth extends CallAuth,
> = CallDefinition<Body, Params, Response, Auth> &
  (Auth extends 'public' | 'owner' | 'staff' ? { credentials?: undefined } : { credentials: CallCredentials<Body> });

/* The server's view of a call: the body and path parameters as checked, the answer it sends. */
export type CallBody<C> = C extends { body?: infer B } ? BodyOutput<B> : never;
export type CallParams<C> = C extends { params?: infer P }
  ? [P] extends [z.ZodMiniType]
    ? z.output<P>
    : undefined
  : never;
export type CallResponse<C> = C extends { response: infer R }
  ? [R] extends [z.ZodMiniType]
    ? z.input<R>
    : never
  : never;

/*
 * A client's view of a call: what it may send (the schemas' input, before defaults and
 * transforms) and what it gets once the answer is parsed (the response schema's output).
 */
/** The body a client sends: the input of the call's body schema, or undefined for a call without a body. */
export type CallInput<C> = C extends { body?: infer B }
  ? [B] extends [z.ZodMiniType]
    ? z.input<B>
    : undefined
  : never;
/** The path parameters a client fills in: the input of the call's params schema, or undefined. */
export type CallParamsInput<C> = C extends { params?: infer P }
  ? [P] extends [z.ZodMiniType]
    ? z.input<P>
    : undefined
  : never;
/** The answer as a client has it after parsing with the call's response schema. */
export type CallAnswer<C> = C extends { response: infer R }
  ? [R] extends [z.ZodMiniType]
    ? z.output<R>
    : never
  : never;

/** The path of a call with its parameters filled in, each encoded: '/api/v1/restoran/table/:code' → '…/T-1'. */
export function callPath(
  definition: { readonly path: string },
  params: Readonly<Record<string, string | number>> | undefined,
): string {
  return definition.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
}
