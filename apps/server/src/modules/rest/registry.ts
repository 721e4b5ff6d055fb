import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionFields, ActionResponse, AnyRestAction } from '@chain/contract';
import type { UserRow } from '../auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The actions of the generic call (SPEC 7), by name; modules register theirs. */
    restActions: RestActionRegistry;
  }
}

export interface ActionContext<A extends AnyRestAction> {
  app: FastifyInstance;
  /** The signed-in user for a 'user' action; null for a 'public' one. */
  user: A['auth'] extends 'user' ? UserRow : UserRow | null;
  /** `fields`, checked against the action's schema. */
  fields: ActionFields<A>;
  /** The app's `version` as sent, or null. */
  version: string | number | null;
  request: FastifyRequest;
}

export type ActionHandler<A extends AnyRestAction> = (context: ActionContext<A>) => Promise<ActionResponse<A>>;

export interface RegisteredAction {
  definition: AnyRestAction;
  handler: (context: ActionContext<AnyRestAction>) => Promise<unknown>;
}

/**
 * The actions the generic call dispatches to: a contract definition (name, auth, fields,
 * response; packages/contract) bound to a handler. Looked up per request, so an action
 * registered after start-up (a test's) is found too. A name registers once.
 */
export class RestActionRegistry {
  readonly #actions = new Map<string, RegisteredAction>();

  register<A extends AnyRestAction>(definition: A, handler: ActionHandler<A>): this {
    if (this.#actions.has(definition.name)) throw new Error(`the action ${definition.name} is registered twice`);
    this.#actions.set(definition.name, { definition, handler });
    return this;
  }

  get(name: string): RegisteredAction | undefined {
    return this.#actions.get(name);
  }

  list(): AnyRestAction[] {
    return [...this.#actions.values()].map((action) => action.definition);
  }
}
