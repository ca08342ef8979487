// The one reading of an operation's parameters every tool shares (routing and validation, path rules,
// coverage, the MCP tools' inputs): those its path item declares and its own, an operation's own taking
// the place of its path item's of the same name and location (OpenAPI 3.1, Path Item Object).
import { resolveRef, type JsonObject, type OperationRef } from './document.js';
import { pointerTokens } from './pointer.js';

/** A parameter an operation takes: resolved, and where its definition is in the document. */
export interface DeclaredParameter {
  /** The Parameter Object, its `$ref` followed. */
  parameter: JsonObject;
  /** The path of segments to the definition (the `$ref`'s target, or where it is written): its schema is below. */
  at: string[];
}

/** Header parameters OpenAPI says to ignore: what they describe is said elsewhere (media types, security). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** Where a parameter's definition is: the target of its `$ref`, else where it is written. */
const definitionAt = (raw: JsonObject, written: string[]) =>
  typeof raw.$ref === 'string' && raw.$ref.startsWith('#') ? pointerTokens(raw.$ref) : written;

/**
 * The parameters an operation takes: its path item's, then its own, one per name and location (`in`),
 * its own winning where both declare one; an `Accept`, `Content-Type` or `Authorization` header left out.
 */
export function operationParameters(
  document: JsonObject,
  op: Pick<OperationRef, 'path' | 'method' | 'operation'>,
): DeclaredParameter[] {
  const item = (document.paths?.[op.path] ?? {}) as JsonObject;
  const lists: [JsonObject[], string[]][] = [
    [(item.parameters ?? []) as JsonObject[], ['paths', op.path, 'parameters']],
    [(op.operation.parameters ?? []) as JsonObject[], ['paths', op.path, op.method.toLowerCase(), 'parameters']],
  ];
  const byKey = new Map<string, DeclaredParameter>();
  for (const [list, base] of lists)
    list.forEach((raw, i) => {
      const parameter = resolveRef(document, raw);
      if (parameter.in === 'header' && IGNORED_HEADERS.has(String(parameter.name).toLowerCase())) return;
      byKey.set(`${parameter.in}\u0000${parameter.name}`, { parameter, at: definitionAt(raw, [...base, String(i)]) });
    });
  return [...byKey.values()];
}
