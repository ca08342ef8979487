// The contract run as people read it: a table per operation (requests, statuses seen, checks failed),
// the checks with their counts, each failure with a curl command that reproduces it, then a line of
// coverage per operation. The command reads the key from $GCORE_API_KEY: no report holds the key.
import { authorizationValue, type CredentialSlot } from 'cloud-platform-api/toolbox';
import { CHECKS, type CheckName } from './verdicts.js';
import type { CheckResult } from './check-contract.js';
import { coverageSummary } from './coverage/summary.js';
import type { Failure, OperationSummary, SentRequest } from './run-findings.js';

/** Quotes a word for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** curl's arguments that send the key from $GCORE_API_KEY where a slot says (HTTP basic: the key is user:password). */
function credentialArguments(slot: CredentialSlot): string[] {
  if ('query' in slot) return ['--url-query', `"${slot.query}=$GCORE_API_KEY"`];
  if ('cookie' in slot) return ['-b', `"${slot.cookie}=$GCORE_API_KEY"`];
  if (slot.basic) return ['-u', '"$GCORE_API_KEY"'];
  return ['-H', `"${slot.header}: ${authorizationValue(slot, '$GCORE_API_KEY')}"`];
}

/** A curl command that sends the request again, the key read from $GCORE_API_KEY. */
export function curlCommand(request: SentRequest): string {
  const parts = ['curl -sS -i', '-X', request.method, shellQuote(request.url)];
  for (const slot of [request.auth ?? []].flat()) parts.push(...credentialArguments(slot));
  if (request.prefer) parts.push('-H', shellQuote(`Prefer: ${request.prefer}`));
  for (const [name, value] of Object.entries(request.headers ?? {})) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined)
    parts.push('-H', shellQuote('Content-Type: application/json'), '--data-raw', shellQuote(request.body));
  return parts.join(' ');
}

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status} x${count}`)
    .join(', ') || '-';

/**
 * What an operation's answers were, as its coverage counts them: an operation skipped may still have been
 * called, by a link to it or to delete what the run created, and then shows what those answered.
 */
function statusesCell(op: OperationSummary): string {
  if (!op.skipped) return statusList(op.statuses);
  return op.requests === 0 ? `skipped: ${op.skipped}` : `${statusList(op.statuses)} (others skipped: ${op.skipped})`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function describeFailure(failure: Failure, index: number): string {
  const times = failure.count > 1 ? ` (${failure.count} requests)` : '';
  return [
    `${index + 1}. ${failure.operationId} ${failure.check}${times}: ${failure.message}`,
    `   request: ${failure.note}`,
    `   reproduce: ${curlCommand(failure.request)}`,
  ].join('\n');
}

/** The run as text people read: a table per operation, the checks with their counts, then each failure with a curl command. */
export function formatReport(result: CheckResult): string {
  const operations = table([
    ['operation', 'requests', 'statuses', 'failed checks'],
    ...result.operations.map((op) => [
      op.operationId,
      String(op.requests),
      statusesCell(op),
      op.failedChecks.join(', ') || '-',
    ]),
  ]);
  const checks = table([
    ['check', 'passed', 'failed', ''],
    ...(Object.keys(CHECKS) as CheckName[]).map((name) => [
      name,
      String(result.checks[name].passed),
      String(result.checks[name].failed),
      CHECKS[name],
    ]),
  ]);
  const seconds = (result.durationMs / 1000).toFixed(1);
  const lines = [
    `cloud-platform-check: ${result.requests} requests to ${result.baseUrl} in ${seconds} s (seed ${result.seed})`,
    '',
    operations,
    '',
    checks,
    '',
  ];
  if (result.stoppedEarly) lines.push(`Stopped early: ${result.stoppedEarly}`, '');
  if (result.failures.length === 0) lines.push('No check failed.');
  else lines.push(`${result.failures.length} failure(s):`, '', ...result.failures.map(describeFailure));
  lines.push('', coverageSummary(result.coverage));
  return `${lines.join('\n')}\n`;
}
