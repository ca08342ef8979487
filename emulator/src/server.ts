// `cloud-platform-emulator/server` (Node only): the emulator behind an HTTP server on loopback, with
// its state in memory or in an SQLite file, as `npm start` and the `cloud-platform-emulator` bin run it.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { kindOf, securityOf, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import projectDocument from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { credentialHeaders } from './core/api-keys.js';
import { EmulatorOptionError } from './emulator-error.js';
import { createHttpServer, type StaticFiles } from './adapters/http.js';
import { portOf } from './core/adapter-port.js';
import { lazily } from './core/common/lazily.js';
import { shownValue } from './core/common/shown-value.js';
import { FixtureError } from './core/state/fixtures.js';
import { checkedListenOptions, DEFAULT_HOST, DEFAULT_PORT, type ListenOptions } from './adapters/listen-options.js';
import { createEmulator, type Emulator, type RecordingSink, type EmulatorOptions, type Store } from './index.js';

export type { Store };
import { TABLE_MIGRATIONS, TABLE_NAMES, type EmulatorTables } from './operations/index.js';
import { writeJsonFileWhole } from './store/json-file.js';
import { openSqliteStore } from './store/sqlite.js';

export { TIMEOUTS } from './adapters/http.js';
export { BODY_LIMIT_BYTES } from './core/document/request-body.js';
export { readSnapshotFile, writeSnapshotFile } from './store/snapshot-file.js';

/** Opens (or creates) a state file with the emulator's tables; a corrupt, foreign, newer or busy file is a StateFileError naming it. */
export const createSqliteStore = (file: string): Store =>
  openSqliteStore<EmulatorTables>(file, TABLE_NAMES, TABLE_MIGRATIONS);

/** Options of createServerEmulator: createEmulator's, with fixtures and state read from files. */
export interface ServerEmulatorOptions extends Omit<EmulatorOptions, 'fixtures' | 'store'> {
  /** A JSON file of fixtures merged over the built-in set: each top-level key it has replaces that part. */
  fixturesFile?: string | undefined;
  /** Keep state in this SQLite file; in memory when absent. */
  stateFile?: string | undefined;
}

export type { ListenOptions } from './adapters/listen-options.js';

/** Every option createServerEmulator takes: the type holds this list to the interface, key for key. */
const SERVER_EMULATOR_OPTIONS: Record<keyof ServerEmulatorOptions, true> = {
  apiKeys: true,
  strict: true,
  warn: true,
  journalSize: true,
  log: true,
  document: true,
  proxy: true,
  holdMs: true,
  fixturesFile: true,
  stateFile: true,
};

/** Refuses an option createServerEmulator does not take (a listen option such as port), rather than ignore it. */
function checkServerEmulatorOptions(options: unknown): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new EmulatorOptionError(`createServerEmulator: options must be an object, got ${kindOf(options)}`);
  const unknownKey = Object.keys(options).find((key) => !Object.hasOwn(SERVER_EMULATOR_OPTIONS, key));
  if (unknownKey !== undefined)
    throw new EmulatorOptionError(
      `createServerEmulator: unknown option ${JSON.stringify(unknownKey)}; where to listen goes to startEmulatorServer(emulator, listen)`,
    );
  // An empty path (an unset environment variable, often) would quietly mean no file at all.
  for (const name of ['fixturesFile', 'stateFile'] as const) {
    const file = (options as ServerEmulatorOptions)[name];
    if (file !== undefined && (typeof file !== 'string' || file === ''))
      throw new EmulatorOptionError(`createServerEmulator: ${name} must be a file's path, got ${shownValue(file)}`);
  }
}

/** A listening server: its URL, its emulator, and close(). */
export interface RunningServer {
  url: string;
  emulator: Emulator;
  close(): Promise<void>;
}

/**
 * Reads a fixtures file, which createEmulator merges over the built-in set (each top-level key the file
 * gives replaces that part). Unreadable or not a JSON object is a FixtureError naming the file.
 */
export function readFixturesFile(file: string): { value: Record<string, unknown>; source: string } {
  const given = readJsonObject(file, 'Fixtures file');
  if (!given) throw new FixtureError(`Fixtures file ${file} cannot be read: it does not exist`);
  return { value: given, source: file };
}

