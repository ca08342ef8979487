// Warns once per process (or page) when a deprecated operation is called. Works in Node (as a
// DeprecationWarning) and in browsers (console.warn).
import type { Middleware } from 'openapi-fetch';
import deprecatedOperations from '../../generated/deprecated-operations.json' with { type: 'json' };

/** "METHOD /path/{template}" -> operationId, derived by the build from the document. */
const deprecated: Readonly<Record<string, string>> = deprecatedOperations;
const warned = new Set<string>();

type WarningProcess = { emitWarning?: (message: string, options: { type: string; code: string }) => void };

function warn(message: string): void {
  const emit = (globalThis as { process?: WarningProcess }).process?.emitWarning;
  if (emit) emit(message, { type: 'DeprecationWarning', code: 'CLOUD_API_DEPRECATED_OPERATION' });
  else console.warn(`DeprecationWarning: ${message}`);
}

export const deprecationWarning: Middleware = {
  onRequest({ request, schemaPath }) {
    const operationId = deprecated[`${request.method} ${schemaPath}`];
    if (operationId && !warned.has(operationId)) {
      warned.add(operationId);
      warn(`${operationId} (${request.method} ${schemaPath}) is deprecated; the live service no longer describes it.`);
    }
  },
};
