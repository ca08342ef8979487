// The MCP tools, made from the document and nothing else: one per operation, named by its operationId
// made valid for clients (tool-names.ts), titled by its summary and described by its summary and
// description (a deprecated one says so, a renamed one names its operationId as written), its
// hints from its method, its input a JSON Schema of its parameters (each by name) and its body (`body`),
// its output the schema of its JSON success answer, every $ref inlined so a client needs no document.
// An operation no tool can be made of (an input schema that refers to itself, two inputs of one name) is
// left out with its reason, and the others are made all the same.
import {
  deriveRoutes,
  operationParameters,
  resolveRef,
  type JsonObject,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { withStandardFormats } from './listed-formats.js';
import { portableSchema } from './portable-schema.js';
import { toolNames } from './tool-names.js';

/** What an operation's method promises, in MCP's words; whether its target is the open world is the server's to say. */
export interface MethodHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

export interface OperationTool {
  name: string;
  /** The operationId as the document writes it; undefined where it has none. */
  operationId: string | undefined;
  /** The document's tags of the operation. */
  tags: string[];
  /** The operation's summary, for a person choosing a tool. */
  title: string;
  description: string;
  hints: MethodHints;
  /** The input as listed: in the form every major model API takes (portable-schema.ts), with JSON Schema's formats only. */
  inputSchema: JsonObject;
  /** The input as the document has it, which each call is checked against. */
  checkedSchema: JsonObject;
  /** The schema of its structured result, where the success answer is JSON; always an object at the root, with JSON Schema's formats only. */
  outputSchema: JsonObject | undefined;
  /** The success answer as that structured result. */
  structured(answer: unknown): Record<string, unknown>;
  route: RouteSpec;
}

/** OpenAPI's own keywords, which a JSON Schema validator in strict mode would refuse. */
const OPENAPI_ONLY = new Set(['example', 'discriminator', 'xml', 'externalDocs']);
/** Keywords whose value maps names to schemas: the names are data, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** A schema that refers to itself, which no inlined copy can hold. */
class SelfReferenceError extends Error {}

/** A schema with every $ref replaced by what it points to, and the extensions and OpenAPI-only keywords left out. */
function inlined(document: OpenApiDocument, node: unknown, trail: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inlined(document, item, trail));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonObject;
  if (typeof $ref === 'string') {
    if (trail.includes($ref))
      throw new SelfReferenceError(`${$ref} refers to itself: a tool's input schema cannot inline it`);
    const target = inlined(document, resolveRef(document, { $ref }), [...trail, $ref]) as JsonObject;
    return { ...target, ...(inlined(document, rest, trail) as JsonObject) };
  }
  const kept = Object.entries(rest).filter(([key]) => !key.startsWith('x-') && !OPENAPI_ONLY.has(key));
  return Object.fromEntries(
    kept.map(([key, value]) => [
      key,
      SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as JsonObject).map(([name, schema]) => [name, inlined(document, schema, trail)]),
          )
        : inlined(document, value, trail),
    ]),
  );
}

