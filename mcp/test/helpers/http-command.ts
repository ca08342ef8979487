// `cloud-platform-mcp --http` on a free port, ready once its stderr line says where it listens (no sleep),
// and stopped with SIGTERM when the test ends (or, started in a hook, when `stopWhen` says).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { onTestFinished } from 'vitest';

const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'cloud-platform-mcp.js');
const READY = /serving MCP over Streamable HTTP at (\S+)/;

export interface HttpCommand {
  url: string;
  /** Sends SIGTERM; the exit code. */
  stop(): Promise<number | null>;
}

export async function startHttpCommand(
  args: readonly string[] = [],
  stopWhen: (stop: () => Promise<unknown>) => void = (stop) => onTestFinished(async () => void (await stop())),
): Promise<HttpCommand> {
  const child = spawn(process.execPath, [BIN, '--http', '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const ready = READY.exec(stderr);
      if (ready) resolve(ready[1]!);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  stopWhen(stop);
  return { url, stop };
}
