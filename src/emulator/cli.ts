// The emulator's command line: `cloud-platform-emulator [--port N] [--host H] [--api-key K ...]
// [--fixtures FILE] [--state FILE]`. Binds 127.0.0.1:4010 unless told otherwise.
import { parseArgs } from 'node:util';
import { FixtureError } from './fixtures.js';
import { createEmulator } from './server.js';
import { StateFileError } from './store.js';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;

const USAGE = `Usage: cloud-platform-emulator [options]

A local, stateful emulator of the 14 operations in the cloud-platform-api OpenAPI document.

Options:
  --port N          port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 picks a free one)
  --host H          address to bind (default: ${DEFAULT_HOST})
  --api-key TOKEN   accept only this token (repeatable; default: any token)
  --fixtures FILE   JSON fixtures that replace the built-in set
  --state FILE      keep state in FILE: read on start, written after every change
  --help            show this text
`;

class UsageError extends Error {}

function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`${source} must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        fixtures: { type: 'string' },
        state: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    const port = values.port !== undefined ? parsePort(values.port, '--port') : env.PORT ? parsePort(env.PORT, 'PORT') : DEFAULT_PORT;
    const host = values.host ?? DEFAULT_HOST;
    const { app } = await createEmulator({
      ...(values.fixtures ? { fixtures: values.fixtures } : {}),
      ...(values.state ? { stateFile: values.state } : {}),
      ...(values['api-key'] ? { apiKeys: values['api-key'] } : {}),
    });
    await app.listen({ port, host });
    const address = app.server.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    const base = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
    process.stdout.write(
      [
        `cloud-platform-emulator listening on ${base}`,
        `  API:      ${base}/  (Authorization: apikey <token>)`,
        `  docs:     ${base}/docs`,
        `  document: ${base}/openapi.json, ${base}/openapi.yaml`,
        `  reset:    POST ${base}/__emulator/reset`,
        values.state ? `  state:    ${values.state}` : '  state:    in memory',
        '',
      ].join('\n'),
    );
    const stop = () => void app.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof FixtureError || error instanceof StateFileError) {
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
