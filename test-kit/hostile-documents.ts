// Files a careless or hostile `--document FILE` names: each must be refused at start with one line that
// names the file (and, for a `$ref`, the JSON pointer where it is written), never a crash later. Shared by
// the loader's test and each command's (the emulator, the checker, the MCP server).
import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A small, valid 3.1 document of one operation, with `extra` merged over its root. */
export function tinyDocument(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Tiny', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
        },
      },
    },
    ...extra,
  };
}

const json = (value: unknown) => JSON.stringify(value);
const withSchema = (schema: object) =>
  tinyDocument({
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
        },
      },
    },
  });
const SCHEMA_AT = '#/paths/~1things/get/responses/200/content/application~1json/schema';

/** One hostile file: its name in the table, what to write (a folder, or nothing, where said), and what the refusal says. */
interface HostileDocument {
  name: string;
  /** The file's text; `null` makes a folder of that name, `undefined` writes nothing. */
  content: string | null | undefined;
  /** Written as a sparse file of this many bytes instead (its size is all that is read of it). */
  sparseBytes?: number;
  /** Other files beside it, by name. */
  beside?: Record<string, string>;
  refusal: RegExp;
}

const LAUGHS = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  .concat(
    Array.from(
      { length: 8 },
      (_, i) =>
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(',')}]`,
    ),
  )
  .join('\n');

export const HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  { name: 'missing.yaml', content: undefined, refusal: /missing\.yaml: cannot be read: it does not exist/ },
  { name: 'a-folder.yaml', content: null, refusal: /a-folder\.yaml: is a directory/ },
  { name: 'empty.yaml', content: '', refusal: /empty\.yaml: is empty/ },
  { name: 'blank.yaml', content: '  \n\t\n', refusal: /blank\.yaml: is empty/ },
  // One byte over MAX_DOCUMENT_BYTES (16 MiB).
  {
    name: 'too-big.yaml',
    content: undefined,
    sparseBytes: 16 * 1024 * 1024 + 1,
    refusal: /too-big\.yaml: is over the size cap of 16 MiB/,
  },
  {
    name: 'not-yaml.yaml',
    content: 'openapi: [3.1.0\npaths: {',
    refusal: /not-yaml\.yaml: is not YAML or JSON: .*line \d+/,
  },
  { name: 'broken.json', content: '{"openapi": "3.1.0",', refusal: /broken\.json: is not YAML or JSON/ },
  {
    name: 'duplicate-keys.yaml',
    content: 'openapi: 3.1.0\nopenapi: 3.0.0\n',
    refusal: /duplicate-keys\.yaml: is not YAML or JSON: .*unique/i,
  },
  { name: 'laughs.yaml', content: LAUGHS, refusal: /laughs\.yaml: is not YAML or JSON: .*alias/i },
  {
    name: 'scalar.yaml',
    content: 'hello',
    refusal: /scalar\.yaml: must be an OpenAPI document \(an object\), got a string/,
  },
  {
    name: 'list.json',
    content: '[1, 2]',
    refusal: /list\.json: must be an OpenAPI document \(an object\), got an array/,
  },
  {
    name: 'no-version.json',
    content: json({ info: {}, paths: {} }),
    refusal: /no-version\.json: has no "openapi" version field/,
  },
  {
    name: 'swagger.json',
    content: json({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} }),
    refusal: /swagger\.json: is Swagger 2\.0: only OpenAPI 3\.0\.x and 3\.1\.x are read/,
  },
  {
    name: 'openapi-3.2.json',
    content: json(tinyDocument({ openapi: '3.2.0' })),
    refusal: /openapi-3\.2\.json: is OpenAPI "3\.2\.0"/,
  },
  {
    name: 'version-number.yaml',
    content: 'openapi: 3.1\npaths: {}\n',
    refusal: /version-number\.yaml: has no "openapi" version field/,
  },
  {
    name: 'paths-list.json',
    content: json(tinyDocument({ paths: [] })),
    refusal: /paths-list\.json: "paths" must be an object, got an array/,
  },
  {
    name: 'null-operation.json',
    content: json(tinyDocument({ paths: { '/x': { get: null } } })),
    refusal: /null-operation\.json: #\/paths\/~1x\/get must be an operation \(an object\), got null/,
  },
  {
    name: 'no-operation-id.json',
    content: json(tinyDocument({ paths: { '/x': { get: { responses: {} } } } })),
    refusal: /no-operation-id\.json: #\/paths\/~1x\/get has no operationId/,
  },
  {
    name: 'twice.json',
    content: json(tinyDocument({ paths: { '/x': { get: { operationId: 'a' }, put: { operationId: 'a' } } } })),
    refusal: /twice\.json: #\/paths\/~1x\/put has the operationId "a" of #\/paths\/~1x\/get too/,
  },
  {
    name: 'remote-ref.json',
    content: json(withSchema({ $ref: 'https://example.com/schemas.yaml#/Thing' })),
    refusal: new RegExp(
      `remote-ref\\.json: the \\$ref at ${regexpText(SCHEMA_AT)} is remote \\(https://example\\.com/`,
    ),
  },
  {
    name: 'protocol-relative-ref.json',
    content: json(withSchema({ $ref: '//example.com/schemas.yaml' })),
    refusal: /protocol-relative-ref\.json: the \$ref at .* is remote/,
  },
  {
    name: 'loop.json',
    content: json(withSchema({ $ref: '#/components/schemas/A' })).replace(
      /}$/,
      `,"components":{"schemas":{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}}}`,
    ),
    refusal: /loop\.json: the \$ref at .* \(#\/components\/schemas\/A\) loops through \$refs alone/,
  },
  {
    name: 'nowhere.json',
    content: json(withSchema({ $ref: '#/components/schemas/Missing' })),
    refusal: new RegExp(
      `nowhere\\.json: the \\$ref at ${regexpText(SCHEMA_AT)} \\(#/components/schemas/Missing\\) leads nowhere`,
    ),
  },
  {
    name: 'missing-file-ref.json',
    content: json(withSchema({ $ref: './schemas/thing.yaml' })),
    refusal:
      /missing-file-ref\.json: the \$ref at .* \(\.\/schemas\/thing\.yaml\) leads to a file that cannot be read: it does not exist/,
  },
  {
    name: 'bad-pointer-ref.json',
    content: json(withSchema({ $ref: './parts.yaml#/Nope' })),
    beside: { 'parts.yaml': 'Thing: {type: object}\n' },
    refusal: /bad-pointer-ref\.json: the \$ref at .* \(\.\/parts\.yaml#\/Nope\) leads nowhere/,
  },
  {
    name: 'remote-in-part.json',
    content: json(withSchema({ $ref: './remote-part.yaml#/Thing' })),
    beside: { 'remote-part.yaml': 'Thing: {$ref: "http://example.com/x.json"}\n' },
    refusal: /remote-part\.yaml: the \$ref at #\/Thing is remote/,
  },
  {
    name: 'anchor-ref.json',
    content: json(withSchema({ $ref: '#thing' })),
    refusal: /anchor-ref\.json: the \$ref at .* \(#thing\) names an anchor/,
  },
  {
    name: 'deep.json',
    content: `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x-deep":${'['.repeat(300)}${']'.repeat(300)}}`,
    refusal: /deep\.json: nested deeper than 256 levels/,
  },
];

function regexpText(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Writes every hostile document into a fresh folder; the path of each, by its name. */
export function writeHostileDocuments(): { folder: string; file(name: string): string } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'hostile-documents-'));
  for (const { name, content, beside, sparseBytes } of HOSTILE_DOCUMENTS) {
    if (sparseBytes !== undefined) {
      writeFileSync(path.join(folder, name), '');
      truncateSync(path.join(folder, name), sparseBytes);
    } else if (content === null) mkdirSync(path.join(folder, name));
    else if (content !== undefined) writeFileSync(path.join(folder, name), content);
    for (const [other, text] of Object.entries(beside ?? {})) writeFileSync(path.join(folder, other), text);
  }
  return { folder, file: (name) => path.join(folder, name) };
}

/** What a command did: its exit code and what it wrote to stderr. */
export interface CommandOutcome {
  code: number;
  stderr: string;
}

/**
 * The table, run through one command's `--document FILE`: each row exits 2 with one line on stderr that
 * names the option, the file and the refusal. `run` runs the command with these arguments.
 */
export function describeDocumentOption(command: string, run: (args: string[]) => Promise<CommandOutcome>): void {
  describe(`${command} --document refuses each hostile file in one line`, () => {
    const written = writeHostileDocuments();
    it.each(HOSTILE_DOCUMENTS.map((row) => [row.name, row.refusal] as const))('%s', async (name, refusal) => {
      const { code, stderr } = await run(['--document', written.file(name)]);
      expect(code).toBe(2);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(new RegExp(`--document ${regexpText(written.folder)}`));
      expect(stderr).toMatch(refusal);
    });
  });
}
