// Checks a response (operation, status, body) against the document: the status must be declared,
// and the body must be what that response declares (a JSON body valid against its schema, or none).
import { listOperations, responseFor, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { ContractValidator, ValidationIssue } from './validator.js';

/** An operationId the document does not declare; the message lists the ones it does. */
export class UnknownOperationError extends Error {
  override name = 'UnknownOperationError';
}

/** The issues of a parsed body against what an operation declares for a status; none when it is as declared. */
export type ResponseChecker = (operationId: string, status: number, body: unknown) => ValidationIssue[];

/**
 * A check of a parsed body against what an operation declares for a status: the schema of its JSON,
 * text for a text response, nothing for one without a body.
 *
 * @example
 * const checkResponse = createResponseChecker(document, createContractValidator(document));
 * checkResponse('getVideo', 200, { id: 1444 }); // the issues: each field and rule
 */
export function createResponseChecker(document: OpenApiDocument, validator: ContractValidator): ResponseChecker {
  const operations = new Map(listOperations(document).map((op) => [op.operationId, op]));

  // `body` is the parsed JSON body, a string for a text body, or undefined for none.
  return function checkResponse(operationId, status, body) {
    const op = operations.get(operationId);
    if (!op)
      throw new UnknownOperationError(
        `Unknown operationId "${operationId}"; known: ${[...operations.keys()].join(', ')}`,
      );
    const response = responseFor(document, op, status);
    if (!response)
      return [{ path: '$', rule: 'status', message: `${operationId} declares no response for status ${status}` }];
    if (response.mediaTypes.length === 0) {
      return body === undefined || body === ''
        ? []
        : [{ path: '$', rule: 'body', message: `${operationId} declares no body for status ${status}` }];
    }
    if (response.jsonSchema) return validator.check(response.jsonSchema, body);
    return typeof body === 'string'
      ? []
      : [{ path: '$', rule: 'type', message: `must be text (${response.mediaTypes.join(', ')})` }];
  };
}
