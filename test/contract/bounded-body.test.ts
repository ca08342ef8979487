// Reading a body no further than a limit: past it, the read stops and says so, whatever the stream is.
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBoundedBytes, readBoundedText } from '../../src/contract/bounded-body.js';

const LIMIT = 1024;

/** A stream of `chunks` chunks of LIMIT / 4 bytes, counting how many were pulled. */
function counted(chunks: number) {
  const pulled = { count: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count++ === chunks) return controller.close();
      controller.enqueue(new Uint8Array(LIMIT / 4).fill(0x61));
    },
  });
  return { stream, pulled };
}

/** A cloned request's body: one branch of a tee, whose cancel settles only once the other branch is cancelled. */
const teedBranch = (stream: ReadableStream<Uint8Array>) => stream.tee()[0];

/** What `pending` settled with, or `still pending` after 2 s: a read that never ends fails here, not at the test's timeout. */
async function settled(pending: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise((resolve) => {
    timer = setTimeout(resolve, 2_000, 'still pending');
  });
  return Promise.race([pending.catch((error: unknown) => error), bound]).finally(() => clearTimeout(timer));
}

describe.each([
  ['bytes', readBoundedBytes],
  ['text', readBoundedText],
] as const)('reading %s no further than a limit', (_, read) => {
  it.each([
    ['a stream of its own', (stream: ReadableStream<Uint8Array>) => stream],
    ['a branch of a teed stream', teedBranch],
  ])('stops past the limit of %s with a BodyTooLargeError, pulling no more', async (__, shape) => {
    const { stream, pulled } = counted(64);
    const error = await settled(read(new Response(shape(stream)), LIMIT));
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(pulled.count).toBeLessThan(16);
  });

  it('reads a body of exactly the limit whole', async () => {
    const { stream } = counted(4);
    const body = await read(new Response(stream), LIMIT);
    expect(typeof body === 'string' ? body.length : body.byteLength).toBe(LIMIT);
  });
});

it('reads the body of a request too', async () => {
  const request = new Request('http://example.test/', { method: 'POST', body: 'hello' });
  expect(await readBoundedText(request, LIMIT)).toBe('hello');
});
