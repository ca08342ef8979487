// Code samples for every operation, written from the document at build time into the bundle the
// docs are rendered from: curl, and TypeScript with this package's createCloudClient. Values are
// the document's own examples, so the samples change when the document does.
import { authorizationValue, authSchemeOf, type AuthScheme } from '../../src/contract/auth-scheme.js';
import {
  listOperations,
  resolveRef,
  successStatus,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
} from '../../src/contract/document.js';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

interface Call {
  url: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  hasSuccessBody: boolean;
}

function exampleOf(document: OpenApiDocument, parameter: JsonObject): unknown {
  if (parameter.example !== undefined) return parameter.example;
  return resolveRef(document, parameter.schema ?? {}).examples?.[0];
}

function callOf(document: OpenApiDocument, op: OperationRef): Call {
  const base: string = document.servers?.[0]?.variables?.base_url?.default ?? '';
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const raw of (op.operation.parameters ?? []) as JsonObject[]) {
    const parameter = resolveRef(document, raw);
    const value = exampleOf(document, parameter);
    if (value === undefined) continue;
    if (parameter.in === 'path') path[parameter.name] = value;
    if (parameter.in === 'query') query[parameter.name] = value;
  }
  const requestBody = op.operation.requestBody ? resolveRef(document, op.operation.requestBody) : undefined;
  const body = Object.values((requestBody?.content ?? {}) as Record<string, JsonObject>)[0]?.example;
  const filled = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(path[name])));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const success = (op.operation.responses as Record<string, JsonObject>)[String(successStatus(op.operation))];
  return {
    url: `${base}${filled}${search ? `?${search}` : ''}`,
    path,
    query,
    body,
    hasSuccessBody: Boolean(success && resolveRef(document, success).content),
  };
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function curlSample(op: OperationRef, call: Call, auth: AuthScheme): string {
  const lines = [
    `curl -X ${op.method} ${shellQuote(call.url)}`,
    `  -H "${auth.header}: ${authorizationValue(auth, '$GCORE_API_KEY')}"`,
  ];
  if (call.body !== undefined)
    lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(call.body, null, 2))}`);
  return lines.join(' \\\n');
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const tsKey = (key: string) => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

/** A value as a TypeScript literal, identifier keys unquoted: on one line when short, else indented. */
function tsLiteral(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const items = Array.isArray(value)
    ? value.map((v) => tsLiteral(v, depth + 1))
    : Object.entries(value).map(([k, v]) => `${tsKey(k)}: ${tsLiteral(v, depth + 1)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  const inline = items.length === 0 ? open.trim() + close.trim() : `${open}${items.join(', ')}${close}`;
  if (inline.length <= 60 && !inline.includes('\n')) return inline;
  const pad = '  '.repeat(depth + 1);
  return `${open.trim()}\n${items.map((item) => `${pad}${item}`).join(',\n')}\n${'  '.repeat(depth)}${close.trim()}`;
}

function typescriptSample(op: OperationRef, call: Call): string {
  const init: Record<string, unknown> = {};
  const params: Record<string, unknown> = {};
  if (Object.keys(call.path).length > 0) params.path = call.path;
  if (Object.keys(call.query).length > 0) params.query = call.query;
  if (Object.keys(params).length > 0) init.params = params;
  if (call.body !== undefined) init.body = call.body;
  const fields = Object.entries(init).map(([key, value]) => `${key}: ${indent(tsLiteral(value, 0), '    ')}`);
  const args = fields.length > 0 ? `'${op.path}', {\n    ${fields.join(',\n    ')},\n  }` : `'${op.path}'`;
  const request = `client.${op.method}(${args})`;
  return [
    `import { createCloudClient, unwrap } from 'cloud-platform-api';`,
    '',
    `const client = createCloudClient(); // apiKey from GCORE_API_KEY`,
    call.hasSuccessBody
      ? `const data = await unwrap(\n  ${request},\n);\nconsole.log(data);`
      : `await unwrap(\n  ${request},\n);`,
    '',
  ].join('\n');
}

export function codeSamplesFor(document: OpenApiDocument, op: OperationRef): CodeSample[] {
  const call = callOf(document, op);
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(op, call, authSchemeOf(document)) },
    { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(op, call) },
  ];
}

/** A copy of the document with `x-codeSamples` on every operation. */
export function withCodeSamples(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  for (const op of listOperations(copy)) op.operation['x-codeSamples'] = codeSamplesFor(copy, op);
  return copy;
}
