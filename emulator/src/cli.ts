// The emulator's command line: `cloud-platform-emulator [--port N] [--host H] [--api-key K ...]
// [--fixtures FILE] [--state FILE.db] [--import-state FILE.json] [--export-state FILE.json]`.
// Binds 127.0.0.1:4010 unless told otherwise.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import {
  credentialHint,
  httpUrl,
  listOperations,
  notHttpUrl,
  optionErrorMessage,
  parsePort,
  printable,
  securityOf,
  UsageError,
  type OpenApiDocument,
} from 'cloud-platform-api/toolbox';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { DocumentError } from 'cloud-platform-check/contract';
import { EmulatorError } from './emulator-error.js';
import type { ProxyOptions } from './proxy/proxy-options.js';
import { MAX_UPSTREAM_TIMEOUT_MS, shownUpstream } from './proxy/upstream.js';
import { DEFAULT_JOURNAL_SIZE, MAX_JOURNAL_SIZE } from './core/controls/journal.js';
import type { RequestLogEntry } from './index.js';
import { DEFAULT_CORS_ORIGINS } from './adapters/cors.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './adapters/listen-options.js';
import {
  createServerEmulator,
  readSnapshotFile,
  recordingFile,
  startEmulatorServer,
  writeSnapshotFile,
} from './server.js';

// The operations counted in the document: the package root's index would load the client, and with it
// Node's own fetch (undici), at every start.
const USAGE = `Usage: cloud-platform-emulator [options]

A local, stateful emulator of the ${listOperations(bundled as OpenApiDocument).length} operations in the cloud-platform-api OpenAPI document.

Options:
  --document FILE          emulate this OpenAPI 3.0 or 3.1 document (YAML or JSON, its local $ref files
                           bundled in) instead of the package's; served at /openapi.json and /docs
                           (default: the package's)
  --port N                 port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 picks a free one)
  --host H                 address to bind (default: ${DEFAULT_HOST})
  --api-key TOKEN          accept only this token (repeatable; default: any token)
  --fixtures FILE          JSON fixtures merged over the built-in set: each top-level key replaces that part
                           (default: the built-in set)
  --state FILE             keep state in the SQLite file FILE, created if absent (default: in memory)
  --import-state FILE.json replace the state with a snapshot (written by --export-state), then serve (default: none)
  --export-state FILE.json write the state as a JSON snapshot and exit, without serving (default: none)
  --allow-host HOST        answer requests whose Host header names HOST (repeatable); others get 421, so a
                           DNS-rebinding page cannot reach the server (default: the bound address,
                           localhost, 127.0.0.1 and [::1])
  --cors ORIGIN            let browser pages from ORIGIN call the server; repeatable; '*' for any; replaces the
                           default (default: ${DEFAULT_CORS_ORIGINS.join(' and ')})
  --journal-size N         how many requests GET /__emulator/requests keeps, the newest (default: ${DEFAULT_JOURNAL_SIZE})
  --log FORMAT             the request log on stdout: text, one line per request, or json, NDJSON (default: text)
  --quiet                  print only the line saying where it listens: no other start lines, no request log
                           (default: off)
  --strict                 refuse body fields the document does not declare, with a 400 naming each, instead of
                           dropping them; with --proxy, count them as violations (default: off)
  --proxy URL              forward every API request to URL (https://api.gcore.com) as it was sent, check both
                           directions against the document, and hand the answer back unchanged; what is wrong
                           goes to the log, the X-Contract-Violations header and GET /__emulator/violations,
                           and a report per operation is printed on exit (default: off: emulate)
  --proxy-errors           with --proxy: answer an upstream answer the document does not allow with a 502
                           that lists why, instead of handing it back (default: off)
  --proxy-timeout MS       with --proxy: how long the upstream has to answer, else 504 (default: 30000)
  --record FILE            with --proxy: write the upstream's successful answers as fixtures into FILE (in the
                           --fixtures format, merged into what it holds), scrubbed of the key and of secrets
  --version                print the version and exit
  --help                   show this text and exit
`;

/**
 * What a client sent, fit for one line of a terminal: printable (control characters, separators and
 * bidi overrides written as escapes, so no request can forge a line or move the cursor), with its own
 * backslashes doubled, so an escape in the line is always one the log wrote.
 */
export const escapeForLog = (text: string) => printable(text.includes('\\') ? text.replaceAll('\\', '\\\\') : text);

