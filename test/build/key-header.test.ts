// generated/key-header.d.ts: the key's header as a type, for the client's CallHeaders, made from the
// document's security scheme (generated/ itself is held fresh by build-checks.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authSchemeOf } from '../../src/contract/auth-scheme.js';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { keyHeaderDeclaration } from '../../scripts/lib/generate.js';
import { projectRoot } from '../helpers/sources.js';

const bundled = JSON.parse(
  readFileSync(path.join(projectRoot, 'generated', 'openapi.json'), 'utf8'),
) as OpenApiDocument;

/** The bundled document, its key moved to another header. */
function withKeyIn(header: string): OpenApiDocument {
  const document = structuredClone(bundled);
  const name = Object.keys(document.security![0]!)[0]!;
  (document.components!.securitySchemes![name] as Record<string, unknown>).name = header;
  return document;
}

describe('the key header type', () => {
  it.each(['X-Api-Key', 'Authorization', 'api_key'])(
    'names the header of a document whose key goes in %s',
    (header) => {
      const document = withKeyIn(header);
      expect(authSchemeOf(document).header).toBe(header);
      expect(keyHeaderDeclaration(document)).toContain(`export type KeyHeader = ${JSON.stringify(header)};`);
    },
  );

  it('the committed file names the header of the package document', () => {
    const committed = readFileSync(path.join(projectRoot, 'generated', 'key-header.d.ts'), 'utf8');
    expect(committed).toContain(`export type KeyHeader = ${JSON.stringify(authSchemeOf(bundled).header)};`);
  });
});