/** Reads a JSON object file, or undefined where there is none; anything else is a FixtureError naming it (`what`: "Fixtures file"). */
function readJsonObject(file: string, what: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new FixtureError(`${what} ${file} cannot be read: ${(error as Error).message}`);
  }
  let given: unknown;
  try {
    given = JSON.parse(text);
  } catch (error) {
    throw new FixtureError(`${what} ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new FixtureError(`${what} ${file} must hold a JSON object of fixture parts`);
  return given as Record<string, unknown>;
}

/** Options of recordingFile. */
export interface RecordingFileOptions {
  /** Told of a save that failed (the recording is kept in memory, and the next save tries again). Default: console.warn. */
  onSaveError?: (error: Error, file: string) => void;
}

const warnSaveError = (error: Error, file: string) =>
  console.warn(`cloud-platform-emulator: cannot write the recording ${file}: ${error.message}`);

/**
 * A recording kept in a JSON file (`--record FILE`), for the `recording` of the `proxy` option: what the
 * file holds, merged into, and a save that writes the whole recording or nothing (temp file + rename).
 */
export function recordingFile(file: string, { onSaveError = warnSaveError }: RecordingFileOptions = {}): RecordingSink {
  return {
    initial: readJsonObject(file, 'Recording file') ?? {},
    save(fixtures) {
      try {
        writeJsonFileWhole(file, fixtures, 2);
      } catch (error) {
        onSaveError(error as Error, file);
      }
    },
  };
}

const HTML = 'text/html; charset=utf-8';
const JSON_TEXT = 'application/json; charset=utf-8';
const YAML_TEXT = 'application/yaml; charset=utf-8';

/**
 * A document of one's own as YAML (this package's has its YAML built), with the YAML writer loaded
 * when first asked for: an emulator starts without it.
 */
const yamlText = (document: OpenApiDocument): string =>
  (createRequire(import.meta.url)('yaml') as typeof import('yaml')).stringify(document, {
    aliasDuplicateObjects: false,
  });

/**
 * The document at /openapi.json, /openapi.yaml and /docs/openapi.json: the built files for the package's
 * own (the page's copy has its code samples), else the emulator's document, written when first asked for.
 */
function documentFiles(document: OpenApiDocument, root: string, ownRoot: string): StaticFiles {
  if (document === (projectDocument as unknown))
    return {
      '/docs/openapi.json': { file: path.join(ownRoot, 'dist', 'docs', 'openapi.json'), type: JSON_TEXT },
      '/openapi.json': { file: path.join(root, 'generated', 'openapi.json'), type: JSON_TEXT },
      '/openapi.yaml': { file: path.join(root, 'generated', 'openapi.yaml'), type: YAML_TEXT },
    };
  const json = lazily(() => JSON.stringify(document));
  return {
    '/docs/openapi.json': { text: json, type: JSON_TEXT },
    '/openapi.json': { text: json, type: JSON_TEXT },
    '/openapi.yaml': { text: lazily(() => yamlText(document)), type: YAML_TEXT },
  };
}

/**
 * The interactive reference at /docs (this package's page, Elements' files and the document, and where
 * the page's requests go: the upstream a proxy forwards them to, or null), and the emulator's document.
 */
function staticFiles(document: OpenApiDocument, upstream: string | undefined): { root: string; files: StaticFiles } {
  const root = path.dirname(createRequire(import.meta.url).resolve('cloud-platform-api/package.json'));
  const ownRoot = path.dirname(createRequire(import.meta.url).resolve('cloud-platform-emulator/package.json'));
  const page = { file: path.join(ownRoot, 'static', 'docs.html'), type: HTML };
  const built = (file: string, type: string) => ({ file: path.join(ownRoot, 'dist', 'docs', file), type });
  return {
    root,
    files: {
      '/docs': page,
      '/docs/': page,
      '/docs/console.json': {
        text: JSON.stringify({ upstream: upstream ?? null }),
        type: JSON_TEXT,
      },
      '/docs/console-kit.js': {
        file: path.join(ownRoot, 'static', 'console-kit.js'),
        type: 'text/javascript; charset=utf-8',
      },
      '/docs/elements/web-components.min.js': built('elements/web-components.min.js', 'text/javascript; charset=utf-8'),
      '/docs/elements/styles.min.css': built('elements/styles.min.css', 'text/css; charset=utf-8'),
      ...documentFiles(document, root, ownRoot),
    },
  };
}

/** Creates the emulator for these options: its fixtures, and its store (SQLite for a state file). */
export async function createServerEmulator(options: ServerEmulatorOptions = {}): Promise<Emulator> {
  checkServerEmulatorOptions(options);
  const { fixturesFile, stateFile, ...emulatorOptions } = options;
  const fixtures = fixturesFile ? readFixturesFile(fixturesFile) : undefined;
  const store = stateFile ? createSqliteStore(stateFile) : undefined;
  try {
    return await createEmulator({ ...emulatorOptions, fixtures, store });
  } catch (error) {
    store?.close();
    throw error;
  }
}

/**
 * Serves an emulator over HTTP on host:port (127.0.0.1:4010 by default; port 0 picks a free one). The
 * server takes the emulator over: close() closes both, and so does a failure to listen.
 *
 * @example
 * const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
 * const client = createCloudClient({ apiKey: 'any', baseUrl: server.url });
 * await server.close();
 */
export async function startEmulatorServer(emulator: Emulator, listen: ListenOptions = {}): Promise<RunningServer> {
  const port = portOf(emulator, 'startEmulatorServer');
  const {
    port: listenPort = DEFAULT_PORT,
    host = DEFAULT_HOST,
    corsOrigins,
    allowHosts,
  } = checkedListenOptions(listen);
  const { root, files } = staticFiles(emulator.document, emulator.upstream);
  const server = createHttpServer(port, {
    staticFiles: files,
    root,
    corsOrigins,
    hosts: [host, ...(allowHosts ?? [])],
    browserHome: '/docs',
    keyHeader: credentialHeaders(securityOf(emulator.document)),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, host, () => resolve());
    });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    emulator,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => void emulator.close().then(resolve));
      }),
  };
}
