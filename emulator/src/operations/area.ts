// What an area of operations declares: its tables, its part of the fixtures (their schema and the
// built-in values), the rows its tables start with, and its handlers. index.ts assembles the areas;
// the core only ever sees them assembled.
import { documentRef, type OpenApiDocument } from 'cloud-platform-api/contract';
import type { TableRows } from '../store/store.js';
import type { Counter, TableSpecs } from '../core/state.js';
import type { AreaContext, OperationHandlers } from './types.js';

export interface Area<T extends TableRows, F extends object> {
  /** The tables of its resources. A new table also needs a new SQLite migration (store/sqlite.ts). */
  tables?: TableSpecs<T>;
  /** The counters that hand out its ids (rows of the core's `counters` table). */
  counters?: readonly Counter[];
  /** Its top-level keys of the fixtures: the schema of each (from the document's), and the built-in set's values. */
  fixtures?: { schema(document: OpenApiDocument): { [Key in keyof F]: object }; builtIn: F };
  /** The rows its tables hold in a fresh state, from its fixtures. */
  initialRows?(fixtures: F): { [Name in keyof T]?: [string, T[Name]][] };
  handlers(context: AreaContext<T, F>): OperationHandlers;
}

/**
 * An area, of the types of its tables and of its fixture part (each area names them: the emulator's
 * declarations then name them too, rather than spell out the generated schema types).
 */
export const defineArea = <T extends TableRows = Record<never, never>, F extends object = Record<never, never>>(area: Area<T, F>) => area;

/** A `$ref` to one of the document's schemas or parameters' schemas, for a table's rows or a fixture part. */
export const schemaRef = (name: string) => documentRef('components', 'schemas', name);
export const parameterRef = (name: string) => documentRef('components', 'parameters', name, 'schema');
