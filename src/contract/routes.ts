// Route specs derived from the document: for each operation, its success status, its parameters
// with their schemas, and where its request body schema is. Nothing here names a path or a field.
// Used by the emulator to route and validate, and by the contract runner to build requests.
import {
  listOperations,
  resolveRef,
  successStatus,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
} from './document.js';
import { operationParameters } from './parameters.js';
import { jsonPointer } from './pointer.js';

/** A path or query parameter of an operation, as the emulator reads it off a URL. */
export interface ParameterSpec {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  /** The JSON types its schema admits, used to read a string off the URL as the right type. */
  types: string[];
  /** Pointer to its schema in the document. */
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

/** Every operation of the document as a route, worked out once. */
export function deriveRoutes(document: OpenApiDocument): RouteSpec[] {
  return listOperations(document).map((op) => {
    const at = ['paths', op.path, op.method.toLowerCase()];
    const parameters = operationParameters(document, op).map(
      ({ parameter, at: definition }): ParameterSpec => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
        types: schemaTypes(document, parameter.schema ?? {}),
        schema: jsonPointer(...definition, 'schema'),
      }),
    );
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
            schema: jsonPointer(...at, 'requestBody', 'content', json, 'schema'),
            required: requestBody?.required === true,
          }
        : undefined,
    };
  });
}
