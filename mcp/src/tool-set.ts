// The tools a server lists, made once from the document: those --tools/--tags pick (selection.ts), the
// write flags allow and the schema budget fits (schema-budget.ts). What is picked but not listed is said
// in one line each, naming the tool and why, and a server that lists no operation at all says why too.
import { kindOf, type OpenApiDocument, UsageError } from 'cloud-platform-api/toolbox';
import { readDocument } from 'cloud-platform-check/contract';
import { budgetProblem, DEFAULT_SCHEMA_BUDGET, withinBudget } from './schema-budget.js';
import { type Selection, selectTools } from './selection.js';
import { type LeftOutTool, type OperationTool, operationTools } from './tools.js';

export interface ToolChoice extends Selection {
  /** The most bytes a tool's input schema may have (schema-budget.ts); DEFAULT_SCHEMA_BUDGET when undefined. */
  schemaBudget?: number | undefined;
}

export interface ToolSet {
  /** The document as every tool reads it (readDocument: 3.0 upgraded, no paths read as none). */
  document: OpenApiDocument;
  /** The tools picked, made and within the budget, in the document's order. */
  tools: OperationTool[];
  /** The tools picked but not made or over the budget, with the reason of each. */
  leftOut: LeftOutTool[];
  /** How many operations the document has. */
  operations: number;
}

/**
 * The document's tools as `choice` picks them; a choice that names what the document lacks is a
 * UsageError, a document the tools cannot read a DocumentError.
 */
export function toolSet(given: OpenApiDocument, choice: ToolChoice = {}): ToolSet {
  const budget = choice.schemaBudget ?? DEFAULT_SCHEMA_BUDGET;
  const problem = budgetProblem(budget);
  if (problem)
    throw new UsageError(`schemaBudget ${problem}, got ${typeof budget === 'number' ? budget : kindOf(budget)}`);
  const document = readDocument(given);
  const made = operationTools(document);
  const picked = new Set<{ name: string }>(selectTools([...made.tools, ...made.leftOut], choice));
  const { fit, over } = withinBudget(
    made.tools.filter((tool) => picked.has(tool)),
    budget,
  );
  const unmade = made.leftOut.filter((tool) => picked.has(tool));
  return { document, tools: fit, leftOut: [...unmade, ...over], operations: made.tools.length + made.leftOut.length };
}

/** The line that says a picked tool is not listed. */
export const leftOutLine = (tool: LeftOutTool) => `cloud-platform-mcp: left out the tool ${tool.name}: ${tool.reason}`;

/** Why a server lists no operation, where it lists none: the document has none, or none is allowed. */
export function nothingListedLine(set: ToolSet, listed: number): string | undefined {
  if (listed > 0) return undefined;
  if (set.operations === 0) return 'cloud-platform-mcp: the document has no operations (no paths): it lists no tool';
  return `cloud-platform-mcp: it lists no tool of the document's ${set.operations} operations: the write flags, --tools, --tags or the schema budget leave each out`;
}