function inputSchema(document: OpenApiDocument, route: RouteSpec): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const { parameter } of operationParameters(document, route)) {
    if (parameter.name in properties || parameter.name === 'body')
      throw new Error(`two inputs are named ${parameter.name}`);
    const schema = inlined(document, parameter.schema ?? {}, []) as JsonObject;
    properties[parameter.name] = {
      ...schema,
      description:
        [parameter.description, schema.description].filter(Boolean).join(' ') ||
        `The ${parameter.in} parameter ${parameter.name}.`,
    };
    if (parameter.required) required.push(parameter.name);
  }
  if (route.body) {
    properties.body = inlined(document, { $ref: route.body.schema }, []);
    if (route.body.required) required.push('body');
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** The methods HTTP defines as idempotent (RFC 9110, 9.2.2): a second call changes nothing more. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * The hints the method gives: only a GET reads, only a DELETE removes, and only HTTP's idempotent methods
 * promise that a repeat does nothing more (a POST the emulator happens to refuse twice promises nothing).
 */
const methodHints = (method: string): MethodHints => ({
  readOnlyHint: method === 'GET',
  destructiveHint: method === 'DELETE',
  idempotentHint: IDEMPOTENT_METHODS.has(method),
});

/**
 * MCP's 2025 revisions take only an object as a tool's structured result: an answer of another kind (a
 * list, say) is carried as `result`, in both revisions alike, so every client sees one shape.
 */
const RESULT_KEY = 'result';

/** Whether every value the schema takes is an object: its type says so, or each branch of its union or intersection does. */
function isObjectSchema(schema: JsonObject): boolean {
  if (schema.type !== undefined) return schema.type === 'object';
  const branches = [schema.allOf, schema.oneOf, schema.anyOf].filter(Array.isArray) as JsonObject[][];
  return branches.length > 0 && branches.every((each) => each.every(isObjectSchema));
}

/**
 * The success answer's JSON schema, inlined; none for an answer without a JSON body (a 204, say), or
 * one that refers to itself (a tree): that answer comes as text only.
 */
function answerSchema(document: OpenApiDocument, route: RouteSpec): JsonObject | undefined {
  const responses = (route.operation.responses ?? {}) as Record<string, JsonObject>;
  const success = responses[String(route.status)];
  if (!success) return undefined;
  const { content } = resolveRef(document, success) as { content?: Record<string, { schema?: JsonObject }> };
  const schema = content?.['application/json']?.schema;
  try {
    return schema && (inlined(document, schema, []) as JsonObject);
  } catch (error) {
    if (error instanceof SelfReferenceError) return undefined;
    throw error;
  }
}

function output(document: OpenApiDocument, route: RouteSpec): Pick<OperationTool, 'outputSchema' | 'structured'> {
  const answer = answerSchema(document, route);
  const schema = answer && withStandardFormats(answer);
  if (schema === undefined)
    return { outputSchema: undefined, structured: (answer) => answer as Record<string, unknown> };
  // The SDK takes a root without `type: object` for one of another kind, so an object's root says so.
  if (isObjectSchema(schema))
    return { outputSchema: { type: 'object', ...schema }, structured: (answer) => answer as Record<string, unknown> };
  return {
    outputSchema: { type: 'object', properties: { [RESULT_KEY]: schema }, required: [RESULT_KEY] },
    structured: (answer) => ({ [RESULT_KEY]: answer }),
  };
}

function inputSchemas(
  document: OpenApiDocument,
  route: RouteSpec,
): Pick<OperationTool, 'inputSchema' | 'checkedSchema'> {
  const checkedSchema = inputSchema(document, route);
  return { inputSchema: withStandardFormats(portableSchema(checkedSchema)), checkedSchema };
}

function description(route: RouteSpec, name: string): string {
  const {
    summary,
    description: text,
    deprecated,
  } = route.operation as { summary?: string; description?: string; deprecated?: boolean };
  const said = [summary, text].filter((part): part is string => typeof part === 'string' && part !== '');
  const renamed = typeof route.operationId === 'string' && route.operationId !== name;
  return [
    ...(deprecated ? ['Deprecated: the service may remove this operation.'] : []),
    ...said,
    `${route.method} ${route.path}${renamed ? ` (operationId ${JSON.stringify(route.operationId)})` : ''}.`,
  ].join('\n\n');
}

/** An operation whose tool is not listed, and why. */
export interface LeftOutTool extends Pick<OperationTool, 'name' | 'operationId' | 'tags'> {
  method: string;
  reason: string;
}

export interface DocumentTools {
  tools: OperationTool[];
  leftOut: LeftOutTool[];
}

/** A string the document gives, or undefined: an operationId of another type (a number in YAML) names nothing. */
const textOrNone = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** What an operation is picked by (--tools, --tags), whether its tool can be made or not. */
function pickedBy(route: RouteSpec, name: string): Pick<OperationTool, 'name' | 'operationId' | 'tags'> {
  const { tags } = route.operation as { tags?: unknown };
  return {
    name,
    operationId: textOrNone(route.operationId),
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '') : [],
  };
}

function operationTool(document: OpenApiDocument, route: RouteSpec, name: string): OperationTool {
  const { summary } = route.operation as { summary?: string };
  return {
    ...pickedBy(route, name),
    title: summary || textOrNone(route.operationId) || `${route.method} ${route.path}`,
    description: description(route, name),
    hints: methodHints(route.method),
    ...inputSchemas(document, route),
    ...output(document, route),
    route,
  };
}

/** A tool per operation of the document (as readDocument makes it), and those none could be made of. */
export function operationTools(document: OpenApiDocument): DocumentTools {
  const routes = deriveRoutes(document);
  const names = toolNames(
    routes.map(({ operationId, method, path }) => ({ operationId: textOrNone(operationId), method, path })),
  );
  const made: DocumentTools = { tools: [], leftOut: [] };
  routes.forEach((route, i) => {
    try {
      made.tools.push(operationTool(document, route, names[i]!));
    } catch (error) {
      made.leftOut.push({ ...pickedBy(route, names[i]!), method: route.method, reason: (error as Error).message });
    }
  });
  return made;
}
