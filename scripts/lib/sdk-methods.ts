// The client's resource layer, read from the document: each operation's `x-sdk-method`
// (`streaming.videos.get`, as Gcore's official SDKs name it), what its call takes, and what it answers.
// Four outputs from one reading: the tree of names the client sets on every client
// (generated/sdk-method-names.json), the tree it builds the methods from once one is called
// (generated/sdk-methods.json), the same tree as types (generated/sdk-methods.d.ts), and the method
// reference (api.md).
import {
  everyProperty,
  listOperations,
  resolveRef,
  successStatus,
  type JsonObject,
  type OpenApiDocument,
} from '../../src/contract/document.js';

export const SDK_METHOD = 'x-sdk-method';
/** The query parameter a paged list reads its pages with, as the client's paging does (src/client/paginate.ts). */
const PAGE_PARAMETER = 'page';

/** One method of the resource layer, as the document declares it. */
export interface SdkMethod {
  /** `['streaming', 'videos', 'get']` */
  name: string[];
  operationId: string;
  summary: string;
  method: string;
  path: string;
  /** The path parameter passed by position: the operation's only one, if it has exactly one. */
  positional?: { name: string; type: string };
  /** What goes in the one object after it: the other path parameters, the query parameters and the body's fields. */
  params: { name: string; in: 'path' | 'query' | 'body'; required: boolean; type: string }[];
  query: string[];
  /** Whether the operation takes a body, and whether it must. */
  body: 'none' | 'optional' | 'required';
  /** A list read page by page (`page` = 1, 2, ...): the method gives an async iterable and `.page()`. */
  paged: boolean;
  /** The answer's body type as the schema names it: `Video`, `LiveStream[]`, or `undefined` for none. */
  returns: string;
}

/** The type a schema names, for the reference: its component name, `Name[]`, or its JSON type. */
function typeName(schema: JsonObject | undefined): string {
  if (schema === undefined) return 'undefined';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1)!;
  if (schema.type === 'array') return `${typeName(schema.items as JsonObject)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'object');
}

function parametersOf(document: OpenApiDocument, route: string, operation: JsonObject): JsonObject[] {
  const declared = [...((document.paths[route]?.parameters ?? []) as JsonObject[]), ...(operation.parameters ?? [])];
  return declared.map((parameter) => resolveRef(document, parameter));
}

/** The fields a schema requires, its own and its allOf parts'. */
function requiredOf(document: OpenApiDocument, schema: JsonObject): string[] {
  const resolved = resolveRef(document, schema);
  return [
    ...(resolved.required ?? []),
    ...((resolved.allOf ?? []) as JsonObject[]).flatMap((part) => requiredOf(document, part)),
  ];
}

/** An object schema: `type: object`, or an allOf with one. */
function isObject(document: OpenApiDocument, schema: JsonObject): boolean {
  const resolved = resolveRef(document, schema);
  return (
    resolved.type === 'object' || ((resolved.allOf ?? []) as JsonObject[]).some((part) => isObject(document, part))
  );
}

/** The body's fields, flattened into the method's object: the body must be an object, or a union of objects. */
function bodyFields(document: OpenApiDocument, where: string, schema: JsonObject): SdkMethod['params'] {
  const resolved = resolveRef(document, schema);
  const branches = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])] as JsonObject[];
  const objects = (branches.length > 0 ? branches : [resolved]).map((part) => resolveRef(document, part));
  if (!objects.every((part) => isObject(document, part))) {
    throw new Error(`${where}: its body is not an object, so its fields cannot be the method's parameters`);
  }
  // A field is required where every branch requires it.
  const required = objects
    .map((part) => requiredOf(document, part))
    .reduce((all, next) => all.filter((name) => next.includes(name)));
  return Object.entries(everyProperty(document, resolved)).map(([name, property]) => ({
    name,
    in: 'body',
    required: required.includes(name),
    type: typeName(property),
  }));
}

function sdkMethodOf(
  document: OpenApiDocument,
  { operationId, method, path, operation }: ReturnType<typeof listOperations>[number],
): SdkMethod {
  const where = `${method} ${path} (${operationId})`;
  const name = operation[SDK_METHOD];
  if (typeof name !== 'string') throw new Error(`${where} has no ${SDK_METHOD}`);
  const parameters = parametersOf(document, path, operation).filter((p) => p.in === 'path' || p.in === 'query');
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const positional = pathParameters.length === 1 ? pathParameters[0]! : undefined;
  const requestBody = operation.requestBody ? resolveRef(document, operation.requestBody as JsonObject) : undefined;
  const bodySchema = requestBody?.content?.['application/json']?.schema as JsonObject | undefined;
  const params = [
    ...parameters
      .filter((p) => p !== positional)
      .map((p) => ({
        name: p.name as string,
        in: p.in,
        required: p.required === true,
        type: typeName(resolveRef(document, p.schema ?? {})),
      })),
    ...(bodySchema ? bodyFields(document, where, bodySchema) : []),
  ];
  const names = params.map((p) => p.name);
  const clash = names.find((n, i) => names.indexOf(n) !== i);
  if (clash)
    throw new Error(
      `${where}: "${clash}" is both a parameter and a body field, so the method's object cannot hold both`,
    );
  const success = operation.responses?.[String(successStatus(operation))] as JsonObject | undefined;
  const answer = success && resolveRef(document, success).content?.['application/json']?.schema;
  const query = parameters.filter((p) => p.in === 'query').map((p) => p.name as string);
  return {
    name: name.split('.'),
    operationId,
    summary: String(operation.summary ?? ''),
    method,
    path,
    ...(positional
      ? { positional: { name: positional.name, type: typeName(resolveRef(document, positional.schema ?? {})) } }
      : {}),
    params,
    query,
    body: bodySchema === undefined ? 'none' : requestBody?.required === true ? 'required' : 'optional',
    paged: query.includes(PAGE_PARAMETER) && answer?.type === 'array',
    returns: typeName(answer),
  };
}

