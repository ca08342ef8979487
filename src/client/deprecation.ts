// Warns once per process (or page) when a deprecated operation is called. Works in Node (as a
// DeprecationWarning) and in browsers (console.warn).
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

/**
 * Warns the first time a deprecated operation is called: the client's middleware calls it, with the
 * method and the path template openapi-fetch hands every middleware.
 */
export function warnIfDeprecated(method: string, schemaPath: string): void {
  const operationId = deprecated[`${method} ${schemaPath}`];
  if (operationId && !warned.has(operationId)) {
    warned.add(operationId);
    warn(`${operationId} (${method} ${schemaPath}) is deprecated; the live service no longer describes it.`);
  }
}
