// `cloud-platform-emulator/server` (Node only): the emulator behind an HTTP server on loopback, with
// its state in memory or in an SQLite file, as `npm start` and the `cloud-platform-emulator` bin run it.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { authSchemeOf, keyHeaderOf } from 'cloud-platform-api/toolbox';
import { createHttpServer, type StaticFiles } from './adapters/http.js';
import { portOf } from './core/adapter-port.js';
import { FixtureError } from './core/fixtures.js';
import { shownUpstream } from './proxy/upstream.js';
import { createEmulator, type Emulator, type RecordingSink, type EmulatorOptions, type Store } from './index.js';

export type { Store };
import { TABLE_NAMES, type EmulatorTables } from './operations/index.js';
import { writeJsonFileWhole } from './store/json-file.js';
import { openSqliteStore } from './store/sqlite.js';

export { DEFAULT_CORS_ORIGINS } from './adapters/cors.js';
export { TIMEOUTS } from './adapters/http.js';
export { BODY_LIMIT_BYTES } from './core/request-body.js';
export { readSnapshotFile, writeSnapshotFile } from './store/snapshot-file.js';

/** Opens (or creates) a state file with the emulator's tables; a corrupt, foreign, newer or busy file is a StateFileError naming it. */
export const createSqliteStore = (file: string): Store => openSqliteStore<EmulatorTables>(file, TABLE_NAMES);

/** The address the server binds unless told: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/** The port the server listens on unless told. */
export const DEFAULT_PORT = 4010;

/** Options of startEmulatorServer: the emulator's own, and where and how to listen. */
export interface ServerOptions extends Pick<EmulatorOptions, 'apiKeys' | 'strict' | 'log' | 'journalSize' | 'holdMs'> {
  port?: number;
  /** Default: 127.0.0.1. */
  host?: string;
  /** A JSON file of fixtures merged over the built-in set: each top-level key it has replaces that part. */
  fixturesFile?: string | undefined;
  /** Keep state in this SQLite file; in memory when absent. */
  stateFile?: string | undefined;
  /** Origins a browser page may call from. Default: any http://localhost and http://127.0.0.1 port. */
  corsOrigins?: readonly string[] | undefined;
  /** Host names to answer for beside the bound address, localhost, 127.0.0.1 and [::1]; others get 421. */
  allowHosts?: readonly string[] | undefined;
  /** Forward every API request to this base URL, checking both directions against the document. */
  proxy?: string | undefined;
  /** With `proxy`: answer an upstream answer the document does not allow with a 502 listing why. */
  proxyErrors?: boolean | undefined;
  /** With `proxy`: how long the upstream has to answer. Default: 30 s. */
  proxyTimeoutMs?: number | undefined;
  /** With `proxy`: keep the upstream's successful answers as fixtures in this file (merged into what it holds). */
  recordFile?: string | undefined;
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

/** `--record FILE`: what the file holds, and a save that writes the whole recording or nothing (temp file + rename). */
function fileRecording(file: string): RecordingSink {
  return {
    initial: readJsonObject(file, 'Recording file') ?? {},
    save(fixtures) {
      try {
        writeJsonFileWhole(file, fixtures, 2);
      } catch (error) {
        process.stderr.write(`emulator: --record: cannot write ${file}: ${(error as Error).message}\n`);
      }
    },
  };
}

const HTML = 'text/html; charset=utf-8';
const JSON_TEXT = 'application/json; charset=utf-8';

/**
 * The interactive reference at /docs (this package's page, Elements' files and the document with its
 * code samples, which the build puts in dist/docs, and where the page's requests go: the upstream a
 * proxy forwards them to, or null), and the document from the installed cloud-platform-api package.
 */
function staticFiles(proxy: string | undefined): { root: string; files: StaticFiles } {
  const root = path.dirname(createRequire(import.meta.url).resolve('cloud-platform-api/package.json'));
  const ownRoot = path.dirname(createRequire(import.meta.url).resolve('cloud-platform-emulator/package.json'));
  const page = { file: path.join(ownRoot, 'static', 'docs.html'), type: HTML };
  const built = (file: string, type: string) => ({ file: path.join(ownRoot, 'dist', 'docs', file), type });
  return {
    root,
    files: {
      '/docs': page,
      '/docs/': page,
      '/docs/openapi.json': built('openapi.json', JSON_TEXT),
      '/docs/console.json': {
        text: JSON.stringify({ upstream: proxy === undefined ? null : shownUpstream(proxy) }),
        type: JSON_TEXT,
      },
      '/docs/elements/web-components.min.js': built('elements/web-components.min.js', 'text/javascript; charset=utf-8'),
      '/docs/elements/styles.min.css': built('elements/styles.min.css', 'text/css; charset=utf-8'),
      '/openapi.json': { file: path.join(root, 'generated', 'openapi.json'), type: JSON_TEXT },
      '/openapi.yaml': { file: path.join(root, 'generated', 'openapi.yaml'), type: 'application/yaml; charset=utf-8' },
    },
  };
}

/** Creates the emulator for these options: its fixtures, and its store (SQLite for a state file). */
export async function createServerEmulator(options: ServerOptions = {}): Promise<Emulator> {
  const fixtures = options.fixturesFile ? readFixturesFile(options.fixturesFile) : undefined;
  const store = options.stateFile ? createSqliteStore(options.stateFile) : undefined;
  try {
    const proxy =
      options.proxy === undefined
        ? undefined
        : {
            baseUrl: options.proxy,
            timeoutMs: options.proxyTimeoutMs,
            failOnViolation: options.proxyErrors,
            recording: options.recordFile ? fileRecording(options.recordFile) : undefined,
          };
    return await createEmulator({
      fixtures,
      store,
      apiKeys: options.apiKeys,
      strict: options.strict,
      log: options.log,
      journalSize: options.journalSize,
      holdMs: options.holdMs,
      proxy,
    });
  } catch (error) {
    store?.close();
    throw error;
  }
}

/**
 * Starts an emulator listening on host:port (127.0.0.1:4010 by default; port 0 picks a free one).
 *
 * @example
 * const server = await startEmulatorServer({ port: 0 });
 * const client = createCloudClient({ apiKey: 'any', baseUrl: server.url });
 * await server.close();
 */
export async function startEmulatorServer(options: ServerOptions = {}, emulator?: Emulator): Promise<RunningServer> {
  const running = emulator ?? (await createServerEmulator(options));
  const { root, files } = staticFiles(options.proxy);
  const host = options.host ?? DEFAULT_HOST;
  const server = createHttpServer(portOf(running, 'startEmulatorServer'), {
    staticFiles: files,
    root,
    corsOrigins: options.corsOrigins,
    hosts: [host, ...(options.allowHosts ?? [])],
    browserHome: '/docs',
    keyHeader: keyHeaderOf(authSchemeOf(running.document)),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
    });
  } catch (error) {
    await running.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    emulator: running,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => void running.close().then(resolve));
      }),
  };
}
