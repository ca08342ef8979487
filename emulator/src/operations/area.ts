// What an area of operations declares: its tables, its part of the fixtures (their schema and the
// built-in values), the rows its tables start with, and its handlers. index.ts assembles the areas;
// the core only ever sees them assembled.
import type { OperationId } from 'cloud-platform-api';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { documentRef } from 'cloud-platform-check/contract';
import type { TableRows } from '../store/store.js';
import type { Counter, TableSpecs } from '../core/state/state.js';
import type { AreaContext, OperationHandlers, PathParams, QueryParams, SuccessBody } from './types.js';

/** A success answer of an operation as the proxy saw it, and the path and query it answered. */
export interface Answered<Id extends OperationId> {
  params: PathParams<Id>;
  query: QueryParams<Id>;
  body: SuccessBody<Id>;
}

/** How an area makes fixtures of its operations' success answers (`--record`): the parts of the recorded fixtures each changes. */
export type Recorders<F extends object> = {
  [Id in OperationId]?: (answered: Answered<Id>, recorded: Partial<F>) => Partial<F>;
};

/**
 * A recorder as the assembly hands it on, its operation's types erased: the proxy (through the wiring,
 * which checks this against what proxy/recorder.ts takes) calls it only with an answer the document let through.
 */
export type ErasedRecorder = (
  answered: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
  recorded: Record<string, unknown>,
) => Record<string, unknown>;

export interface Area<T extends TableRows, F extends object> {
  /** The tables of its resources. A new table also needs a new SQLite migration (TABLE_MIGRATIONS, index.ts). */
  tables?: TableSpecs<T>;
  /** The counters that hand out its ids (rows of the core's `counters` table). */
  counters?: readonly Counter[];
  /** Its top-level keys of the fixtures: the schema of each (from the document's), and the built-in set's values. */
  fixtures?: { schema(document: OpenApiDocument): { [Key in keyof F]: object }; builtIn: F };
  /** The rows its tables hold in a fresh state, from its fixtures. */
  initialRows?(fixtures: F): { [Name in keyof T]?: [string, T[Name]][] };
  handlers(context: AreaContext<T, F>): OperationHandlers;
  /** For `--record`: an operation it leaves out cannot be recorded. */
  recorders?: Recorders<F>;
}

/**
 * An area, of the types of its tables and of its fixture part (each area names them: the emulator's
 * declarations then name them too, rather than spell out the generated schema types).
 */
export const defineArea = <T extends TableRows = Record<never, never>, F extends object = Record<never, never>>(
  area: Area<T, F>,
) => area;

/** A `$ref` to one of the document's schemas or parameters' schemas, for a table's rows or a fixture part. */
export const schemaRef = (name: string) => documentRef('components', 'schemas', name);
export const parameterRef = (name: string) => documentRef('components', 'parameters', name, 'schema');

/** `list` with `item` in place of the entry of the same key, or added at the end: how a recorded answer joins the fixtures. */
export function replacing<T>(list: readonly T[] | undefined, item: T, keyOf: (entry: T) => unknown): T[] {
  const key = keyOf(item);
  const kept = [...(list ?? [])];
  const at = kept.findIndex((entry) => keyOf(entry) === key);
  if (at === -1) kept.push(item);
  else kept[at] = item;
  return kept;
}
