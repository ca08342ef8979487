// `cloud-platform-check --base-url URL [options]`: runs the contract runner against a server and
// prints the report; --junit also writes it as JUnit XML. Exit code 0 when every check passed, 1
// when one failed, 2 on bad usage. Node only.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkContract } from './check-contract.js';
import { CheckUsageError, DEFAULT_MAX_REQUESTS, REMOTE_RATE } from './check-options.js';
import { junitReport } from './junit.js';
import { formatReport } from './report.js';

const USAGE = `Usage: cloud-platform-check --base-url <url> [options]

Sends requests made from the cloud-platform-api document to a server (valid ones, invalid ones,
one without a key, and the sequences the document's links describe) and checks every answer
against the document.

  --base-url URL        the server to check (required), such as http://127.0.0.1:4010
  --api-key KEY         the key to send (default: GCORE_API_KEY); never printed
  --operations ID,...   check only these operationIds (default: all)
  --max-requests N      requests at most (default ${DEFAULT_MAX_REQUESTS})
  --seed N              the same seed sends the same requests (default: random, printed)
  --rate N              requests per second at most (default ${REMOTE_RATE} for a host that is not
                        loopback, unlimited on loopback)
  --junit FILE          also write the report as JUnit XML
  --allow-writes        send POST and PATCH to a host that is not loopback, and DELETEs of
                        resources the run did not create to a loopback one; without it a remote
                        host gets GETs only, and a DELETE goes only to what the run created
  --help                show this text

Exit code: 0 every check passed, 1 a check failed, 2 bad usage.
`;

export interface CheckCommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  operations: { type: 'string' },
  'max-requests': { type: 'string' },
  seed: { type: 'string' },
  rate: { type: 'string' },
  junit: { type: 'string' },
  'allow-writes': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

function wholeNumberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new CheckUsageError(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

function rateOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate))
    throw new CheckUsageError(`--rate must be a number of requests per second, got "${text}"`);
  return rate;
}

const usageError = (message: string): CheckCommandResult => ({
  code: 2,
  stdout: '',
  stderr: `${message}\nRun cloud-platform-check --help for the options.\n`,
});

const parsedOptions = (argv: string[]) =>
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: OPTIONS }).values;

export async function checkCommand(argv: string[]): Promise<CheckCommandResult> {
  let values: ReturnType<typeof parsedOptions>;
  try {
    values = parsedOptions(argv);
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (values.help) return { code: 0, stdout: USAGE, stderr: '' };
  try {
    const result = await checkContract({
      baseUrl: values['base-url'] ?? '',
      apiKey: values['api-key'],
      operations: values.operations
        ?.split(',')
        .map((id) => id.trim())
        .filter(Boolean),
      maxRequests: wholeNumberOption('max-requests', values['max-requests']),
      seed: wholeNumberOption('seed', values.seed),
      rate: rateOption(values.rate),
      allowWrites: values['allow-writes'],
    });
    if (values.junit !== undefined) writeFileSync(values.junit, junitReport(result));
    return { code: result.passed ? 0 : 1, stdout: formatReport(result), stderr: '' };
  } catch (error) {
    if (error instanceof CheckUsageError) return usageError(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (values.junit !== undefined && code) return usageError(`Cannot write --junit ${values.junit}: ${code}`);
    throw error;
  }
}
