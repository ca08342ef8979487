// The site's pages for agents and search engines, made from the document: one Markdown page per operation
// (its parameters, bodies, statuses and a TypeScript sample) and llms.txt, the index of them (llmstxt.org).
import {
  everyProperty,
  listOperations,
  resolveRef,
  type JsonObject,
  type OpenApiDocument,
  type OperationRef,
} from '../../src/contract/document.js';
import { codeSamplesFor } from './code-samples.js';

/** Where an operation's page is, relative to the site's root. */
export const operationPagePath = (operationId: string) => `operations/${operationId}.md`;

/** A table cell: one line, its pipes escaped. */
const cell = (text: unknown) =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('|', '\\|');

const table = (head: string[], rows: unknown[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');

const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

/** A schema's type as a reader says it: a component's name, `T[]`, `a | b`, or the enum's values. */
export function typeOf(document: OpenApiDocument, schema: JsonObject | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return String(schema.$ref).split('/').pop()!;
  if (schema.enum) return schema.enum.map((value: unknown) => JSON.stringify(value)).join(' | ');
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.includes('array')) return `${typeOf(document, schema.items) || 'unknown'}[]`;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (variants) return variants.map((variant) => typeOf(document, variant)).join(' | ');
  return types.join(' | ');
}

function parametersPart(document: OpenApiDocument, op: OperationRef): string[] {
  const parameters = ((op.operation.parameters ?? []) as JsonObject[]).map((p) => resolveRef(document, p));
  if (parameters.length === 0) return [];
  const rows = parameters.map((p) => [
    `\`${p.name}\``,
    p.in,
    p.required ? 'yes' : 'no',
    typeOf(document, p.schema),
    p.description,
  ]);
  return ['## Parameters', table(['name', 'in', 'required', 'type', 'description'], rows)];
}

function requestBodyPart(document: OpenApiDocument, op: OperationRef): string[] {
  if (!op.operation.requestBody) return [];
  const body = resolveRef(document, op.operation.requestBody);
  const [mediaType, media] = Object.entries((body.content ?? {}) as Record<string, JsonObject>)[0] ?? [];
  if (!mediaType || !media) return [];
  const schema = media.schema ? resolveRef(document, media.schema) : {};
  const required = (schema.required ?? []) as string[];
  const rows = Object.entries(everyProperty(document, schema)).map(([name, property]) => [
    `\`${name}\``,
    typeOf(document, property),
    required.includes(name) ? 'yes' : 'no',
    resolveRef(document, property).description,
  ]);
  return [
    '## Request body',
    `\`${mediaType}\`${body.required ? ', required' : ''}: ${typeOf(document, media.schema)}.`,
    ...(rows.length ? [table(['property', 'type', 'required', 'description'], rows)] : []),
    ...(media.example === undefined ? [] : ['Example:', json(media.example)]),
  ];
}

function responsesPart(document: OpenApiDocument, op: OperationRef): string[] {
  const responses = Object.entries(op.operation.responses as Record<string, JsonObject>);
  const parts = responses.flatMap(([status, declared]) => {
    const response = resolveRef(document, declared);
    const [mediaType, media] = Object.entries((response.content ?? {}) as Record<string, JsonObject>)[0] ?? [];
    const named = Object.values((media?.examples ?? {}) as Record<string, JsonObject>)[0];
    const shown = media && 'example' in media ? media.example : named && resolveRef(document, named).value;
    return [
      `### ${status}`,
      cell(response.description),
      ...(mediaType ? [`Body: \`${mediaType}\`, ${typeOf(document, media?.schema)}.`] : []),
      ...(shown === undefined ? [] : [json(shown)]),
    ];
  });
  return ['## Responses', ...parts];
}

/** The Markdown page of one operation. */
export function operationPage(document: OpenApiDocument, op: OperationRef): string {
  const { operation } = op;
  const typescript = codeSamplesFor(document, op).find((sample) => sample.lang === 'TypeScript')!;
  return `${[
    `# ${operation.operationId}: ${operation.summary ?? ''}`.trim(),
    `\`${op.method.toUpperCase()} ${op.path}\`${operation.deprecated ? ' (deprecated)' : ''}`,
    operation.description ?? '',
    ...parametersPart(document, op),
    ...requestBodyPart(document, op),
    ...responsesPart(document, op),
    '## TypeScript',
    `\`\`\`ts\n${typescript.source.trimEnd()}\n\`\`\``,
  ]
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/** llms.txt: the API in a paragraph, then each operation with a link to its page, by tag. */
export function llmsText(document: OpenApiDocument): string {
  const operations = listOperations(document);
  const tags = [...new Set(operations.map((op) => String(op.operation.tags?.[0] ?? 'Other')))];
  const sections = tags.map((tag) =>
    [
      `## ${tag}`,
      ...operations
        .filter((op) => String(op.operation.tags?.[0] ?? 'Other') === tag)
        .map(
          (op) =>
            `- [${op.operation.operationId}](${operationPagePath(op.operation.operationId)}): ${op.method.toUpperCase()} ${op.path}. ${cell(op.operation.summary)}`,
        ),
    ].join('\n'),
  );
  return `${[
    `# ${document.info.title}`,
    `> ${cell(document.info.summary ?? document.info.description?.split('\n\n')[0])}`,
    'The reference: [index.html](index.html). A console answered by an emulator in the browser: [console.html](console.html). The OpenAPI document: [openapi.json](openapi.json).',
    ...sections,
  ].join('\n\n')}\n`;
}