/** The request log line: time, method, path, operationId, status, ms, and any unknown body fields. */
export function textLine(entry: RequestLogEntry): string {
  const injected =
    entry.applied === undefined ? '(injected)' : `(injected after the operation answered ${entry.applied})`;
  const status = entry.fault
    ? `${entry.fault} ${injected}`
    : entry.injected
      ? `${entry.status} ${injected}`
      : String(entry.status);
  const unknown = entry.unknownFields ? ` unknown fields: ${entry.unknownFields.map(escapeForLog).join(', ')}` : '';
  const issue = entry.issues?.[0]
    ? ` refused: ${escapeForLog(entry.issues[0].path)} (${entry.issues[0].rule})${entry.issues.length > 1 ? ` and ${entry.issues.length - 1} more` : ''}`
    : '';
  const violations = entry.violations
    ? ` violations: ${entry.violations.map((v) => `${v.direction} ${escapeForLog(v.path)} (${v.rule})`).join(', ')}`
    : '';
  return `${entry.time} ${escapeForLog(entry.method)} ${escapeForLog(entry.path)} ${entry.operationId ?? '-'} ${status} ${entry.ms} ms${unknown}${issue}${violations}\n`;
}

// The request log goes to stdout in batches, at most LOG_FLUSH_MS after a line is made, or sooner once
// the batch is full: under load that is one write for hundreds of requests instead of one per turn of
// the event loop (a file or pipe is written synchronously). Each line is encoded into the batch as it
// is made, so it is not held as a string until the write (a busy server would copy the strings waiting
// from one heap space to the next). Lines still pending when the process exits are written then.
const LOG_FLUSH_MS = 20;
const LOG_BATCH_BYTES = 64 * 1024;
/** The most UTF-8 bytes one UTF-16 code unit of a line can take. */
const MAX_BYTES_PER_UNIT = 3;
let batch = Buffer.allocUnsafe(LOG_BATCH_BYTES);
let batched = 0;
function flushLog(): void {
  if (batched === 0) return;
  process.stdout.write(batch.subarray(0, batched));
  // The stream may hold on to what it was given: the next lines go into a batch of their own.
  batch = Buffer.allocUnsafe(LOG_BATCH_BYTES);
  batched = 0;
}
function writeLog(line: string): void {
  const most = line.length * MAX_BYTES_PER_UNIT;
  if (batched + most > LOG_BATCH_BYTES) flushLog();
  // A line longer than a batch (a JSON line listing many fields) is written on its own, after those before it.
  if (most > LOG_BATCH_BYTES) return void process.stdout.write(line);
  if (batched === 0) setTimeout(flushLog, LOG_FLUSH_MS).unref();
  batched += batch.write(line, batched);
}

function requestLog(
  format: string | undefined,
  quiet: boolean | undefined,
): ((entry: RequestLogEntry) => void) | undefined {
  if (quiet) return undefined;
  if (format !== undefined && format !== 'text' && format !== 'json')
    throw new UsageError(`--log must be text or json, got "${format}"`);
  if (!process.listeners('exit').includes(flushLog)) process.on('exit', flushLog);
  if (format === 'json') return (entry) => writeLog(`${JSON.stringify(entry)}\n`);
  return (entry) => writeLog(textLine(entry));
}

function version(): string {
  return (createRequire(import.meta.url)('cloud-platform-emulator/package.json') as { version: string }).version;
}

function journalSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_JOURNAL_SIZE)
    throw new UsageError(`--journal-size must be a whole number from 1 to ${MAX_JOURNAL_SIZE}, got "${value}"`);
  return Number(value);
}

