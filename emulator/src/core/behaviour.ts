// The core's view of an operation's behaviour: the checked request in, the success body out (or a
// thrown HttpProblem). The handlers of operations/ are typed per operation from the document; the
// core calls them with what its checks let through, which is what those types say.
import type { OperationHandlers } from '../operations/types.js';

export interface CallContext {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  clientId: (create?: { create: true }) => number | undefined;
}

export type Handler = (context: CallContext) => unknown;

/**
 * The typed handlers as the core calls them. The one cast between the two: the core's checks have
 * validated each request against the schemas the handlers' types are generated from.
 */
export const asCalledByTheCore = (handlers: OperationHandlers): Partial<Record<string, Handler>> =>
  handlers as unknown as Partial<Record<string, Handler>>;
