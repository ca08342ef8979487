// Checks what a server answers against the document (Ajv against the bundled document), through the
// checker package's entry point, as a tool of a user's would: a checkout of test files alone can use it.
import { createContractValidator, createResponseChecker } from 'cloud-platform-check/contract';
import { bundled } from './document.js';

export { operationFor } from './document.js';
export const validator = createContractValidator(bundled);
export const checkResponse = createResponseChecker(bundled, validator);

/** Parses a body as a server sent it: JSON when it says JSON, text otherwise, undefined when empty. */
export function parsedBody(text: string, contentType: string | null | undefined): unknown {
  if (text === '') return undefined;
  return contentType?.includes('json') ? JSON.parse(text) : text;
}
