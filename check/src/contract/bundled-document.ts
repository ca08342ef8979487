// Reads the bundled document of the client package, `cloud-platform-api/openapi.json` (Node only): the
// checker pins that package's exact version, so the document it judges by is the one the client was
// generated from.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';

/** Where the installed `cloud-platform-api` keeps its bundled document. */
const bundledDocumentFile = (): string => createRequire(import.meta.url).resolve('cloud-platform-api/openapi.json');

export function loadBundledDocument(file = bundledDocumentFile()): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}
