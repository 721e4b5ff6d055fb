import * as z from 'zod/mini';
import { credentialFields, defineCall, type ActionAuth } from './call';
import { optionalWireId } from './common';

/**
 * The generic call of SPEC 7: one POST to a configurable path (default '/rest/') carrying
 * `{ user_id, token, action, fields, version }`; the action names what to do and `fields` its
 * arguments. Each action is defined here in the contract like a call (its fields and its answer),
 * and the server binds a handler to it in its action registry (apps/server/src/modules/rest).
 */

/** One action of the generic call: its name on the wire, who may run it, its fields and answer. */
export interface RestActionDefinition<
  Fields extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Auth extends ActionAuth = ActionAuth,
> {
  /** The `action` value, as SPEC 7 names it (e.g. 'rateGetTypes'). */
  name: string;
  /** 'user': the envelope's user_id + token must make a live session (401 otherwise); 'public': they are not read. */
  auth: Auth;
  summary: string;
  /** The arguments under `fields`. */
  fields: Fields;
  response: Response;
}

export type AnyRestAction = RestActionDefinition<z.ZodMiniType, z.ZodMiniType, ActionAuth>;

/** Identity, with the types kept (the auth as its literal): `defineAction({...})`. */
export function defineAction<Fields extends z.ZodMiniType, Response extends z.ZodMiniType, Auth extends ActionAuth>(
  action: RestActionDefinition<Fields, Response, Auth>,
): RestActionDefinition<Fields, Response, Auth> {
  return action;
}

export type ActionFields<A> = A extends RestActionDefinition<infer F, z.ZodMiniType, ActionAuth> ? z.output<F> : never;
export type ActionResponse<A> = A extends RestActionDefinition<z.ZodMiniType, infer R, ActionAuth> ? z.input<R> : never;

/** An action name: a letter, then letters, digits or '_' (SPEC 7 names are camelCase). */
export const ACTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Most a JSON text of `fields` may weigh; the body limit (1 MB) bounds it anyway. */
const FIELDS_TEXT_MAX = 100_000;

/**
 * The envelope of the generic call. `fields` is an object in a JSON body, or the same object as
 * JSON text (a form-urlencoded body can only carry text); absent or '' means no fields.
 * `user_id` and `token` are read only by 'user' actions. `version` is accepted and passed on
 * (the app sends its own version; no action reads it yet).
 */
export const restRequest = z.object({
  // The contract's one id rule (issue 11, second read): '' / null / 0 are no user.
  user_id: optionalWireId,
  token: z.optional(
    z.nullable(z.string({ error: 'ожидается текст' }).check(z.maxLength(512, 'не длиннее 512 символов'))),
  ),
  action: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'обязательное поле: имя действия' : 'ожидается имя действия (текст)',
    })
    .check(z.minLength(1, 'обязательное поле: имя действия'), z.maxLength(64, 'не длиннее 64 символов')),
  fields: z.optional(
    z.nullable(
      z.union(
        [
          z.record(z.string(), z.unknown()),
          z.string().check(z.maxLength(FIELDS_TEXT_MAX, `не длиннее ${FIELDS_TEXT_MAX} символов`)),
        ],
        { error: 'ожидается объект или его JSON-текст' },
      ),
    ),
  ),
  version: z.optional(
    z.nullable(z.union([z.number(), z.string().check(z.maxLength(32))], { error: 'ожидается номер версии' })),
  ),
});
export type RestRequest = z.output<typeof restRequest>;

/**
 * The generic call. Its path is configurable (REST_PATH, default '/rest/'): the server registers
 * it at the configured path and appends the list of registered actions to this description.
 */
export const restCall = defineCall({
  name: 'rest',
  method: 'POST',
  path: '/rest/',
  tag: 'rest',
  summary: 'The generic call of SPEC 7: { user_id, token, action, fields, version } → the action’s JSON',
  description:
    'One endpoint, many actions. `action` names the action, `fields` carries its arguments as an object (JSON body) or as JSON text (form-urlencoded body; absent or "" means none). Actions marked "user" need `user_id` + `token` of a live session (401 «Сессия истекла. Войдите снова.» otherwise); "public" actions ignore them. `version` is accepted and passed to the action. The answer is the action’s JSON (below); failures are the usual `{ success: false, error, message }` with a 4xx: an unknown action is 400 `unknown_action` «Неизвестное действие «name».», malformed `fields` 400 `validation` naming the field as «fields.name». The path is REST_PATH (default /rest/).',
  auth: 'per-action',
  credentials: credentialFields('user_id', 'token'),
  body: restRequest,
  response: z.unknown(),
  errors: {
    unknown_action: 'no action of that name (400)',
    validation: 'the envelope or a field of `fields` is missing or malformed (400, names the field)',
    unauthorized: 'a "user" action without a live session (401)',
  },
});
