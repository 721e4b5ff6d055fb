import type * as z from 'zod/mini';

/** Who may make a call: anyone, or a signed-in user proving user id + session token. */
export type CallAuth = 'public' | 'user';

/**
 * One call of the API (SPEC 7): where it answers, what it takes and what it returns.
 * The server registers its handler from this object and validates against it; the OpenAPI
 * document at /api/docs is generated from the list of them.
 */
export interface CallDefinition<
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  /** A stable identifier, e.g. 'sendEmailCode'. */
  name: string;
  method: 'GET' | 'POST';
  /** Fastify-style path: '/api/v1/restoran/table/:code'. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: CallAuth;
  /**
   * A public call whose answer still belongs to one guest (their order, their payment) or
   * carries a secret (a session token): see isPersonal. Every 'user' call is personal anyway.
   */
  personal?: true;
  body?: Body;
  params?: Params;
  response: Response;
  /** The error codes (errorResponse.error) the call may answer with, and when. */
  errors?: Record<string, string>;
}

/**
 * Whether an answer is personal: a 'user' call or action, or one marked `personal`. The server
 * sends personal answers with `Cache-Control: no-store`, so no browser, proxy or shared cache
 * keeps a guest's orders, addresses or token (issue 11.12).
 */
export function isPersonal(definition: { auth: CallAuth; personal?: true }): boolean {
  return definition.auth === 'user' || definition.personal === true;
}

export type AnyCall = CallDefinition<z.ZodMiniType | undefined, z.ZodMiniType | undefined, z.ZodMiniType>;

/** Identity, with the types kept: `defineCall({...})`. */
export function defineCall<
  Body extends z.ZodMiniType | undefined = undefined,
  Params extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(call: CallDefinition<Body, Params, Response>): CallDefinition<Body, Params, Response> {
  return call;
}

export type CallBody<C> = C extends CallDefinition<infer B, z.ZodMiniType | undefined, z.ZodMiniType>
  ? B extends z.ZodMiniType
    ? z.output<B>
    : undefined
  : never;
export type CallParams<C> = C extends CallDefinition<z.ZodMiniType | undefined, infer P, z.ZodMiniType>
  ? P extends z.ZodMiniType
    ? z.output<P>
    : undefined
  : never;
export type CallResponse<C> = C extends CallDefinition<z.ZodMiniType | undefined, z.ZodMiniType | undefined, infer R>
  ? z.input<R>
  : never;

/*
 * A client's view of a call: what it may send (the schemas' input, before defaults and
 * transforms) and what it gets once the answer is parsed (the response schema's output).
 */
/** The body a client sends: the input of the call's body schema, or undefined for a call without a body. */
export type CallInput<C> = C extends { body?: infer B } ? ([B] extends [z.ZodMiniType] ? z.input<B> : undefined) : never;
/** The path parameters a client fills in: the input of the call's params schema, or undefined. */
export type CallParamsInput<C> = C extends { params?: infer P } ? ([P] extends [z.ZodMiniType] ? z.input<P> : undefined) : never;
/** The answer as a client has it after parsing with the call's response schema. */
export type CallAnswer<C> = C extends { response: infer R } ? ([R] extends [z.ZodMiniType] ? z.output<R> : never) : never;
