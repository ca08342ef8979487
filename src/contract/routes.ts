// Route specs derived from the document: for each operation, its success status, its parameters
// with their schemas, and where its request body schema is. Nothing here names a path or a field.
// Used by the emulator to route and validate, and by the contract runner to build requests.
import {
  listOperations,
  refTarget,
  resolveRef,
  successStatus,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
} from './document.js';
import { parameterCoding, parameterSchema, type ParameterCoding } from './parameter-style.js';
import { operationParameters } from './parameters.js';
import { jsonPointer, pointerTokens } from './pointer.js';

/** A parameter of an operation, as the emulator reads it off a request and the checker writes it: where, how, and its schema. */
export interface ParameterSpec extends ParameterCoding {
  required: boolean;
  /** The JSON types its schema admits. */
  types: string[];
  /** Pointer to its schema in the document (its `content`'s, for a parameter given that way). */
  schema: string;
}

/** An operation as the emulator routes to it: its success status, its parameters and its body. */
export interface RouteSpec extends OperationRef {
  /** The 2xx status the document declares, worked out once rather than on each request. */
  status: number;
  parameters: ParameterSpec[];
  body: { schema: string; required: boolean } | undefined;
}

function schemaTypes(document: OpenApiDocument, schema: JsonObject): string[] {
  const resolved = resolveRef(document, schema);
  if (Array.isArray(resolved.type)) return resolved.type;
  return typeof resolved.type === 'string' ? [resolved.type] : [];
}

/**
 * Where a request body is defined: the target of its last `$ref` (`components/requestBodies/...`), else
 * under its operation. Called once the body is resolved: a `$ref` loop or an unresolved one has thrown.
 */
function requestBodyAt(document: OpenApiDocument, written: JsonObject, at: string[]): string[] {
  let node = written;
  let where = [...at, 'requestBody'];
  while (typeof node.$ref === 'string') {
    where = pointerTokens(node.$ref);
    node = refTarget(document, node.$ref) as JsonObject;
  }
  return where;
}

/** Every operation of the document as a route, worked out once. */
export function deriveRoutes(document: OpenApiDocument): RouteSpec[] {
  return listOperations(document).map((op) => {
    const at = ['paths', op.path, op.method.toLowerCase()];
    const parameters = operationParameters(document, op).map(({ parameter, at: definition }): ParameterSpec => {
      const { schema, media } = parameterSchema(parameter);
      return {
        ...parameterCoding(document, parameter),
        required: parameter.required === true,
        types: schemaTypes(document, schema),
        schema: jsonPointer(...definition, ...(media ? ['content', media] : []), 'schema'),
      };
    });
    const requestBody = op.operation.requestBody
      ? resolveRef(document, op.operation.requestBody as JsonObject)
      : undefined;
    const json = Object.keys(requestBody?.content ?? {}).find((t) => /json/.test(t));
    return {
      ...op,
      status: successStatus(op.operation),
      parameters,
      body: json
        ? {
            schema: jsonPointer(
              ...requestBodyAt(document, op.operation.requestBody as JsonObject, at),
              'content',
              json,
              'schema',
            ),
            required: requestBody?.required === true,
          }
        : undefined,
    };
  });
}
