// An answer that is not the operation's success, in the shape the document gives each operation's
// area: the status, the error body built from the response schema it declares for the status (the
// builder fills whichever of the known error fields that schema has: message, error, exception_class,
// request_id, status, errors-per-field), and the headers the call carries.
import {
  resolveRef,
  responseFor,
  schemaProperties,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
} from 'cloud-platform-api/toolbox';
import type { ValidationIssue } from 'cloud-platform-check/contract';
import type { CoreResponse } from '../messages.js';
import { dictionary } from '../common/dictionary.js';
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

function createErrorBodies(document: OpenApiDocument) {
  /**
   * The body a schema describes, filled with whichever known error fields it has. A schema with no
   * fields at all (the CDN area, whose live shape is not documented) gets the emulator's own
   * `{"message": ..., "errors": {field: [...]}}`.
   */
  function bodyFromSchema(
    schema: JsonObject,
    status: number,
    message: string,
    issues: readonly ValidationIssue[] | undefined,
    example: unknown,
  ): unknown {
    const names = propertyNames(document, resolveRef(document, schema));
    if (names.size === 0) return issues?.length ? { message, errors: messagesPerField(issues) } : { message };
    const body: JsonObject = {};
    if (names.has('errors') && issues?.length) body.errors = messagesPerField(issues);
    if (names.has('invalid_fields') && issues?.length) body.invalid_fields = messagesPerField(issues);
    // The class the document's example for exactly this status gives (NotFoundError for 404), else one made from the status.
    const exampleClass = (example as { exception_class?: unknown } | undefined)?.exception_class;
    if (names.has('exception_class'))
      body.exception_class = typeof exampleClass === 'string' ? exampleClass : className(status);
    if (names.has('message')) body.message = message;
    if (names.has('error')) body.error = message;
    if (names.has('request_id')) body.request_id = randomHex(16);
    if (names.has('status')) body.status = status;
    return body;
  }

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
    if (!response || response.mediaTypes.length === 0) {
      // Without a body, the message has only the headers the response declares to go in.
      return {
        body: undefined,
        contentType: undefined,
        headers: Object.fromEntries((response?.headers ?? []).map((name) => [name, headerSafe(message)])),
      };
    }
    if (!response.jsonSchema) return { body: message, contentType: response.mediaTypes[0], headers: {} };
    // An example speaks for its own status only: not for the others a 4XX response covers.
    const example = response.key === String(status) ? response.jsonExample : undefined;
    const body = bodyFromSchema(schemaAt(document, response.jsonSchema), status, message, issues, example);
    return { body, contentType: 'application/json; charset=utf-8', headers: {} };
  }

  return { forOperation };
}

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
