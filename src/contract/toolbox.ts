/**
 * `cloud-platform-api/toolbox`: the dependency-free tools the sibling packages (`cloud-platform-check`,
 * `cloud-platform-emulator`, `cloud-platform-mcp`) build on: walking the document, its routes and path
 * values, bounded reads from a peer, the key redactor, printable peer text. Supported: the siblings pin
 * this package's exact version, so it moves in lockstep with them, and a change to it is a change to
 * the package.
 *
 * @packageDocumentation
 */
export {
  HTTP_METHODS,
  listOperations,
  operationsAt,
  refTarget,
  resolveRef,
  responseExample,
  responseFor,
  schemaExample,
  everyProperty,
  schemaProperties,
  successLinks,
  successStatus,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
  type ResponseDefinition,
} from './document.js';
export {
  authorizationValue,
  authSchemeOf,
  credentialHint,
  credentialsOptional,
  keyHeaderOf,
  secretsOfKey,
  securityOf,
  SecurityError,
  type AuthScheme,
  type CredentialSlot,
  type DocumentSecurity,
  type NamedScheme,
  type Requirement,
} from './auth-scheme.js';
export {
  BodyTooLargeError,
  PEER_BODY_LIMIT_BYTES,
  readBoundedBytes,
  readBoundedText,
  readRequestBody,
  type RequestBody,
  type RequestStream,
} from './bounded-body.js';
export { printable } from './printable.js';
export { kindOf } from './value-kind.js';
export { deriveRoutes, type ParameterSpec, type RouteSpec } from './routes.js';
export { operationParameters, type DeclaredParameter } from './parameters.js';
export {
  cookiePairs,
  parameterCoding,
  primitiveText,
  readParameters,
  serializeParameter,
  type ParameterCoding,
  type ParameterLocation,
  type ParameterReading,
  type ParameterSource,
  type ParameterStyle,
} from './parameter-style.js';
export { fillPath, pathValueProblem } from './path-values.js';
export { pathParameterNames, pathPattern } from './path-template.js';
export { jsonPointer, pointerTokens } from './pointer.js';
export { schemaProblem, type PatternProblem } from './schema-problem.js';
export { createRedactor, redactedBodyText, redactJson, REDACTED } from './redact.js';
export { networkCode } from './network-code.js';
export { isLoopback, LOOPBACK_NAMES } from './loopback.js';
export { hostAnswered, hostName, originAllowed } from './host-header.js';
export { MAX_PORT, parsePort, portProblem, UsageError } from './usage.js';
export { httpUrl, notHttpUrl } from './http-url.js';
export { closestOptions, optionErrorMessage } from './option-suggestion.js';
export type { FetchFunction } from './fetch-function.js';
