// `cloud-platform-validate <response.json | -> --operation <operationId> [--status 200]`: checks a
// captured response body (from a file, or stdin for `-`) against the document; prints each failing
// JSON path and rule. Node only.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { optionErrorMessage } from 'cloud-platform-api/toolbox';
import { UnknownOperationError, validateResponse } from './validate-response.js';

const USAGE = `Usage: cloud-platform-validate <response.json | -> --operation <operationId> [--status <code>]

Checks a captured response body against the cloud-platform-api document.

  <response.json>       the body to check; - reads it from standard input
  --operation ID        the operationId it answers (getVideo, listStreams, ...)
  --status CODE         the status it came with (default: the operation's success status)
  --help                show this text

Exit code: 0 valid, 1 invalid (each failing JSON path and rule is listed), 2 a usage error.
`;

export interface CommandResult {
  code: number;
  output: string;
}

const OPTIONS = { operation: { type: 'string' }, status: { type: 'string' }, help: { type: 'boolean' } } as const;

const parsedArgs = (argv: string[]) =>
  parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });

export function validateCommand(argv: string[]): CommandResult {
  let parsed: ReturnType<typeof parsedArgs>;
  try {
    parsed = parsedArgs(argv);
  } catch (error) {
    return { code: 2, output: `${optionErrorMessage(error, Object.keys(OPTIONS))}\n${USAGE}` };
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, output: USAGE };
  if (positionals.length !== 1 || !values.operation)
    return { code: 2, output: `Give one response file and --operation.\n${USAGE}` };
  if (values.status !== undefined && !/^[1-5]\d\d$/.test(values.status))
    return { code: 2, output: `--status must be an HTTP status code, got "${values.status}"\n` };
  const file = positionals[0]!;
  let text: string;
  try {
    // File descriptor 0 is standard input.
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    return {
      code: 2,
      output: `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    };
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
    const result = validateResponse(body, {
      operationId: values.operation,
      ...(values.status ? { status: Number(values.status) } : {}),
    });
    const what = `${file === '-' ? 'standard input' : file} against ${result.operationId} ${result.status}`;
    if (result.valid) return { code: 0, output: `valid: ${what}\n` };
    return {
      code: 1,
      output: `invalid: ${what}\n${result.issues.map((i) => `  ${i.path}: ${i.message} (${i.rule})`).join('\n')}\n`,
    };
  } catch (error) {
    if (error instanceof UnknownOperationError) return { code: 2, output: `${error.message}\n` };
    throw error;
  }
}
