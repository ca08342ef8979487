// An answer that is not the operation's success, in the shape and media type the document declares for
// the operation and the status: the error body built from the response's schema (the builder fills
// whichever of the known error fields that schema has: message, error, exception_class, request_id,
// status, errors per field, RFC 9457's type, title and detail, a code; then any other field it requires,
// from the document), and the headers the call carries. Where the document declares nothing for the
// status, the emulator's own shape.
import {
  resolveRef,
  responseFor,
  schemaProperties,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
  type ResponseDefinition,
} from 'cloud-platform-api/toolbox';
import { schemaSample, type ValidationIssue } from 'cloud-platform-check/contract';
import type { CoreResponse } from '../messages.js';
import { dictionary } from '../common/dictionary.js';
import { requiredOf } from './answer-shape.js';
import { randomHex } from '../common/random.js';
import { STATUS_TEXT } from '../common/status-text.js';

/** An error's body in its area's shape, before it becomes an answer. */
export interface ErrorBody {
  /** The body to send, or undefined when the document gives this status no body. */
  body: unknown;
  contentType: string | undefined;
  /** For a response without a body, the headers it declares (the DNS 400's `error`), each carrying the message. */
  headers: Record<string, string>;
}

function schemaAt(document: OpenApiDocument, pointer: string): JsonObject {
  return resolveRef(document, { $ref: pointer });
}

const propertyNames = (document: OpenApiDocument, schema: JsonObject) =>
  new Set(Object.keys(schemaProperties(document, schema)));

/** A class-like name for a status, in the style of the cloud area's `exception_class`. */
const className = (status: number) => (STATUS_TEXT[status] ?? 'Error').replace(/[^A-Za-z]/g, '');

/** Where an issue points, as the CDN area's per-field `errors` keys it: `name`, `interfaces[0].subnet_id`, `path.config_id`. */
const fieldKey = (issue: ValidationIssue) => issue.path.replace(/^body\.?/, '') || 'body';

/** One line naming each failing field (issues carry `body.name`, `path.video_id`, `query.page`) and its rule. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return `Invalid request: ${issues.map((i) => `${i.path}: ${i.message} (${i.rule})`).join('; ')}`;
}

/** Messages keyed by the field they concern, as `errors` or `invalid_fields` hold them. */
function messagesPerField(issues: readonly ValidationIssue[]): Record<string, string[]> {
  const fields = dictionary<string[]>();
  for (const issue of issues) {
    fields[fieldKey(issue)] ??= [];
    fields[fieldKey(issue)]!.push(`${issue.message} (${issue.rule})`);
  }
  return fields;
}

/** A header value can hold only visible ASCII here: anything else in a message becomes `?`. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/** The JSON types a property's schema names. */
const typesOf = (schema: JsonObject): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** A value as a property of these types takes it: a status as text where the property is a string; undefined where it cannot be. */
function asDeclared(value: unknown, property: JsonObject): unknown {
  const types = typesOf(property);
  if (types.every((type) => type === undefined)) return value;
  if (typeof value === 'number' && !types.includes('integer') && !types.includes('number'))
    return types.includes('string') ? String(value) : undefined;
  if (typeof value === 'string' && !types.includes('string')) return undefined;
  return value;
}

/** Each issue as an item of an `errors` array: a string, or an object of the fields its item schema names. */
function issueItems(document: OpenApiDocument, errors: JsonObject, issues: readonly ValidationIssue[]): unknown[] {
  const names = propertyNames(document, errors.items ? resolveRef(document, errors.items) : {});
  if (names.size === 0) return issues.map((issue) => `${fieldKey(issue)}: ${issue.message} (${issue.rule})`);
  return issues.map((issue) => {
    const item: JsonObject = {};
    const text = `${issue.message} (${issue.rule})`;
    for (const name of ['field', 'name', 'path', 'parameter']) if (names.has(name)) item[name] = fieldKey(issue);
    if (names.has('pointer')) item.pointer = `/${fieldKey(issue).replace(/\./g, '/')}`;
    for (const name of ['message', 'detail', 'reason', 'description']) if (names.has(name)) item[name] = text;
    if (names.has('rule')) item.rule = issue.rule;
    return item;
  });
}

