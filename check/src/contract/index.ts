// `cloud-platform-check/contract`: the document at run time, for tools built on it: an Ajv validator
// compiled from its schemas, and checks of a whole answer (status, headers, body) against the operation
// that made it. Browser-safe; the bundled document itself is `cloud-platform-api/openapi.json`.
export {
  createAnswerChecker,
  readAnswerBody,
  type AnswerChecker,
  type AnswerIssue,
  type AnswerPart,
  type CheckedAnswer,
  type WireAnswer,
} from './answer-checker.js';
export { createResponseChecker, type ResponseChecker, UnknownOperationError } from './response-check.js';
export { DocumentError, readDocument } from './read-document.js';
export { oneSidedDocument } from './one-sided-required.js';
export { schemaSample, type SampleDirection } from './schema-sample.js';
export { documentPattern, DocumentPatternError, type DocumentPattern } from './document-pattern.js';
export {
  createContractValidator,
  describeErrors,
  documentRef,
  type ContractValidator,
  type ContractValidatorOptions,
  type ValidationIssue,
} from './validator.js';
export { listOperations, type JsonObject, type OpenApiDocument, type OperationRef } from 'cloud-platform-api/toolbox';
