// The site's pages for agents: llms.txt lists every operation of the document with a link to its Markdown
// page, and each page names every parameter and every status the document gives the operation, with its
// TypeScript sample. Text from the document cannot break a page's tables.
import { describe, expect, it } from 'vitest';
import { codeSamplesFor } from '../../scripts/lib/code-samples.js';
import { llmsText, operationPage, operationPagePath } from '../../scripts/lib/operation-pages.js';
import { resolveRef, type JsonObject } from '../../src/contract/document.js';
import { bundled, documentOperations, type OpenApiDocument } from '../../test-kit/document.js';

const operations = documentOperations().map((op) => ({ operationId: op.operation.operationId as string, op }));

describe('llms.txt', () => {
  const text = llmsText(bundled);

  it('opens with the title and the summary, and links the reference, the console and the document', () => {
    expect(text.startsWith(`# ${bundled.info.title}\n\n> ${bundled.info.summary}`)).toBe(true);
    for (const page of ['index.html', 'console.html', 'openapi.json']) expect(text).toContain(`](${page})`);
  });

  it('lists every operation once, with a link to its page', () => {
    const linked = [...text.matchAll(/^- \[(\w+)\]\((operations\/\w+\.md)\)/gm)].map(([, id, link]) => [id, link]);
    expect(linked.sort()).toEqual(
      operations.map(({ operationId }) => [operationId, operationPagePath(operationId)]).sort(),
    );
  });
});

describe.each(operations)('the page of $operationId', ({ op }) => {
  const page = operationPage(bundled, op);

  it('names its method and path, and every parameter with where it goes', () => {
    expect(page).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
    for (const raw of (op.operation.parameters ?? []) as JsonObject[]) {
      const parameter = resolveRef(bundled, raw);
      expect(page).toMatch(
        new RegExp(`^\\| \`${parameter.name}\` \\| ${parameter.in} \\| ${parameter.required ? 'yes' : 'no'} \\|`, 'm'),
      );
    }
  });

  it('names every status it declares, in order, and the request body where it has one', () => {
    const statuses = [...page.matchAll(/^### (\S+)$/gm)].map(([, status]) => status);
    expect(statuses).toEqual(Object.keys(op.operation.responses));
    expect(page.includes('## Request body')).toBe(op.operation.requestBody !== undefined);
  });

  it('ends with its TypeScript sample', () => {
    const sample = codeSamplesFor(bundled, op)
      .find((each) => each.lang === 'TypeScript')!
      .source.trimEnd();
    expect(page.endsWith(`## TypeScript\n\n\`\`\`ts\n${sample}\n\`\`\`\n`)).toBe(true);
  });
});

describe('text from the document in a page', () => {
  const op = documentOperations().find((each) => each.operation.operationId === 'getVideo')!;
  const withDescription = (description: unknown): OpenApiDocument => {
    const document = structuredClone(bundled);
    document.components!.parameters!.VideoId!.description = description;
    return document;
  };

  it.each([
    ['a pipe', 'a | b', '| integer | a \\| b |'],
    ['a line break', 'first\n\n  second', '| integer | first second |'],
    ['a pipe at the end', 'ends with |', '| integer | ends with \\| |'],
    ['nothing', undefined, '| integer |  |'],
    ['a number', 42, '| integer | 42 |'],
  ])('keeps its table row whole when a description holds %s', (_what, description, row) => {
    const line = operationPage(withDescription(description), op)
      .split('\n')
      .find((each) => each.startsWith('| `video_id`'));
    expect(line?.endsWith(row)).toBe(true);
  });
});
