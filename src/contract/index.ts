// `cloud-platform-api/contract`: the document at run time, for tools built on it (the emulator among
// them): Ajv validators compiled from its schemas, response checks, and the helpers that walk it.
// Browser-safe; the bundled document itself is `cloud-platform-api/openapi.json`.
export {
  HTTP_METHODS,
  listOperations,
  operationsAt,
  pathPattern,
  resolveRef,
  responseExample,
  responseFor,
  schemaExample,
  schemaProperties,
  successStatus,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
  type ResponseDefinition,
} from './document.js';
export { BodyTooLargeError, PEER_BODY_LIMIT_BYTES, readBoundedBytes, readBoundedText } from './bounded-body.js';
export { printable } from './printable.js';
export { createAnswerChecker, readAnswerBody, type AnswerChecker, type AnswerIssue, type AnswerPart, type CheckedAnswer, type WireAnswer } from './answer-check.js';
export { createResponseChecker, UnknownOperationError } from './response-check.js';
export { deriveRoutes, type ParameterSpec, type RouteSpec } from './routes.js';
export { jsonPointer } from './pointer.js';
export { createContractValidator, describeErrors, documentRef, type ContractValidator, type ContractValidatorOptions, type ValidationIssue } from './validator.js';
export { createRedactor, redactJson, REDACTED } from './redact.js';
export { networkCode } from './network-code.js';
