// Type tests (checked by `npm run typecheck`, never run): the emulator's handlers are typed from the
// document. Each @ts-expect-error fails the typecheck if the line below it stops being an error.
import type { OperationHandler } from '../../emulator/src/operations/types.js';

// An answer as the document declares it compiles.
export const declared: OperationHandler<'getDnsZone'> = () => ({ Zone: { name: 'example.com' } });

// @ts-expect-error an answer with a field of the wrong type
export const wrongType: OperationHandler<'getDnsZone'> = () => ({ Zone: { name: 42 } });

// @ts-expect-error reading a body field the document does not declare
export const undeclaredField: OperationHandler<'createLogsUploaderConfig'> = ({ body }) => ({ name: body.colour });

// @ts-expect-error reading a path parameter the operation does not have
export const undeclaredParameter: OperationHandler<'getVideo'> = ({ params }) => ({ id: params.stream_id });

// @ts-expect-error a body where the operation answers none (204)
export const bodyForNone: OperationHandler<'deleteEdgeApp'> = () => ({ deleted: true });
