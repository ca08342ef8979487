// The in-process fetch lets go of a caller who aborts while its request body is a stream that never
// ends, every time: undici's Request follows the caller's signal only through a weak reference, so a
// body read that listened on the Request's own signal alone missed the abort once the Request was
// collected. Each run collects garbage between the start and the abort, to meet that case every time.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Turns of the event loop, no timer: long enough for an abort that is heard to settle the fetch. */
const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

const emulator = await createEmulator();

describe('the in-process fetch, its caller aborting during an endless request body', () => {
  it.each(Array.from({ length: 50 }, (_, i) => [i + 1]))('run %d rejects with AbortError', async () => {
    const controller = new AbortController();
    let outcome = 'pending';
    void emulator
      .fetch('http://emulator.local/cdn/logs_uploader/configs', {
        method: 'POST',
        headers: { authorization: 'apikey s', 'content-type': 'application/json' },
        body: new ReadableStream({ pull: () => new Promise(() => undefined) }),
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit)
      .then(
        () => (outcome = 'answered'),
        (error: Error) => (outcome = error.name),
      );
    await turns(3);
    collectGarbage();
    controller.abort();
    await turns(10);
    expect(outcome).toBe('AbortError');
  });
});
