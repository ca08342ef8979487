// Validates a response body, for example one captured from the live service, against the document:
// `validateResponse(body, { operationId: 'getVideo', status: 200 })`. Node only (it reads the bundled
// document), so it is exported as `cloud-platform-check/validate`, away from the browser-safe validator.
import { loadBundledDocument } from './bundled-document.js';
import { listOperations, successStatus, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { createResponseChecker, type ResponseChecker, UnknownOperationError } from './response-check.js';
import { createContractValidator, type ValidationIssue } from './validator.js';

export { UnknownOperationError, type ValidationIssue };

/** What validateResponse found: `valid`, and each issue naming the field and the rule. */
export interface ResponseValidation {
  valid: boolean;
  operationId: string;
  status: number;
  /** Each failure with its JSON path (`$.converted_videos[0].width`) and rule (`type`, `required`, ...). */
  issues: ValidationIssue[];
}

/** The operation and status a body answered, and the document to judge it by. */
export interface ValidateResponseOptions {
  operationId: string;
  /** Default: the operation's success status. */
  status?: number;
  /** Default: the package's bundled document. */
  document?: OpenApiDocument;
}

const checkers = new WeakMap<OpenApiDocument, ResponseChecker>();
let packaged: OpenApiDocument | undefined;

/** The package's own document, read on first use. */
function packagedDocument(): OpenApiDocument {
  packaged ??= loadBundledDocument();
  return packaged;
}

function checkerFor(document: OpenApiDocument) {
  let checker = checkers.get(document);
  if (!checker) {
    checker = createResponseChecker(document, createContractValidator(document));
    checkers.set(document, checker);
  }
  return checker;
}

/** `body`: the parsed JSON body, a string for a text body, undefined for none. */
export function validateResponse(body: unknown, options: ValidateResponseOptions): ResponseValidation {
  const document = options.document ?? packagedDocument();
  const op = listOperations(document).find((o) => o.operationId === options.operationId);
  if (!op)
    throw new UnknownOperationError(
      `Unknown operationId "${options.operationId}"; known: ${listOperations(document)
        .map((o) => o.operationId)
        .join(', ')}`,
    );
  const status = options.status ?? successStatus(op.operation);
  const issues = checkerFor(document)(options.operationId, status, body);
  return { valid: issues.length === 0, operationId: options.operationId, status, issues };
}
