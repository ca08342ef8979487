// The three commands and Prism 5's mock, each run as its own process on 127.0.0.1, as a user runs them
// with `--document FILE`: started on a free port and ready once it says where it listens (or, for Prism,
// once it answers), never after a fixed wait; stopped by the test that started it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CoverageReport } from 'cloud-platform-check';
import { closedPort } from '../../test-kit/http-server.js';
import { listeningUrl } from '../../test-kit/listening.js';
import { projectRoot } from '../../test-kit/project-root.js';

const EMULATOR_BIN = path.join(projectRoot, 'emulator', 'bin', 'cloud-platform-emulator.js');
const CHECK_BIN = path.join(projectRoot, 'check', 'bin', 'cloud-platform-check.js');
export const MCP_BIN = path.join(projectRoot, 'mcp', 'bin', 'cloud-platform-mcp.js');
const PRISM_BIN = path.join(projectRoot, 'node_modules', '.bin', 'prism');
/** Prism takes 2 to 3 s to start on a quiet machine, and over 60 s on two cores other work keeps busy. */
const PRISM_STARTUP_MS = 150_000;
const POLL_MS = 100;

/** The environment the commands run in: without the caller's key, which would otherwise be their default. */
const { GCORE_API_KEY: _key, ...commandEnv } = process.env;

export interface Running {
  url: string;
  /** Ends the process and resolves once it has exited. */
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
}

/** `cloud-platform-emulator --document FILE` on a free port; resolves once it prints where it listens. */
export function startEmulatorCommand(file: string, extra: readonly string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [EMULATOR_BIN, '--document', file, '--port', '0', '--quiet', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: commandEnv,
  });
  const stop = stopper(child);
  return listeningUrl(child, `cloud-platform-emulator --document ${file}`).then((url) => ({ url, stop }));
}

/**
 * `prism mock FILE` on a free port of 127.0.0.1; resolves once it answers anything at all (a 404 for `/`
 * means it is serving), rejects with its output when it exits first, as it does on a document it refuses.
 */
export async function startPrism(file: string): Promise<Running> {
  const port = await closedPort();
  const child = spawn(process.execPath, [PRISM_BIN, 'mock', '-p', String(port), '--host', '127.0.0.1', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = stopper(child);
  let out = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`prism mock ${file} exited with ${code}: ${out}`))),
  );
  exited.catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + PRISM_STARTUP_MS;
  while (Date.now() < deadline) {
    const answered = await Promise.race([
      fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (answered) return { url, stop };
    await Promise.race([new Promise((resolve) => setTimeout(resolve, POLL_MS)), exited]);
  }
  await stop();
  throw new Error(`prism mock ${file} did not answer on ${url} within ${PRISM_STARTUP_MS} ms: ${out}`);
}

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command from the repository root and collects what it printed, whatever its exit code. */
export function runCommand(command: string, args: readonly string[], timeoutMs = 120_000): Promise<CommandRun> {
  const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], env: commandEnv });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** A check of the run's report, with how many answers passed and failed it. */
export type CheckCounts = Record<string, { passed: number; failed: number }>;

export interface CheckRun extends CommandRun {
  /** The report's table of checks; empty when the command printed no report. */
  checks: CheckCounts;
  /** Failed checks over all answers: the report's "failed" column, added up. */
  failed: number;
  /** `operationId status` for each 5xx answered that the operation does not declare. */
  undeclaredServerErrors: string[];
}

/** The table under the report's `check  passed  failed` heading. */
export function checkTable(report: string): CheckCounts {
  const lines = report.split('\n');
  const start = lines.findIndex((line) => /^check\s+passed\s+failed/.test(line));
  if (start === -1) return {};
  const counts: CheckCounts = {};
  for (const line of lines.slice(start + 1)) {
    const row = /^(\S+)\s+(\d+)\s+(\d+)/.exec(line);
    if (!row) break;
    counts[row[1]!] = { passed: Number(row[2]), failed: Number(row[3]) };
  }
  return counts;
}

/** The check's options every run shares: the same seed and budget against either server, so the runs compare. */
export const CHECK_RUN = ['--seed', '7', '--max-requests', '200'] as const;

/** `cloud-platform-check --document FILE --base-url URL`, with `token` as its key; its report read back. */
export async function runCheck(file: string, baseUrl: string, token: string): Promise<CheckRun> {
  const coverageFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'any-document-check-')), 'coverage.json');
  const run = await runCommand(process.execPath, [
    CHECK_BIN,
    '--document',
    file,
    '--base-url',
    baseUrl,
    '--api-key',
    token,
    ...CHECK_RUN,
    '--coverage',
    coverageFile,
  ]);
  const checks = checkTable(run.stdout);
  // A report comes with its coverage file; a refusal (exit 2) or a crash with none.
  const coverage = existsSync(coverageFile)
    ? (JSON.parse(readFileSync(coverageFile, 'utf8')) as CoverageReport)
    : undefined;
  return {
    ...run,
    checks,
    failed: Object.values(checks).reduce((sum, { failed }) => sum + failed, 0),
    undeclaredServerErrors: (coverage?.operations ?? []).flatMap((op) =>
      op.statuses.undocumented.filter((status) => Number(status) >= 500).map((status) => `${op.operationId} ${status}`),
    ),
  };
}
