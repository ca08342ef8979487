// The contributing guide's "How to add an operation", checked two ways: every file or folder its sections name
// exists (so it cannot drift from the code), and the sections, followed on a copy of openapi/, give an
// operation that lints, bundles and is served by the emulator.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createEmulator } from 'cloud-platform-emulator';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { lintBundle } from '../../scripts/lib/lint.js';
import { sdkMethodsOf } from '../../scripts/lib/sdk-methods.js';
import { runTool } from '../../scripts/lib/tools.js';
import { operationRows } from '../../test-kit/operation-table.js';
import { projectRoot } from '../helpers/sources.js';

const guide = readFileSync(path.join(projectRoot, 'docs', 'contributing.md'), 'utf8');
const section = guide.slice(
  guide.indexOf('## How to add an operation'),
  guide.indexOf('\n## ', guide.indexOf('## How to add an operation') + 1),
);
/** The files and folders the section headings name, in order: `### \`a\`, \`b\``. */
const named = [...section.matchAll(/^### (.+)$/gm)].flatMap((m) => [...m[1]!.matchAll(/`([^`]+)`/g)].map((n) => n[1]!));

describe("the contributing guide's How to add an operation", () => {
  it('names, section by section, files and folders that exist (a placeholder <...> names its folder)', () => {
    expect(named.length).toBeGreaterThan(3);
    for (const name of named) {
      const existing = name.includes('<') ? path.dirname(name.slice(0, name.indexOf('<'))) : name;
      expect(existsSync(path.join(projectRoot, existing)), name).toBe(true);
    }
  });

  it('followed on a copy of openapi/, gives an operation that lints, bundles and is served', async () => {
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'add-operation-')), 'openapi');
    cpSync(path.join(projectRoot, 'openapi'), copy, { recursive: true });
    // The path file, as its section says.
    const gadget = { id: 42, name: 'A gadget' };
    const schema = {
      type: 'object',
      description: 'A gadget.',
      properties: {
        id: { type: 'integer', description: 'Its id.', examples: [42] },
        name: { type: 'string', description: 'Its name.', examples: ['A gadget'] },
      },
    };
    writeFileSync(
      path.join(copy, 'paths', 'gadgets_v1_gadgets_{gadget_id}.yaml'),
      stringify({
        get: {
          operationId: 'getGadget',
          'x-sdk-method': 'gadgets.gadgets.get',
          tags: ['Gadgets'],
          summary: 'Get a gadget',
          description: 'Returns one gadget.',
          parameters: [{ $ref: '../components/parameters/GadgetId.yaml' }],
          responses: {
            '200': { description: 'The gadget.', content: { 'application/json': { schema, example: gadget } } },
            '4XX': { $ref: '../components/responses/CloudError.yaml' },
          },
        },
      }),
    );
    // Its parameter in components/, and the path and its tag in openapi.yaml.
    writeFileSync(
      path.join(copy, 'components', 'parameters', 'GadgetId.yaml'),
      stringify({
        name: 'gadget_id',
        in: 'path',
        required: true,
        description: 'Gadget identifier.',
        schema: { type: 'integer', minimum: 1, examples: [42] },
      }),
    );
    const root = parse(readFileSync(path.join(copy, 'openapi.yaml'), 'utf8')) as Record<string, any>;
    root.paths['/gadgets/v1/gadgets/{gadget_id}'] = { $ref: 'paths/gadgets_v1_gadgets_{gadget_id}.yaml' };
    root.tags.push({ name: 'Gadgets', description: 'Gadgets.' });
    root['x-tagGroups'].push({ name: 'Gadgets', tags: ['Gadgets'] });
    writeFileSync(path.join(copy, 'openapi.yaml'), stringify(root));

    const bundle = path.join(path.dirname(copy), 'bundle.yaml');
    const source = runTool('redocly', [
      'lint',
      path.join(copy, 'openapi.yaml'),
      '--config',
      'redocly.yaml',
      '--format',
      'stylish',
    ]);
    const bundled = await runTool('redocly', ['bundle', path.join(copy, 'openapi.yaml'), '--output', bundle]);
    expect(bundled.code, bundled.output).toBe(0);
    const lint = await lintBundle(bundle, source);
    expect(lint.ok, lint.output).toBe(true);

    const document = parse(readFileSync(bundle, 'utf8')) as OpenApiDocument;
    expect(operationRows(document).map((row) => row.operationId)).toContain('getGadget');
    expect(sdkMethodsOf(document).find((m) => m.operationId === 'getGadget')).toMatchObject({
      name: ['gadgets', 'gadgets', 'get'],
      positional: { name: 'gadget_id', type: 'integer' },
    });
    const emulator = await createEmulator({ document, warn: () => undefined });
    const answer = await emulator.fetch('http://emulator.local/gadgets/v1/gadgets/42', {
      headers: { authorization: 'apikey readme' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(gadget);
  }, 60_000);
});
