// Starts the emulator in-process on 127.0.0.1 (a free port) for tests, and checks what it answers
// against the document.
import { afterAll, beforeAll } from 'vitest';
import { createResponseChecker } from '../../src/contract/response-check.js';
import { createContractValidator } from '../../src/contract/validator.js';
import { createEmulator, type EmulatorOptions } from '../../src/emulator/server.js';
import { bundled } from './document.js';

export { operationFor } from './document.js';
export const validator = createContractValidator(bundled);
export const checkResponse = createResponseChecker(bundled, validator);

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

/** An emulator started before the file's tests and closed after them; its fields are set once they run. */
export function useEmulator(options: EmulatorOptions = {}): RunningEmulator {
  const running = {} as RunningEmulator;
  beforeAll(async () => {
    Object.assign(running, await startEmulator(options));
  });
  afterAll(() => running.close());
  return running;
}

/** Parses a body as the emulator sent it: JSON when it says JSON, text otherwise, undefined when empty. */
export function parsedBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  return contentType?.includes('json') ? JSON.parse(text) : text;
}