/** The known error fields a schema has, filled: this project's areas', RFC 9457's problem fields, a `code`. */
function knownFields(
  document: OpenApiDocument,
  properties: Record<string, JsonObject>,
  status: number,
  message: string,
  issues: readonly ValidationIssue[] | undefined,
  example: unknown,
): JsonObject {
  const has = (name: string) => Object.hasOwn(properties, name);
  const body: JsonObject = {};
  if (has('errors') && issues?.length) {
    const errors = resolveRef(document, properties.errors!);
    body.errors = typesOf(errors).includes('array') ? issueItems(document, errors, issues) : messagesPerField(issues);
  }
  if (has('invalid_fields') && issues?.length) body.invalid_fields = messagesPerField(issues);
  // The class the document's example for exactly this status gives (NotFoundError for 404), else one made from the status.
  const exampleClass = (example as { exception_class?: unknown } | undefined)?.exception_class;
  if (has('exception_class'))
    body.exception_class = typeof exampleClass === 'string' ? exampleClass : className(status);
  if (has('message')) body.message = message;
  if (has('error')) body.error = message;
  if (has('request_id')) body.request_id = randomHex(16);
  if (has('status')) body.status = status;
  if (has('type')) body.type = 'about:blank';
  if (has('title')) body.title = STATUS_TEXT[status] ?? 'Error';
  if (has('detail')) body.detail = message;
  if (has('code')) body.code = status;
  return body;
}

/**
 * The body a schema describes: its known error fields filled, each as the schema types it, then any
 * other field it requires from the document's example for the status, else a sample of the field's
 * schema. A schema with no fields at all (the CDN area, whose live shape is not documented) gets the
 * emulator's own `{"message": ..., "errors": {field: [...]}}`.
 */
function bodyFromSchema(
  document: OpenApiDocument,
  schema: JsonObject,
  status: number,
  message: string,
  issues: readonly ValidationIssue[] | undefined,
  example: unknown,
): unknown {
  const resolved = resolveRef(document, schema);
  const properties = schemaProperties(document, resolved);
  if (Object.keys(properties).length === 0) return ownShape(message, issues);
  const body: JsonObject = {};
  for (const [name, value] of Object.entries(knownFields(document, properties, status, message, issues, example))) {
    const typed = asDeclared(value, resolveRef(document, properties[name]!));
    if (typed !== undefined) body[name] = typed;
  }
  for (const name of requiredOf(document, resolved)) {
    if (Object.hasOwn(body, name) || !Object.hasOwn(properties, name)) continue;
    const given = (example as JsonObject | undefined)?.[name];
    body[name] = given !== undefined ? given : schemaSample(document, properties[name]!, 'response');
  }
  return body;
}

function createErrorBodies(document: OpenApiDocument) {
  /** The answer for an error of an operation: the body its document response for the status declares. */
  function forOperation(
    op: OperationRef,
    status: number,
    message: string,
    issues?: readonly ValidationIssue[],
  ): ErrorBody {
    // The emulator's own server faults (a state file it cannot write) take the area's error shape
    // where the document declares nothing for them.
    const response = responseFor(document, op, status) ?? (status >= 500 ? responseFor(document, op, 400) : undefined);
    // Where the document declares nothing for the status, this project's own shape.
    if (!response) return { body: ownShape(message, issues), contentType: JSON_TYPE, headers: {} };
    if (response.mediaTypes.length === 0) {
      // Without a body, the message has only the headers the response declares to go in.
      return {
        body: undefined,
        contentType: undefined,
        headers: Object.fromEntries(response.headers.map((name) => [name, headerSafe(message)])),
      };
    }
    if (!response.jsonSchema) return { body: message, contentType: response.mediaTypes[0], headers: {} };
    // An example speaks for its own status only: not for the others a 4XX response covers.
    const example = response.key === String(status) ? response.jsonExample : undefined;
    const body = bodyFromSchema(document, schemaAt(document, response.jsonSchema), status, message, issues, example);
    return { body, contentType: jsonMediaType(response), headers: {} };
  }

  return { forOperation };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The JSON media type a response declares: `application/problem+json` as it is, plain JSON with its charset. */
function jsonMediaType(response: ResponseDefinition): string {
  const declared = response.mediaTypes.find((type) => /json/.test(type))!;
  return declared === 'application/json' ? JSON_TYPE : declared;
}

/** The emulator's own error body, where the document gives no shape: the message, and each field's messages. */
const ownShape = (message: string, issues: readonly ValidationIssue[] | undefined) =>
  issues?.length ? { message, errors: messagesPerField(issues) } : { message };

/** The answer for an error of an operation: its status, the body its area's schema gives, and the call's headers. */
export type ErrorAnswer = (
  op: OperationRef,
  status: number,
  message: string,
  issues?: readonly ValidationIssue[],
  headers?: Readonly<Record<string, string>>,
) => CoreResponse;

export function createErrorAnswer(document: OpenApiDocument): ErrorAnswer {
  const errors = createErrorBodies(document);
  return (op, status, message, issues, headers = {}) => {
    const answer = errors.forOperation(op, status, message, issues);
    const contentType: Record<string, string> =
      answer.body === undefined ? {} : { 'content-type': answer.contentType! };
    return {
      status,
      headers: { ...headers, ...answer.headers, ...contentType },
      body: answer.body,
    };
  };
}
