// A server started as its own process, followed until it prints where it listens.
import type { ChildProcess } from 'node:child_process';

/**
 * The URL the process prints in its `listening on URL` line, once it has; rejects with all it printed
 * (stdout and stderr) when it exits, or cannot be started, first.
 */
export function listeningUrl(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${out}`)));
    child.once('error', reject);
  });
}