const OPTIONS = {
  document: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  fixtures: { type: 'string' },
  state: { type: 'string' },
  'import-state': { type: 'string' },
  'export-state': { type: 'string' },
  cors: { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
  'journal-size': { type: 'string' },
  log: { type: 'string' },
  quiet: { type: 'boolean' },
  strict: { type: 'boolean' },
  proxy: { type: 'string' },
  'proxy-errors': { type: 'boolean' },
  'proxy-timeout': { type: 'string' },
  record: { type: 'string' },
  version: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

function parseOptions(argv: string[]) {
  return parseArgs({ args: argv, strict: true, options: OPTIONS }).values;
}

/** The proxy's options from its flags, checked: an http(s) URL, and the flags that need it only with it. */
function proxyOptions(values: ReturnType<typeof parseOptions>): ProxyOptions | undefined {
  const { proxy, record } = values;
  if (proxy === undefined) {
    const needing = (['proxy-errors', 'proxy-timeout', 'record'] as const).find((name) => values[name] !== undefined);
    if (needing) throw new UsageError(`--${needing} works only with --proxy URL`);
    return undefined;
  }
  const url = httpUrl(proxy);
  if (!url) throw new UsageError(notHttpUrl('--proxy', proxy));
  const timeout = values['proxy-timeout'];
  if (
    timeout !== undefined &&
    (!/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > MAX_UPSTREAM_TIMEOUT_MS)
  )
    throw new UsageError(
      `--proxy-timeout must be a whole number of milliseconds from 1 to ${MAX_UPSTREAM_TIMEOUT_MS}, got "${timeout}"`,
    );
  return {
    baseUrl: url.href.replace(/\/$/, ''),
    failOnViolation: values['proxy-errors'],
    timeoutMs: timeout === undefined ? undefined : Number(timeout),
    recording: record === undefined ? undefined : recordingFile(record, { onSaveError: recordSaveError }),
  };
}

/** A recording the CLI could not save: said on stderr, naming the option. */
const recordSaveError = (error: Error, file: string) =>
  process.stderr.write(`emulator: --record: cannot write ${file}: ${error.message}\n`);

/** How the document says a request carries its credentials, in any of its schemes: `Authorization: apikey <token>`. */
function credentialLine(document: OpenApiDocument): string {
  const { schemes } = securityOf(document);
  return schemes.length === 0 ? 'no credentials' : schemes.map(({ slot }) => credentialHint(slot)).join(' or ');
}

/**
 * What the command prints once it listens: where everything is, and, as a proxy, that requests and keys
 * leave. Quiet, only its first line: where it listens (what a script waits for), and that it is a proxy.
 */
export function banner(
  url: string,
  values: { proxy?: string | undefined; state?: string | undefined; quiet?: boolean | undefined },
  document: OpenApiDocument = bundled as OpenApiDocument,
): string {
  const upstream = values.proxy === undefined ? undefined : shownUpstream(values.proxy);
  const first = upstream
    ? `cloud-platform-emulator listening on ${url} as a PROXY: every API request goes to ${upstream}, with the key it carries`
    : `cloud-platform-emulator listening on ${url}`;
  if (values.quiet) return `${first}\n`;
  const mode = upstream
    ? [
        `  proxy:    every API request goes to ${upstream}, checked against the document`,
        `  violations: GET ${url}/__emulator/violations (?format=markdown for the report)`,
      ]
    : [values.state ? `  state:    ${values.state} (SQLite)` : '  state:    in memory'];
  return [
    first,
    `  API:      ${url}/  (${credentialLine(document)})`,
    upstream
      ? `  docs:     ${url}/docs  (its console sends each request to ${upstream}, with the key you type: it acts on that account)`
      : `  docs:     ${url}/docs  (an interactive reference: try every operation against this emulator)`,
    `  document: ${url}/openapi.json, ${url}/openapi.yaml`,
    `  reset:    POST ${url}/__emulator/reset`,
    ...mode,
    `  faults:   ${url}/__emulator/faults (GET, POST, DELETE), or the header Prefer: code=503`,
    '',
  ].join('\n');
}

const ignoreSignal = () => undefined;

/** The --document file's document; the loader (a YAML parser, a $ref bundler) is loaded only for one. */
const loadedDocument = async (file: string) => (await import('cloud-platform-check/document')).loadDocument(file);

async function run(values: ReturnType<typeof parseOptions>, env: NodeJS.ProcessEnv): Promise<number> {
  // Past a file-size limit (ulimit -f) a write should fail, and the change be answered 503, rather
  // than the signal killing the emulator.
  if (!process.listeners('SIGXFSZ').includes(ignoreSignal)) process.on('SIGXFSZ', ignoreSignal);
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : env.PORT
        ? parsePort(env.PORT, 'PORT')
        : DEFAULT_PORT;
  const emulator = await createServerEmulator({
    document: values.document === undefined ? undefined : await loadedDocument(values.document),
    apiKeys: values['api-key'],
    fixturesFile: values.fixtures,
    stateFile: values.state,
    journalSize: journalSize(values['journal-size']),
    strict: values.strict,
    log: requestLog(values.log, values.quiet),
    proxy: proxyOptions(values),
  });
  if (values['import-state']) {
    emulator.importState(readSnapshotFile(values['import-state']), `State snapshot ${values['import-state']}`);
  }
  if (values['export-state']) {
    writeSnapshotFile(values['export-state'], emulator.store.snapshot());
    await emulator.close();
    process.stdout.write(`State written to ${values['export-state']}\n`);
    return 0;
  }
  const running = await startEmulatorServer(emulator, {
    port,
    host: values.host,
    corsOrigins: values.cors,
    allowHosts: values['allow-host'],
  });
  process.stdout.write(banner(running.url, values, emulator.document));
  const stop = () => {
    // The proxy's report, after the last log lines: what to paste into an issue about the document.
    if (values.proxy) {
      flushLog();
      process.stdout.write(`\n${emulator.violations.report()}`);
    }
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: ReturnType<typeof parseOptions>;
  try {
    values = parseOptions(argv);
  } catch (error) {
    process.stderr.write(`${optionErrorMessage(error, Object.keys(OPTIONS))}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  try {
    return await run(values, env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DocumentError) {
      process.stderr.write(`--document ${error.message}\n`);
      return 2;
    }
    // A file, a state or an option the emulator refused: its message names it, and the rule.
    if (error instanceof EmulatorError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    const listen = error as NodeJS.ErrnoException;
    if (listen.code === 'EADDRINUSE' || listen.code === 'EACCES' || listen.code === 'EADDRNOTAVAIL') {
      process.stderr.write(`Cannot listen: ${listen.message}\n`);
      return 1;
    }
    throw error;
  }
}
