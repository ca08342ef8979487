// The files a document's `$ref`s reach, read once each, and every `$ref` checked before anything is
// bundled: one that is remote, leads nowhere, or loops through `$ref`s alone is a DocumentError naming
// the file and the JSON pointer where it is written.
import path from 'node:path';
import { jsonPointer, refTarget, type JsonObject } from 'cloud-platform-api/toolbox';
import { DocumentError } from '../contract/read-document.js';
import { type ByteBudget, FileProblem, readDocumentFile } from './document-file.js';

/** How deep a document may nest: far past any real one, and short of a stack a walk could overflow. */
export const MAX_DOCUMENT_DEPTH = 256;

/**
 * Where a `$ref` is written: its file (as shown, and its absolute path) and the JSON pointer to the object
 * holding it, made when a message names it; what it names, once worked out.
 */
interface RefSite {
  file: string;
  absolute: string;
  at: () => string;
  ref: string;
  target?: Target;
}

/**
 * Every file the document is made of, by absolute path, the root file first: parsed, its name as shown,
 * and the `$ref`s written in it (found once, for every check after).
 */
export type DocumentFiles = Map<string, { content: unknown; name: string; sites?: RefSite[] }>;

/** A `$ref`'s target: its file (absolute) and its fragment, and the key naming both. */
interface Target {
  file: string;
  fragment: string;
  key: string;
}

/**
 * The place each target names in the files read, looked up once per target: a large document's many
 * `$ref`s name a few hundred places. Undefined where there is none.
 */
function placeFinder(files: DocumentFiles): (target: Target) => unknown {
  const found = new Map<string, unknown>();
  return (target) => {
    if (found.has(target.key)) return found.get(target.key);
    const place = refTarget(files.get(target.file)?.content as JsonObject, `#${target.fragment}`);
    found.set(target.key, place);
    return place;
  };
}

/** Keys whose values are data, not OpenAPI or schema objects: a `$ref` inside one is a value like any other. */
const DATA_KEYS = new Set(['example', 'default', 'const', 'enum']);
/** Keys whose members are names chosen by the author (a property called `example` is a schema). */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas']);

/** Whether a token begins data (an example's value, a default, an enum), given its parents. */
function beginsData(token: string, parent: string | undefined, grandparent: string | undefined): boolean {
  if (parent !== undefined && NAME_MAPS.has(parent)) return false;
  if (DATA_KEYS.has(token)) return true;
  // A schema's `examples` is a list of values; an Example Object's `value` is one.
  return (parent === 'examples' && /^\d+$/.test(token)) || (token === 'value' && grandparent === 'examples');
}

/** Whether the place these tokens lead to is inside data (an example's value, a default, an enum). */
export function isDataPath(tokens: readonly string[]): boolean {
  return tokens.some((token, i) => beginsData(token, tokens[i - 1], tokens[i - 2]));
}

const place = (site: Pick<RefSite, 'file' | 'at'>) => `${site.file}: the $ref at ${site.at()}`;

/**
 * Every `$ref` string in a parsed file, with where it is; data left out. Bounded in depth (the recursion
 * stops at MAX_DOCUMENT_DEPTH, far short of the stack's end) and linear in the file's size: the path is
 * one list of keys, copied only where a `$ref` is, and data is told by the last three keys. Only objects
 * and arrays are stepped into, with indexed loops: a document is mostly strings and numbers, and this
 * runs before the JIT has warmed. Keys are visited last to first and the list reversed: each `$ref`
 * after those below it, as the files are checked.
 */
function refsOf(file: string, root: unknown): RefSite[] {
  const absolute = path.resolve(file);
  const found: RefSite[] = [];
  const tokens: string[] = [];
  const visit = (node: object, depth: number, key?: string, parent?: string): void => {
    if (depth > MAX_DOCUMENT_DEPTH)
      throw new DocumentError(
        `${file}: nested deeper than ${MAX_DOCUMENT_DEPTH} levels at ${jsonPointer(...tokens.slice(0, 8))}/...`,
      );
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string') {
      const at = tokens.slice();
      found.push({ file, absolute, at: () => jsonPointer(...at), ref });
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const inner = keys[i]!;
      const value = (node as JsonObject)[inner];
      if (inner === '$ref' || value === null || typeof value !== 'object' || beginsData(inner, key, parent)) continue;
      tokens.push(inner);
      visit(value, depth + 1, inner, key);
      tokens.pop();
    }
  };
  if (root !== null && typeof root === 'object') visit(root, 0);
  return found.reverse();
}

