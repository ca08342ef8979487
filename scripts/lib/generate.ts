// Derives generated/ from openapi/: the bundled document (YAML and JSON), an operation index and the
// TypeScript types.
// The same function writes generated/ in the build and a scratch copy in the drift check.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { authSchemeOf } from '../../src/contract/auth-scheme.js';
import { listOperations, successStatus, type OpenApiDocument } from '../../src/contract/document.js';
import { serverUrlOf } from '../../src/contract/server-url.js';
import { pathRulesOf } from '../../src/contract/path-rules.js';
import { bundleDocument, rootDocument } from './lint.js';
import {
  apiReference,
  sdkMethodNamesJson,
  sdkMethodsDeclaration,
  sdkMethodsJson,
  sdkMethodsOf,
} from './sdk-methods.js';
import { runToolOrFail } from './tools.js';

export const generatedFiles = [
  'openapi.yaml',
  'openapi.json',
  'operations.json',
  'deprecated-operations.json',
  'client-defaults.json',
  'path-parameters.json',
  'key-header.d.ts',
  'sdk-method-names.json',
  'sdk-methods.json',
  'sdk-methods.d.ts',
  'schema.d.ts',
] as const;

/** The method reference, at the root where Stainless' SDKs keep theirs: made with generated/, checked with it. */
export const API_REFERENCE = 'api.md';

/**
 * A small index of the operations (id, method, path, area, deprecation, success status) for code
 * that must not carry the whole document, such as the browser-sized client.
 */
function operationIndex(document: OpenApiDocument) {
  return listOperations(document).map(({ operationId, method, path, operation }) => ({
    operationId,
    method,
    path,
    tag: operation.tags?.[0] ?? '',
    deprecated: operation.deprecated === true,
    successStatus: successStatus(operation),
  }));
}

/** Writes generated/ into `outDir`, and the method reference to `apiReferenceFile`. */
export async function bundleInto(outDir: string, apiReferenceFile = API_REFERENCE): Promise<void> {
  const yamlFile = path.join(outDir, 'openapi.yaml');
  await bundleDocument(yamlFile);
  const document = parse(await readFile(yamlFile, 'utf8')) as OpenApiDocument;
  await writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  const operations = operationIndex(document);
  await writeFile(path.join(outDir, 'operations.json'), `${JSON.stringify(operations, null, 2)}\n`);
  // The client only needs to recognise deprecated calls; this keeps the full index out of its bundle.
  const deprecated = Object.fromEntries(
    operations.filter((op) => op.deprecated).map((op) => [`${op.method} ${op.path}`, op.operationId]),
  );
  await writeFile(path.join(outDir, 'deprecated-operations.json'), `${JSON.stringify(deprecated, null, 2)}\n`);
  // What the client needs of the document, and no more: it does not carry the document.
  const clientDefaults = { baseUrl: defaultServerUrl(document), auth: authSchemeOf(document) };
  await writeFile(path.join(outDir, 'client-defaults.json'), `${JSON.stringify(clientDefaults, null, 2)}\n`);
  // The client checks path values against these before a URL is made (src/contract/path-values.ts).
  await writeFile(path.join(outDir, 'path-parameters.json'), `${JSON.stringify(pathRulesOf(document), null, 2)}\n`);
  await writeFile(path.join(outDir, 'key-header.d.ts'), keyHeaderDeclaration(document));
  // The resource layer (client.streaming.videos.get): named on every client, built by the client from the
  // tree on its first method call, typed by the declaration.
  const methods = sdkMethodsOf(document);
  await writeFile(path.join(outDir, 'sdk-method-names.json'), sdkMethodNamesJson(methods));
  await writeFile(path.join(outDir, 'sdk-methods.json'), sdkMethodsJson(methods));
  await writeFile(path.join(outDir, 'sdk-methods.d.ts'), sdkMethodsDeclaration(methods));
  await writeFile(apiReferenceFile, apiReference(methods));
}

/**
 * The name of the key's header as a type: a JSON import's strings are typed `string`, so the client's
 * types (a call may not set this header) read the name from here.
 */
export function keyHeaderDeclaration(document: OpenApiDocument): string {
  return [
    '// Made by scripts/lib/generate.ts from the security scheme of openapi/: do not edit.',
    '',
    "/** The header the API key goes in, as the document's security scheme names it. */",
    `export type KeyHeader = ${JSON.stringify(authSchemeOf(document).header)};`,
    '',
  ].join('\n');
}

/** The document's first server, its variables at their defaults: the base URL a client uses unless told otherwise. */
function defaultServerUrl(document: OpenApiDocument): string {
  const url = serverUrlOf(document);
  if (url === undefined)
    throw new Error(
      'The document declares no server, or a server variable with no default: the client has no default base URL',
    );
  return url;
}

/** Types from the split source, which openapi-typescript bundles itself: they need no bundle first. */
export async function generateTypesInto(outDir: string): Promise<void> {
  await runToolOrFail('openapi-typescript', [
    rootDocument,
    '--output',
    path.join(outDir, 'schema.d.ts'),
    '--redocly',
    'scripts/typegen.redocly.yaml',
    // A field with a default may be left out of a request: openapi-typescript would otherwise type it required.
    '--default-non-nullable=false',
  ]);
}

/**
 * Derives generated/ and the method reference afresh in a scratch folder and names every file in
 * `committedDir`, and the committed reference, that differs.
 */
export async function findStaleGenerated(
  committedDir = 'generated',
  committedReference = API_REFERENCE,
): Promise<string[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-generated-'));
  try {
    await deriveGenerated(scratch);
    return await staleAgainst(scratch, committedDir, committedReference);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Derives generated/ and the method reference into `scratch`, as the build makes them. */
export async function deriveGenerated(scratch: string): Promise<void> {
  // The types come from the source, not the bundle: the two are made at once, as the build does.
  await Promise.all([bundleInto(scratch, path.join(scratch, API_REFERENCE)), generateTypesInto(scratch)]);
}

/** Each file in `committedDir`, and the committed reference, that differs from what was derived into `scratch`. */
export async function staleAgainst(
  scratch: string,
  committedDir = 'generated',
  committedReference = API_REFERENCE,
): Promise<string[]> {
  const pairs: [fresh: string, committed: string][] = [
    ...generatedFiles.map((file): [string, string] => [path.join(scratch, file), path.join(committedDir, file)]),
    [path.join(scratch, API_REFERENCE), committedReference],
  ];
  const stale: string[] = [];
  for (const [freshFile, committedFile] of pairs) {
    const fresh = await readFile(freshFile, 'utf8');
    const committed = await readFile(committedFile, 'utf8').catch(() => undefined);
    if (committed !== fresh) stale.push(committedFile);
  }
  return stale;
}
