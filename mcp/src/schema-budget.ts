// How large a tool's input schema may be before it is left out: every listed tool costs an agent's
// context its whole schema on every turn, and a schema of a large public document inlines to hundreds
// of kilobytes (180 KB for one operation of a 220-operation API). The size is the listed input schema
// as compact JSON, in UTF-8 bytes. A tool over the budget is left out, and said so (server.ts, --help).
import { UsageError } from 'cloud-platform-api/toolbox';
import type { LeftOutTool, OperationTool } from './tools.js';

/** 32 KiB, about 8,000 tokens: thirteen times this repository's largest input schema (2.4 KB). */
export const DEFAULT_SCHEMA_BUDGET = 32 * 1024;

const encoder = new TextEncoder();

/** The size a tool's input schema is measured by: compact JSON, in UTF-8 bytes. */
export const schemaBytes = (tool: Pick<OperationTool, 'inputSchema'>) =>
  encoder.encode(JSON.stringify(tool.inputSchema)).length;

const grouped = (n: number) => n.toLocaleString('en-US');

/** Why a value cannot be a budget (a whole number of bytes, at least 1), or undefined. */
export function budgetProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
    ? undefined
    : 'must be a whole number of bytes, at least 1';
}

/** --schema-budget as typed: digits only (no unit, sign, point or exponent). */
export function parseBudget(text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const problem = budgetProblem(value);
  if (problem) throw new UsageError(`--schema-budget ${problem}, got ${JSON.stringify(text)}`);
  return value;
}

/** The tools within the budget, and those over it with their size and the budget as reason. */
export function withinBudget(
  tools: readonly OperationTool[],
  budget: number,
): { fit: OperationTool[]; over: LeftOutTool[] } {
  const fit: OperationTool[] = [];
  const over: LeftOutTool[] = [];
  for (const tool of tools) {
    const bytes = schemaBytes(tool);
    if (bytes <= budget) fit.push(tool);
    else
      over.push({
        name: tool.name,
        operationId: tool.operationId,
        tags: tool.tags,
        method: tool.route.method,
        reason: `its input schema is ${grouped(bytes)} bytes, over the budget of ${grouped(budget)} (--schema-budget)`,
      });
  }
  return { fit, over };
}
