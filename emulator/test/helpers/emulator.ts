// Runs emulators for tests: over HTTP on 127.0.0.1 (a free port) or in process, and checks what they
// answer against the document.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { listeningUrl } from '../../../test-kit/listening.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';
import {
  createServerEmulator,
  startEmulatorServer,
  type RunningServer,
  type ServerEmulatorOptions,
} from '../../src/server.js';

import { checkResponse, operationFor, parsedBody } from '../../../test-kit/contract.js';

export { checkResponse, operationFor, parsedBody, validator } from '../../../test-kit/contract.js';
export { bundled } from '../../../test-kit/document.js';

/** An emulator over HTTP on 127.0.0.1, on a port the OS picks. */
export const serveEmulator = (emulator: Emulator): Promise<RunningServer> => startEmulatorServer(emulator, { port: 0 });

/** An emulator made from these options, over HTTP on 127.0.0.1, on a port the OS picks. */
export const startEmulator = async (options: ServerEmulatorOptions = {}): Promise<RunningServer> =>
  serveEmulator(await createServerEmulator(options));

/** An emulator server started before the file's tests and closed after them; its fields are set once they run. */
export function useEmulator(options: ServerEmulatorOptions = {}): RunningServer {
  const running = {} as RunningServer;
  beforeAll(async () => {
    Object.assign(running, await startEmulator(options));
  });
  afterAll(() => running.close());
  return running;
}

/** The command `npx cloud-platform-emulator` runs: the workspace's bin, linked by npm, built by npm test. */
export const BIN = path.resolve('node_modules', '.bin', 'cloud-platform-emulator');

/**
 * Runs `cloud-platform-emulator ARGS` as its own process, under a file-size limit (in 512-byte blocks)
 * when given; resolves once it listens, rejects with its output when it exits first.
 */
export function launchCli(
  args: readonly string[],
  fileSizeBlocks?: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = fileSizeBlocks
    ? spawn('bash', ['-c', `ulimit -f ${fileSizeBlocks}; exec "$0" "$@"`, BIN, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return listeningUrl(child, 'emulator').then((url) => ({ child, url }));
}

/** An in-process emulator for the file's tests. */
export function useInProcess(options: EmulatorOptions = {}): { emulator: Emulator } {
  const holder = {} as { emulator: Emulator };
  beforeAll(async () => {
    holder.emulator = await createEmulator(options);
  });
  afterAll(() => holder.emulator.close());
  return holder;
}

export interface Injected {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request to an emulator in process, with no socket: `url` is a path and query. */
export async function inject(
  emulator: Emulator,
  {
    method = 'GET',
    url,
    headers = {},
    payload,
  }: { method?: string; url: string; headers?: Record<string, string>; payload?: string },
): Promise<Injected> {
  const response = await emulator.fetch(`http://emulator.local${url}`, {
    method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
  });
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/** Sends one request to a running emulator (in process, through its fetch) as `token`, or with no Authorization for null. */
export async function call(
  running: RunningServer,
  method: string,
  url: string,
  body?: unknown,
  token: string | null = 'tester',
) {
  const response = await inject(running.emulator, {
    method,
    url,
    headers: {
      ...(token === null ? {} : { authorization: `apikey ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const parsed = parsedBody(response.body, response.headers['content-type'] as string | undefined);
  return { status: response.statusCode, headers: response.headers, body: parsed as any };
}

/** Checks an answer against what the document declares for the operation that took the request. */
export function expectDeclared(method: string, url: string, answer: { status: number; body: unknown }) {
  const op = operationFor(method, url);
  expect(op, `${method} ${url} is an operation`).toBeDefined();
  expect(checkResponse(op!.operationId, answer.status, answer.body), `${method} ${url} -> ${answer.status}`).toEqual(
    [],
  );
}

/** Bodies the tests send: a valid storage event and a valid logs uploader config. */
export const EVENT = { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u', bytes: 1 };
export const CONFIG = { name: 'cfg', policy: 1, target: 2 };
