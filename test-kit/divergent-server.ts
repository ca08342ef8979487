// The emulator served over HTTP on 127.0.0.1 through a hook that may change its answers: with no
// change it is a faithful server; with one, a server that diverges from the document on purpose.
import { createEmulator, type EmulatorOptions } from 'cloud-platform-emulator';
import { startServer, type RecordedRequest, type TestServer } from './http-server.js';

export interface EmulatorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Changes the emulator's answer to a request, or returns it as it is. */
export type Divergence = (request: RecordedRequest, answer: EmulatorAnswer) => EmulatorAnswer;

/** `options` make the emulator behind it (fixtures of its own, say). */
export async function startDivergentServer(
  diverge: Divergence = (_, answer) => answer,
  options: EmulatorOptions = {},
): Promise<TestServer> {
  const emulator = await createEmulator(options);
  const server = await startServer((recorded, res) => {
    const headers = Object.entries(recorded.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as [string, string]] : [],
    );
    const hasBody = recorded.method !== 'GET' && recorded.method !== 'HEAD';
    void emulator
      .fetch(
        new Request(`http://emulator.local${recorded.url}`, {
          method: recorded.method,
          headers,
          body: hasBody ? recorded.body : undefined,
        }),
      )
      .then(async (response) => {
        const { 'content-length': _length, ...kept } = Object.fromEntries(response.headers);
        const answer = diverge(recorded, { status: response.status, headers: kept, body: await response.text() });
        res.writeHead(answer.status, answer.headers).end(answer.body);
      });
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      await emulator.close();
    },
  };
}
