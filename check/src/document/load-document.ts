// loadDocument(): an OpenAPI document from a file, as `--document FILE` reads it (Node only): the files
// read within one byte budget, each `$ref` checked, local files bundled into one document by
// json-schema-ref-parser (nothing fetched), then read as every tool reads a document (readDocument).
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { pointerTokens, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { DocumentError, readDocument, versionProblem } from '../contract/read-document.js';
import { readDocumentFile } from './document-file.js';
import { checkRefLoops, type DocumentFiles, isDataPath, readDocumentFiles } from './local-refs.js';

/** A file's path from what the parser names it by: a path, or a file: URL. */
const filePath = (url: string) => path.resolve(url.startsWith('file:') ? fileURLToPath(url) : url);

/** Whether the parser's place (`#/paths/...`, a file's path before the `#`) is inside data, where a `$ref` is a value. */
const inData = (where: string) => isDataPath(pointerTokens(where.slice(where.indexOf('#'))));

/**
 * The files bundled into one document: the parser reads nothing itself, only the files already read and
 * checked. Loaded only for a document of several files.
 */
async function bundled(rootFile: string, files: DocumentFiles): Promise<JsonObject> {
  const { $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const parsed = (url: string) => {
    const content = files.get(filePath(url))?.content;
    // readDocumentFiles read every file a $ref reaches: another is the parser's mistake, never a read.
    if (content === undefined) throw new DocumentError(`${rootFile}: ${url} was not read before bundling`);
    return content;
  };
  const root = files.get(path.resolve(rootFile))!.content as JsonObject;
  return (await new $RefParser().bundle(pathToFileURL(path.resolve(rootFile)).href, root, {
    resolve: {
      external: true,
      file: false,
      http: false,
      read: { order: 1, canRead: true, read: () => '' },
    },
    parse: {
      json: false,
      text: false,
      binary: false,
      yaml: { order: 1, allowEmpty: true, canParse: true, parse: (file) => parsed(file.url) },
    },
    resolveExcludedPathMatcher: inData,
    bundle: { excludedPathMatcher: inData },
  })) as JsonObject;
}

/**
 * Reads an OpenAPI 3.0 or 3.1 document from a YAML or JSON file, with the local files its `$ref`s name
 * bundled in, for a `document` option. What cannot be served is a DocumentError of one line naming the
 * file and the place: no such file, a directory, empty, not YAML or JSON, over MAX_DOCUMENT_BYTES (all
 * files together), Swagger 2.0 or another version, a remote `$ref`, one that leads nowhere, a `$ref` loop.
 *
 * @example
 * const emulator = await createEmulator({ document: await loadDocument('petstore.yaml') });
 */
export async function loadDocument(file: string): Promise<OpenApiDocument> {
  if (typeof file !== 'string' || file.trim() === '')
    throw new DocumentError(`document: needs a file's path, got ${JSON.stringify(file)}`);
  const budget = { used: 0 };
  const root = await readDocumentFile(file, budget);
  const version = versionProblem(root);
  if (version) throw new DocumentError(`${file}: ${version}`);
  const files = await readDocumentFiles(file, budget, root);
  checkRefLoops(files);
  return readDocument(files.size === 1 ? root : await bundled(file, files), file);
}
