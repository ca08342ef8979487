// `npm run validate -- <response.json> --operation <operationId> [--status 200]`: checks a captured
// response body against the document; prints each failing JSON path and rule.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UnknownOperationError, validateResponse } from './validate-response.js';

const USAGE = 'Usage: npm run validate -- <response.json> --operation <operationId> [--status <code>]\n';

export interface CommandResult {
  code: number;
  output: string;
}

export function validateCommand(argv: string[]): CommandResult {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { operation: { type: 'string' }, status: { type: 'string' } } });
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !values.operation) return { code: 2, output: `Give one response file and --operation.\n${USAGE}` };
  if (values.status !== undefined && !/^[1-5]\d\d$/.test(values.status)) return { code: 2, output: `--status must be an HTTP status code, got "${values.status}"\n` };
  const file = positionals[0]!;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { code: 2, output: `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n` };
  }
  let body: unknown = text.trim() === '' ? undefined : text;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: checked as a text body, which only a text response accepts.
    }
  }
  try {
    const result = validateResponse(body, { operationId: values.operation, ...(values.status ? { status: Number(values.status) } : {}) });
    const what = `${file} against ${result.operationId} ${result.status}`;
    if (result.valid) return { code: 0, output: `valid: ${what}\n` };
    return { code: 1, output: `invalid: ${what}\n${result.issues.map((i) => `  ${i.path}: ${i.message} (${i.rule})`).join('\n')}\n` };
  } catch (error) {
    if (error instanceof UnknownOperationError) return { code: 2, output: `${error.message}\n` };
    throw error;
  }
}