/** What a site's `$ref` names, worked out once. */
const targetOf = (site: RefSite): Target => (site.target ??= refParts(site));

/** The file a `$ref` names (absolute) and its fragment; remote or by anchor is refused. */
function refParts(site: RefSite): Target {
  if (/^[a-z][a-z0-9+.-]*:/i.test(site.ref) || site.ref.startsWith('//'))
    throw new DocumentError(`${place(site)} is remote (${site.ref}): only local files are read`);
  const hash = site.ref.indexOf('#');
  const target = hash === -1 ? site.ref : site.ref.slice(0, hash);
  const fragment = hash === -1 ? '' : site.ref.slice(hash + 1);
  if (fragment !== '' && !fragment.startsWith('/'))
    throw new DocumentError(`${place(site)} (${site.ref}) names an anchor: only JSON pointers are read`);
  // Absolute: the files read are keyed by their absolute paths, whatever name a site shows.
  const file = target === '' ? site.absolute : path.resolve(path.dirname(site.absolute), decodeURIComponent(target));
  return { file, fragment, key: `${file}#${fragment}` };
}

/** Reads the root file and every file its `$ref`s reach, checking each `$ref` leads somewhere. */
export async function readDocumentFiles(rootFile: string, budget: ByteBudget, root: unknown): Promise<DocumentFiles> {
  const files: DocumentFiles = new Map([[path.resolve(rootFile), { content: root, name: rootFile }]]);
  const placeOf = placeFinder(files);
  const queue = [path.resolve(rootFile)];
  while (queue.length > 0) {
    const file = files.get(queue.shift()!)!;
    file.sites = refsOf(file.name, file.content);
    for (const site of file.sites) {
      const target = targetOf(site);
      if (!files.has(target.file)) {
        // Named as the root file is, from where it was given: `api/root.yaml` leads to `schemas/pet.yaml`.
        const shown = path.join(
          path.dirname(rootFile),
          path.relative(path.dirname(path.resolve(rootFile)), target.file),
        );
        try {
          files.set(target.file, { content: await readDocumentFile(shown, budget), name: shown });
        } catch (error) {
          if (!(error instanceof FileProblem)) throw error;
          throw new DocumentError(`${place(site)} (${site.ref}) leads to a file that ${error.problem}`);
        }
        queue.push(target.file);
      }
      if (placeOf(target) === undefined)
        throw new DocumentError(`${place(site)} (${site.ref}) leads nowhere: there is no such place`);
    }
  }
  return files;
}

/**
 * Refuses a `$ref` that leads, through `$ref`s alone, back to itself: no schema is ever reached. A place
 * whose `$ref`s are known to end somewhere is not followed again.
 */
export function checkRefLoops(files: DocumentFiles): void {
  const placeOf = placeFinder(files);
  const ending = new Set<string>();
  for (const { sites = [] } of files.values()) {
    for (const site of sites) {
      const followed = new Set<string>();
      for (let current: RefSite | undefined = site; current !== undefined; ) {
        const target = targetOf(current);
        if (ending.has(target.key)) break;
        if (followed.has(target.key)) throw new DocumentError(`${place(site)} (${site.ref}) loops through $refs alone`);
        followed.add(target.key);
        // A place may be any value (a $ref into an example's data can reach a null): only an object goes on.
        const reached = placeOf(target);
        const next = reached !== null && typeof reached === 'object' ? (reached as JsonObject).$ref : undefined;
        current =
          typeof next === 'string'
            ? { file: target.file, absolute: target.file, at: () => `#${target.fragment}`, ref: next }
            : undefined;
      }
      for (const key of followed) ending.add(key);
    }
  }
}
