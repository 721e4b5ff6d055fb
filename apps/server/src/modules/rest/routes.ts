import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { isPersonal, JSON_TOO_DEEP_MESSAGE, parseJsonText, restCall, type AnyRestAction } from '@chain/contract';
import { badRequest } from '../../http/errors';
import { markPersonal, registerCall, signIn } from '../../http/route';
import { parseRequest } from '../../http/validate';

/**
 * The generic call of SPEC 7 at REST_PATH (default /rest/): reads the envelope, finds the
 * action in app.restActions, signs the user in for a 'user' action (signIn, as registerCall does
 * for calls, with the envelope's credentials from the contract), checks `fields` against the
 * action's schema and answers the handler's JSON (checked against the action's response schema
 * outside production, as registerCall does for calls). docs/rest.md.
 */
export const restRoutes: FastifyPluginAsync = async (app) => {
  const registry = app.restActions;
  const checkResponse = app.config.env !== 'production';
  const call = {
    ...restCall,
    path: app.config.restPath,
    // Read when the API reference is built, so it lists every action registered by then.
    get description() {
      return `${restCall.description ?? ''}\n\nActions:\n${registry.list().map(describeAction).join('\n')}`;
    },
  };

  registerCall(app, call, async ({ body, request, reply }) => {
    const action = registry.get(body.action);
    if (!action) throw badRequest(`Неизвестное действие «${body.action}».`, 'unknown_action');
    const definition = action.definition;
    if (isPersonal(definition)) markPersonal(reply);
    const user = await signIn(app, definition.auth, call.credentials, body, reply);
    const raw = fieldsObject(body.fields);
    const { fields } = parseRequest(z.object({ fields: definition.fields }), { fields: raw });
    const answer = await action.handler({ app, user, fields, version: body.version ?? null, request });
    if (checkResponse) {
      const checked = definition.response.safeParse(answer);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new Error(
          `the answer of action ${definition.name} breaks the contract at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
        );
      }
    }
    return answer;
  });
};

/**
 * `fields` as an object: as sent, parsed from JSON text (form bodies), or {} when absent. The
 * text is measured for nesting before it is parsed, as JSON bodies are (issue 11, point 9).
 */
function fieldsObject(fields: Record<string, unknown> | string | null | undefined): unknown {
  if (fields === undefined || fields === null) return {};
  if (typeof fields !== 'string') return fields;
  if (fields.trim() === '') return {};
  const parsed = parseJsonText(fields);
  if (!parsed.ok && parsed.reason === 'too_deep')
    throw badRequest(`Некорректное поле «fields»: ${JSON_TOO_DEEP_MESSAGE}`, 'validation');
  const value = parsed.ok ? parsed.value : null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Некорректное поле «fields»: ожидается объект или его JSON-текст.', 'validation');
  }
  return value;
}

function describeAction(action: AnyRestAction): string {
  return `- \`${action.name}\` (${action.auth}): ${action.summary}`;
}
