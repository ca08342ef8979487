// The core's view of an operation's behaviour: the checked request in, the success body out (or a
// thrown HttpProblem). The handlers of operations/ are typed per operation from the document; the
// core calls them with what its checks let through, which is what those types say.
export interface CallContext {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  clientId: (create?: { create: true }) => number | undefined;
}

export type Handler = (context: CallContext) => unknown;

/**
 * Handlers as their areas type them, each by its operation's context (operations/types.ts): the core
 * declares only what it needs of them, so it names no type of the layer above.
 */
export type TypedHandlers = { readonly [operationId: string]: ((context: never) => unknown) | undefined };

/**
 * The typed handlers as the core calls them. The one cast between the two: the core's checks have
 * validated each request against the schemas the handlers' types are generated from.
 */
export const asCalledByTheCore = (handlers: TypedHandlers): Partial<Record<string, Handler>> =>
  handlers as Partial<Record<string, Handler>>;
