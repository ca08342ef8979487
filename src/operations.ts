// The operation index the build derives from the document (generated/operations.json), and types
// that find an operation's path from its operationId, so code can name operations without
// restating their paths.
import index from '../generated/operations.json' with { type: 'json' };
import type { operations, paths } from '../generated/schema.js';

/** The operationId of every operation the document declares, as a union: `'getVideo' | 'createLogsUploaderConfig' | ...`. */
export type OperationId = keyof operations;

/** One operation as the build indexes it from the document (generated/operations.json). */
export interface OperationInfo {
  operationId: OperationId;
  method: string;
  path: string;
  tag: string;
  deprecated: boolean;
  successStatus: number;
}

/** Every operation of the document, in its order: operationId, method, path, tag, deprecation and success status. */
export const operationIndex = index as readonly OperationInfo[];

/** The path template of an operation, as a literal type: PathOf<'getVideo'> is '/streaming/videos/{video_id}'. */
export type PathOf<Id extends OperationId> = {
  [P in keyof paths]: {
    [M in keyof paths[P]]: [paths[P][M]] extends [never] ? never : paths[P][M] extends operations[Id] ? P : never;
  }[keyof paths[P]];
}[keyof paths];

/**
 * The operation an operationId names, its path typed as the literal template; an Error for an unknown id.
 *
 * @example
 * const { method, path } = operationById('getVideo'); // 'GET', '/streaming/videos/{video_id}'
 */
export function operationById<Id extends OperationId>(operationId: Id): OperationInfo & { path: PathOf<Id> } {
  const found = operationIndex.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`Unknown operationId "${operationId}"`);
  return found as OperationInfo & { path: PathOf<Id> };
}
