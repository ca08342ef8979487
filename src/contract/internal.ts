/**
 * `cloud-platform-api/internal`: the toolbox `cloud-platform-emulator` is built from (walking the
 * document, bounded reads from a peer, the key redactor, printable peer text). Internal: it follows the
 * emulator's needs, and any release may change it. Tools of your own want `cloud-platform-api/contract`.
 *
 * @internal
 * @packageDocumentation
 */
export * from './index.js';
export {
  HTTP_METHODS,
  operationsAt,
  pathPattern,
  resolveRef,
  responseExample,
  responseFor,
  schemaExample,
  schemaProperties,
  successStatus,
  type ResponseDefinition,
} from './document.js';
export { readAnswerBody } from './answer-check.js';
export { authorizationValue, authSchemeOf, keyHeaderOf, type AuthScheme } from './auth-scheme.js';
export { BodyTooLargeError, PEER_BODY_LIMIT_BYTES, readBoundedBytes, readBoundedText } from './bounded-body.js';
export { printable } from './printable.js';
export { kindOf } from './value-kind.js';
export { deriveRoutes, type ParameterSpec, type RouteSpec } from './routes.js';
export { jsonPointer } from './pointer.js';
export { documentRef } from './validator.js';
export { createRedactor, redactJson, REDACTED } from './redact.js';
export { networkCode } from './network-code.js';
export { httpUrl, notHttpUrl } from './http-url.js';
