// An answer that is not the operation's success: the status with the error body the document gives
// the operation's area for it, and the headers the call carries.
import type { OpenApiDocument, OperationRef } from 'cloud-platform-api/toolbox';
import type { ValidationIssue } from 'cloud-platform-check/contract';
import { createErrorBodies } from './error-bodies.js';
import type { CoreResponse } from './messages.js';

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
