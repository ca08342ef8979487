// `cloud-platform-check --base-url URL [options]`: runs the contract runner against a server and
// prints the report; --junit also writes it as JUnit XML, --coverage and --coverage-html what the run
// met of the document. Exit code 0 when every check passed, 1 when one failed or coverage is under a
// --fail-under threshold, 2 on bad usage. Node only.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { optionErrorMessage } from 'cloud-platform-api/toolbox';
import { DocumentError } from '../contract/read-document.js';
import { checkContract, type CheckResult } from './check-contract.js';
import {
  CheckOptionError,
  DEFAULT_MAX_REQUESTS,
  outputFileOption,
  percentOption,
  REMOTE_RATE,
} from './check-options.js';
import { coverageHtml } from './coverage/html.js';
import { underThreshold } from './coverage/summary.js';
import { junitReport } from './junit.js';
import { formatReport } from './report.js';

const USAGE = `Usage: cloud-platform-check --base-url <url> [options]

Sends requests made from the cloud-platform-api document to a server (valid ones, invalid ones,
one without a key, one asking for each other documented status with Prefer: code=NNN, and the
sequences the document's links describe) and checks every answer against the document.

  --base-url URL        the server to check (required), such as http://127.0.0.1:4010
  --document FILE       check against this OpenAPI 3.0 or 3.1 document (YAML or JSON, its local
                        $ref files bundled in) instead of cloud-platform-api's
  --api-key KEY         the key to send (default: GCORE_API_KEY); never printed
  --operations ID,...   check only these operationIds (default: all)
  --max-requests N      requests at most (default ${DEFAULT_MAX_REQUESTS})
  --seed N              the same seed sends the same requests (default: random, printed)
  --rate N              requests per second at most (default ${REMOTE_RATE} for a host that is not
                        loopback, unlimited on loopback)
  --junit FILE          also write the report as JUnit XML
  --coverage FILE       write what the run met of the document as JSON: per operation, the
                        documented statuses seen, the parameters and body properties sent (each
                        enum value, a boolean both ways) and the links followed
  --coverage-html FILE  the same as one HTML page, a table per operation
  --fail-under-statuses PCT
                        exit 1 when less than PCT % of the documented statuses were seen
  --fail-under-parameters PCT
                        exit 1 when less than PCT % of the parameters and values were sent
  --allow-writes        send POST and PATCH to a host that is not loopback, and DELETEs of
                        resources the run did not create to a loopback one; without it a remote
                        host gets GETs only, and a DELETE goes only to what the run created
  --help                show this text

Exit code: 0 every check passed, 1 a check failed or coverage is under a threshold, 2 bad usage
or a --document that cannot be read.
`;

/** The --document file's document; the loader (a YAML parser, a $ref bundler) is loaded only for one. */
const loadedDocument = async (file: string) => (await import('../document/load-document.js')).loadDocument(file);

export interface CheckCommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

const OPTIONS = {
  'base-url': { type: 'string' },
  document: { type: 'string' },
  'api-key': { type: 'string' },
  operations: { type: 'string' },
  'max-requests': { type: 'string' },
  seed: { type: 'string' },
  rate: { type: 'string' },
  junit: { type: 'string' },
  coverage: { type: 'string' },
  'coverage-html': { type: 'string' },
  'fail-under-statuses': { type: 'string' },
  'fail-under-parameters': { type: 'string' },
  'allow-writes': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

function wholeNumberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new CheckOptionError(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

function rateOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate))
    throw new CheckOptionError(`--rate must be a number of requests per second, got "${text}"`);
  return rate;
}

const usageError = (message: string): CheckCommandResult => ({
  code: 2,
  stdout: '',
  stderr: `${message}\nRun cloud-platform-check --help for the options.\n`,
});

const parsedOptions = (argv: string[]) =>
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: OPTIONS }).values;

type Values = ReturnType<typeof parsedOptions>;

/** The files and thresholds the flags ask for, checked before anything is sent. */
function outputsOf(values: Values) {
  return {
    files: {
      junit: outputFileOption('junit', values.junit),
      coverage: outputFileOption('coverage', values.coverage),
      'coverage-html': outputFileOption('coverage-html', values['coverage-html']),
    },
    thresholds: {
      statuses: percentOption('fail-under-statuses', values['fail-under-statuses']),
      parameters: percentOption('fail-under-parameters', values['fail-under-parameters']),
    },
  };
}

/** Writes the files asked for; one that cannot be written is a CheckOptionError naming the flag. */
function writeOutputs(result: CheckResult, files: ReturnType<typeof outputsOf>['files']): void {
  const contents = {
    junit: () => junitReport(result),
    coverage: () => `${JSON.stringify(result.coverage, null, 2)}\n`,
    'coverage-html': () => coverageHtml(result.coverage, `Coverage of ${result.baseUrl}`),
  };
  for (const [flag, file] of Object.entries(files) as [keyof typeof files, string | undefined][]) {
    if (file === undefined) continue;
    try {
      writeFileSync(file, contents[flag]());
    } catch (error) {
      throw new CheckOptionError(`Cannot write --${flag} ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
}

/** Why coverage is under a threshold asked for, naming what was missed; empty when it is not. */
function thresholdFailures(result: CheckResult, thresholds: ReturnType<typeof outputsOf>['thresholds']): string[] {
  return (['statuses', 'parameters'] as const).flatMap((kind) => {
    const minimum = thresholds[kind];
    const under = minimum === undefined ? undefined : underThreshold(result.coverage, kind, minimum);
    return under ? [under] : [];
  });
}

export async function checkCommand(argv: string[]): Promise<CheckCommandResult> {
  let values: Values;
  try {
    values = parsedOptions(argv);
  } catch (error) {
    return usageError(optionErrorMessage(error, Object.keys(OPTIONS)));
  }
  if (values.help) return { code: 0, stdout: USAGE, stderr: '' };
  try {
    const outputs = outputsOf(values);
    const result = await checkContract({
      document: values.document === undefined ? undefined : await loadedDocument(values.document),
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
    writeOutputs(result, outputs.files);
    const under = thresholdFailures(result, outputs.thresholds);
    const code = result.passed && under.length === 0 ? 0 : 1;
    return { code, stdout: formatReport(result), stderr: under.map((line) => `${line}\n`).join('') };
  } catch (error) {
    if (error instanceof CheckOptionError) return usageError(error.message);
    if (error instanceof DocumentError) return { code: 2, stdout: '', stderr: `--document ${error.message}\n` };
    throw error;
  }
}