/** Every method of the resource layer, in the document's order. */
export function sdkMethodsOf(document: OpenApiDocument): SdkMethod[] {
  return listOperations(document).map((op) => sdkMethodOf(document, op));
}

/** The names as a tree, each method at its place: `{ streaming: { videos: { get: leaf } } }`. */
function tree<Leaf>(methods: SdkMethod[], leaf: (method: SdkMethod) => Leaf) {
  const root: Record<string, unknown> = {};
  for (const method of methods) {
    let at = root;
    for (const part of method.name.slice(0, -1)) {
      at[part] ??= {};
      at = at[part] as Record<string, unknown>;
    }
    at[method.name.at(-1)!] = leaf(method);
  }
  return root;
}

/**
 * What the client needs at run time to make each call, and no more: the method and path (the path
 * parameters are read from the template), which of the object's keys are query parameters, whether a
 * body is sent, and whether the list is paged.
 */
export function sdkMethodsJson(methods: SdkMethod[]): string {
  const leaf = (m: SdkMethod) => ({
    method: m.method,
    path: m.path,
    query: m.query,
    body: m.body,
    ...(m.paged ? { paged: true } : {}),
  });
  return `${JSON.stringify(tree(methods, leaf), null, 2)}\n`;
}

/**
 * The names alone, each method's leaf saying only whether it is a paged list: what a client carries
 * before its first method call, which loads the rest (src/client/method-stubs.ts).
 */
export const sdkMethodNamesJson = (methods: SdkMethod[]): string =>
  `${JSON.stringify(
    tree(methods, (m) => (m.paged ? 'pages' : 'call')),
    null,
    2,
  )}\n`;

/** The tree as a type: each leaf names its operation, its positional parameter and whether it is paged. */
export function sdkMethodsDeclaration(methods: SdkMethod[]): string {
  const lines = [
    `// Made by scripts/lib/sdk-methods.ts from the ${SDK_METHOD} of each operation in openapi/: do not edit.`,
    '',
    "/** The client's resource layer: each method at its place, the operation it calls, the path parameter it takes by position. */",
    'export interface SdkMethods {',
  ];
  const write = (node: Record<string, unknown>, depth: number) => {
    const indent = '  '.repeat(depth);
    for (const [key, value] of Object.entries(node)) {
      if ('operationId' in (value as object)) {
        const m = value as SdkMethod;
        lines.push(`${indent}/** ${m.summary}: \`${m.method} ${m.path}\`. */`);
        const positional = m.positional ? JSON.stringify(m.positional.name) : 'never';
        lines.push(
          `${indent}${key}: { operationId: ${JSON.stringify(m.operationId)}; positional: ${positional}; paged: ${m.paged} };`,
        );
      } else {
        lines.push(`${indent}${key}: {`);
        write(value as Record<string, unknown>, depth + 1);
        lines.push(`${indent}};`);
      }
    }
  };
  write(
    tree(methods, (m) => m),
    1,
  );
  lines.push('}', '');
  return lines.join('\n');
}

const code = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;

/** api.md: every method, its HTTP line, what it takes and what it answers, by area. */
export function apiReference(methods: SdkMethod[]): string {
  const lines = [
    '# API methods',
    '',
    `<!-- Made by scripts/lib/sdk-methods.ts from the ${SDK_METHOD} of each operation in openapi/: do not edit. -->`,
    '',
    "Each operation as a method of the client, named as Gcore's official SDKs name it. A path parameter, where an",
    "operation has one, is passed first; the others, the query parameters and the body's fields go in one object;",
    "the call options (`timeoutMs`, `maxRetries`, `signal`, `headers`) come last. A method resolves to the answer's",
    'body and throws an `ApiError` for any other status; `.withResponse()` gives `{ data, response }`. How to call',
    'them: [the client guide](docs/client.md#methods).',
  ];
  const areas = [...new Set(methods.map((m) => m.name[0]!))];
  for (const area of areas) {
    lines.push('', `## ${area}`, '', '| method | HTTP | takes | returns |', '|---|---|---|---|');
    for (const m of methods.filter((method) => method.name[0] === area)) {
      const object = m.params.length > 0 ? (m.params.some((p) => p.required) ? 'params' : 'params?') : undefined;
      const args = [m.positional?.name, object, 'options?'].filter(Boolean).join(', ');
      const takes = [
        ...(m.positional ? [`${code(m.positional.name)}: ${code(m.positional.type)} (path)`] : []),
        ...m.params.map((p) => `${code(`${p.name}${p.required ? '' : '?'}`)}: ${code(p.type)} (${p.in})`),
      ];
      const returns = m.paged ? `${code(m.returns.replace(/\[\]$/, ''))}, page by page` : code(m.returns);
      lines.push(
        `| ${code(`client.${m.name.join('.')}(${args})`)} | ${code(`${m.method} ${m.path}`)} | ${takes.join('<br>') || 'nothing'} | ${returns} |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
