// Runs the project's command-line tools from node_modules/.bin, and times build steps.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Quiet, offline-friendly environment for Redocly CLI: no telemetry, no update check. */
const toolEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

export interface ToolResult {
  code: number;
  output: string;
}

/** Runs a tool installed in node_modules/.bin and collects its combined output. */
export function runTool(tool: string, args: readonly string[]): Promise<ToolResult> {
  const bin = path.join(projectRoot, 'node_modules', '.bin', tool);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: projectRoot, env: toolEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs a tool and fails with its output when it exits non-zero. */
export async function runToolOrFail(tool: string, args: readonly string[]): Promise<string> {
  const result = await runTool(tool, args);
  if (result.code !== 0) {
    throw new Error(`${tool} ${args.join(' ')} exited with ${result.code}:\n${result.output}`);
  }
  return result.output;
}

/** Runs one named build step and prints how long it took. */
export async function timedStep<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`▶ ${name}\n`);
  const result = await step();
  process.stdout.write(`✔ ${name} (${Math.round(performance.now() - started)} ms)\n`);
  return result;
}
