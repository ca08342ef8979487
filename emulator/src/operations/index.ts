// The areas, assembled: every table and counter (the areas' and the core's), the fixtures' schema and
// built-in set, the rows of a fresh state, and the behaviour of every operation, each typed from the
// document. An operation no area covers is answered from the document.
import { listOperations, type OpenApiDocument, type OperationRef } from 'cloud-platform-api/toolbox';
import projectDocument from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { CLIENT_IDS, CORE_TABLES, type CoreTables, type StateModel, type TableSpecs } from '../core/state/state.js';
import { KEPT_TABLES, type KeptTables } from '../core/state/kept-collections.js';
import { FixtureError } from '../core/state/fixtures.js';
import type { TableMigration } from '../store/sqlite.js';
import type { TableRows } from '../store/store.js';
import type { Area, ErasedRecorder } from './area.js';
import { bareMetal } from './bare-metal.js';
import { cdn } from './cdn.js';
import { dns } from './dns.js';
import { fastedge } from './fastedge.js';
import { inference } from './inference.js';
import { instances } from './instances.js';
import { quotas } from './quotas.js';
import { storage } from './storage.js';
import { streaming } from './streaming.js';
import type { AreaContext, OperationHandlers } from './types.js';

export type { AreaContext, OperationContext, OperationHandler, OperationHandlers } from './types.js';

const AREAS = [inference, bareMetal, cdn, streaming, dns, instances, fastedge, storage, quotas] as const;

type Each = (typeof AREAS)[number];
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
type TablesOf<A> = A extends { tables?: TableSpecs<infer T> } ? T : never;
type FixturesOf<A> = A extends { fixtures?: { builtIn: infer F } } ? F : never;

/** Every table of the state and the type of its rows. */
export type EmulatorTables = Intersection<TablesOf<Each>> & CoreTables & KeptTables;
/** The fixtures: each area's part, by its top-level keys. */
export type Fixtures = Intersection<FixturesOf<Each>>;

/** Every area as the assembly sees it: what it declares, whatever its own types. */
const areas = AREAS as readonly Area<TableRows, object>[];

const tables = Object.assign(
  {},
  ...areas.map((area) => area.tables ?? {}),
  CORE_TABLES,
  KEPT_TABLES,
) as StateModel['tables'];

/** The names of the state's tables, in the order a snapshot lists them. */
export const TABLE_NAMES = Object.keys(tables) as (keyof EmulatorTables & string)[];

/**
 * The SQLite state file's schema versions (`--state FILE`), each the tables it creates. Never edit one:
 * add the next. Each names its tables as they were when it was written (never TABLE_NAMES, which grows:
 * the first version would then make a later one's table on a fresh file, and that one would fail). A
 * new table is a new entry: `['new_table']`.
 */
export const TABLE_MIGRATIONS: readonly TableMigration[] = [
  ['inference_keys', 'deployments', 'configs', 'clients', 'apps', 'storage_events', 'thresholds', 'counters'],
  // The items of the collections of a document the areas have no behaviour for (core/state/kept-collections.ts).
  ['resources'],
];

export const STATE_MODEL: StateModel = {
  tables,
  counters: [...areas.flatMap((area) => area.counters ?? []), CLIENT_IDS],
  initialRows: (fixtures) => Object.assign({}, ...areas.map((area) => area.initialRows?.(fixtures) ?? {})),
};

/**
 * The schema of each top-level key of the fixtures, from the document's schemas. The fixtures are this
 * project's areas' data: a document sharing none of its operations has nothing for them to fill.
 */
export function fixtureSchemas(document: OpenApiDocument): Record<string, object> {
  if (document !== (projectDocument as unknown) && projectOperationsIn(document).size === 0)
    throw new FixtureError(
      "Fixtures fill this repository's operations (videos, zones, ...): the document has none of them",
    );
  return Object.assign({}, ...areas.map((area) => area.fixtures?.schema(document) ?? {}));
}

/** The built-in fixture set: every area's own. */
export const BUILT_IN_FIXTURES = Object.assign({}, ...areas.map((area) => area.fixtures?.builtIn ?? {})) as Fixtures;

/** How each operation's success answers become fixtures (`--record`), by operationId; one not listed cannot be recorded. */
export const RECORDERS = new Map(
  areas.flatMap((area) => Object.entries(area.recorders ?? {})) as [string, ErasedRecorder][],
);

/**
 * The operations of this project's document that `document` holds too, the same operationId at the same
 * method and path: only those get an area's behaviour (another document's `getVideo` is its own).
 */
function projectOperationsIn(document: OpenApiDocument): Set<string> {
  const at = (op: OperationRef) => `${op.method} ${op.path}`;
  const given = new Map(listOperations(document).map((op) => [op.operationId, at(op)]));
  const project = listOperations(projectDocument as unknown as OpenApiDocument);
  return new Set(project.filter((op) => given.get(op.operationId) === at(op)).map((op) => op.operationId));
}

/** Each area's behaviour, for the operations of this project's the document holds; none for another document. */
export function areaHandlers(context: AreaContext<EmulatorTables, Fixtures>): OperationHandlers {
  const built = areas.map((area) => area.handlers(context as unknown as AreaContext));
  const all: OperationHandlers = Object.assign({}, ...built);
  if (context.document === (projectDocument as unknown)) return all;
  const shared = projectOperationsIn(context.document);
  return Object.fromEntries(Object.entries(all).filter(([operationId]) => shared.has(operationId)));
}
