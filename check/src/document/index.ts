// `cloud-platform-check/document` (Node only): an OpenAPI document read from a file, as the three
// commands' `--document FILE` reads it, for the `document` option of createEmulator, checkContract and
// the MCP server.
export { DocumentError, readDocument } from '../contract/read-document.js';
export { MAX_DOCUMENT_BYTES } from './document-file.js';
export { MAX_DOCUMENT_DEPTH } from './local-refs.js';
export { loadDocument } from './load-document.js';
