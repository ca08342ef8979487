// Starts the emulator in-process on 127.0.0.1 (a free port) for tests, and checks what it answers
// against the document.
import { createResponseChecker } from '../../src/contract/response-check.js';
import { createContractValidator } from '../../src/contract/validator.js';
import { listOperations, type OperationRef } from '../../src/contract/document.js';
import { createEmulator, type EmulatorOptions } from '../../src/emulator/server.js';
import { bundled } from './document.js';

export const validator = createContractValidator(bundled);
export const checkResponse = createResponseChecker(bundled, validator);
const operations = listOperations(bundled);

export interface RunningEmulator {
  url: string;
  close(): Promise<void>;
  emulator: Awaited<ReturnType<typeof createEmulator>>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = await createEmulator(options);
  await emulator.app.listen({ port: 0, host: '127.0.0.1' });
  const address = emulator.app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, emulator, close: () => emulator.app.close() };
}

/** The operation a request went to, by method and path template; undefined for no operation. */
export function operationFor(method: string, url: string): OperationRef | undefined {
  const pathname = url.split('?')[0]!;
  return operations.find((op) => op.method === method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname));
}

/** Parses a body as the emulator sent it: JSON when it says JSON, text otherwise, undefined when empty. */
export function parsedBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  return contentType?.includes('json') ? JSON.parse(text) : text;
}
