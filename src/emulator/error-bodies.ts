// Builds error bodies in the shape the document gives each operation's area, from the response
// schema it declares for the status: the builder fills whichever of the known error fields that
// schema has (message, error, exception_class, request_id, status, errors-per-field).
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { resolveRef, responseFor, schemaProperties, type JsonObject, type OpenApiDocument, type OperationRef } from '../contract/document.js';
import type { ValidationIssue } from '../contract/validator.js';
import { dictionary } from './dictionary.js';

export interface ErrorAnswer {
  /** The body to send, or undefined when the document gives this status no body. */
  body: unknown;
  contentType: string | undefined;
}

function schemaAt(document: OpenApiDocument, pointer: string): JsonObject {
  return resolveRef(document, { $ref: pointer });
}

const propertyNames = (document: OpenApiDocument, schema: JsonObject) => new Set(Object.keys(schemaProperties(document, schema)));

/** A class-like name for a status, in the style of the cloud area's `exception_class`. */
const className = (status: number) => (STATUS_CODES[status] ?? 'Error').replace(/[^A-Za-z]/g, '');

/** Where an issue points, as the CDN area's per-field `errors` keys it: `name`, `interfaces[0].subnet_id`, `path.config_id`. */
const fieldKey = (issue: ValidationIssue) => issue.path.replace(/^body\.?/, '') || 'body';

/** One line naming each failing field (issues carry `body.name`, `path.video_id`, `query.page`) and its rule. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return `Invalid request: ${issues.map((i) => `${i.path}: ${i.message} (${i.rule})`).join('; ')}`;
}

export function createErrorBodies(document: OpenApiDocument) {
  function bodyFromSchema(schema: JsonObject, status: number, message: string, issues: readonly ValidationIssue[] | undefined): unknown {
    const resolved = resolveRef(document, schema);
    const branches = (resolved.oneOf ?? resolved.anyOf) as JsonObject[] | undefined;
    if (branches) {
      // A union of error shapes (the CDN area): per-field errors for validation, a message otherwise.
      const wanted = issues?.length ? 'errors' : 'message';
      const branch = branches.find((b) => propertyNames(document, b).has(wanted)) ?? branches[0]!;
      return bodyFromSchema(branch, status, message, issues);
    }
    const names = propertyNames(document, resolved);
    const body: JsonObject = {};
    if (names.has('errors') && issues?.length) {
      const errors = dictionary<string[]>();
      for (const issue of issues) (errors[fieldKey(issue)] ??= []).push(`${issue.message} (${issue.rule})`);
      body.errors = errors;
    }
    if (names.has('exception_class')) body.exception_class = className(status);
    if (names.has('message')) body.message = message;
    if (names.has('error')) body.error = message;
    if (names.has('request_id')) body.request_id = randomUUID();
    if (names.has('status')) body.status = status;
    return body;
  }

  /** The answer for an error of an operation: the body its document response for the status declares. */
  function forOperation(op: OperationRef, status: number, message: string, issues?: readonly ValidationIssue[]): ErrorAnswer {
    // The emulator's own server faults (a state file it cannot write) take the area's error shape
    // where the document declares nothing for them.
    const response = responseFor(document, op, status) ?? (status >= 500 ? responseFor(document, op, 400) : undefined);
    if (!response || response.mediaTypes.length === 0) return { body: undefined, contentType: undefined };
    if (!response.jsonSchema) {
      return { body: message, contentType: response.mediaTypes[0] };
    }
    return { body: bodyFromSchema(schemaAt(document, response.jsonSchema), status, message, issues), contentType: 'application/json; charset=utf-8' };
  }

  return { forOperation };
}
