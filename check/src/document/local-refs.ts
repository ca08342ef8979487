// The files a document's `$ref`s reach, read once each, and every `$ref` checked before anything is
// bundled: one that is remote, leads nowhere, or loops through `$ref`s alone is a DocumentError naming
// the file and the JSON pointer where it is written.
import path from 'node:path';
import { jsonPointer, refTarget, type JsonObject } from 'cloud-platform-api/toolbox';
import { DocumentError } from '../contract/read-document.js';
import { type ByteBudget, FileProblem, readDocumentFile } from './document-file.js';

/** How deep a document may nest: far past any real one, and short of a stack a walk could overflow. */
export const MAX_DOCUMENT_DEPTH = 256;

/** Where a `$ref` is written: its file and the JSON pointer to the object holding it. */
interface RefSite {
  file: string;
  at: string;
  ref: string;
}

/** Every file the document is made of, by absolute path, the root file first: parsed, and its name as shown. */
export type DocumentFiles = Map<string, { content: unknown; name: string }>;

/** The place a `$ref` names in the files read, or undefined where there is none. */
const placeIn = (files: DocumentFiles, target: { file: string; fragment: string }) =>
  refTarget(files.get(target.file)?.content as JsonObject, `#${target.fragment}`);

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

const place = (site: Pick<RefSite, 'file' | 'at'>) => `${site.file}: the $ref at ${site.at}`;

/** A place in a walk: its value, the key it is under and the place above, so no path is copied per node. */
interface Step {
  node: unknown;
  key: string;
  up: Step | undefined;
  depth: number;
}

/** The tokens of the path to a step, from the root. */
function tokensOf(step: Step): string[] {
  const tokens: string[] = [];
  for (let at: Step | undefined = step; at?.up !== undefined; at = at.up) tokens.push(at.key);
  return tokens.reverse();
}

/**
 * Every `$ref` string in a parsed file, with where it is; data left out. Iterative, bounded in depth, and
 * linear in the file's size: a step knows only its key and its parent, and data is told by the last three keys.
 */
function refsOf(file: string, root: unknown): RefSite[] {
  const found: RefSite[] = [];
  const stack: Step[] = [{ node: root, key: '', up: undefined, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { node, up } = step;
    if (node === null || typeof node !== 'object') continue;
    if (up !== undefined && beginsData(step.key, up.up && up.key, up.up?.up && up.up.key)) continue;
    if (step.depth > MAX_DOCUMENT_DEPTH)
      throw new DocumentError(
        `${file}: nested deeper than ${MAX_DOCUMENT_DEPTH} levels at ${jsonPointer(...tokensOf(step).slice(0, 8))}/...`,
      );
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string') found.push({ file, at: jsonPointer(...tokensOf(step)), ref });
    for (const [key, value] of Object.entries(node))
      if (key !== '$ref') stack.push({ node: value, key, up: step, depth: step.depth + 1 });
  }
  return found.reverse();
}

/** The file a `$ref` names (absolute) and its fragment; remote or by anchor is refused. */
function refParts(site: RefSite): { file: string; fragment: string } {
  if (/^[a-z][a-z0-9+.-]*:/i.test(site.ref) || site.ref.startsWith('//'))
    throw new DocumentError(`${place(site)} is remote (${site.ref}): only local files are read`);
  const hash = site.ref.indexOf('#');
  const target = hash === -1 ? site.ref : site.ref.slice(0, hash);
  const fragment = hash === -1 ? '' : site.ref.slice(hash + 1);
  if (fragment !== '' && !fragment.startsWith('/'))
    throw new DocumentError(`${place(site)} (${site.ref}) names an anchor: only JSON pointers are read`);
  const file = target === '' ? site.file : path.resolve(path.dirname(site.file), decodeURIComponent(target));
  return { file, fragment };
}

/** Reads the root file and every file its `$ref`s reach, checking each `$ref` leads somewhere. */
export function readDocumentFiles(rootFile: string, budget: ByteBudget, root: unknown): DocumentFiles {
  const files: DocumentFiles = new Map([[path.resolve(rootFile), { content: root, name: rootFile }]]);
  const queue = [path.resolve(rootFile)];
  while (queue.length > 0) {
    const { content, name } = files.get(queue.shift()!)!;
    for (const site of refsOf(name, content)) {
      const target = refParts(site);
      if (!files.has(target.file)) {
        // Named as the root file is, from where it was given: `api/root.yaml` leads to `schemas/pet.yaml`.
        const shown = path.join(
          path.dirname(rootFile),
          path.relative(path.dirname(path.resolve(rootFile)), target.file),
        );
        try {
          files.set(target.file, { content: readDocumentFile(shown, budget), name: shown });
        } catch (error) {
          if (!(error instanceof FileProblem)) throw error;
          throw new DocumentError(`${place(site)} (${site.ref}) leads to a file that ${error.problem}`);
        }
        queue.push(target.file);
      }
      if (placeIn(files, target) === undefined)
        throw new DocumentError(`${place(site)} (${site.ref}) leads nowhere: there is no such place`);
    }
  }
  return files;
}

/** Refuses a `$ref` that leads, through `$ref`s alone, back to itself: no schema is ever reached. */
export function checkRefLoops(files: DocumentFiles): void {
  for (const { content, name } of files.values()) {
    for (const site of refsOf(name, content)) {
      const followed = new Set<string>();
      for (let current: RefSite | undefined = site; current !== undefined; ) {
        const target = refParts(current);
        const key = `${target.file}#${target.fragment}`;
        if (followed.has(key)) throw new DocumentError(`${place(site)} (${site.ref}) loops through $refs alone`);
        followed.add(key);
        const next = (placeIn(files, target) as JsonObject).$ref;
        current = typeof next === 'string' ? { file: target.file, at: `#${target.fragment}`, ref: next } : undefined;
      }
    }
  }
}
