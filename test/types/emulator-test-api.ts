// Type tests (checked by `npm run typecheck`, never run): a test names operations by the document's
// operationIds, so a typo is a type error, not a silent empty answer. Each @ts-expect-error fails the
// typecheck if the line below it stops being an error.
import type { builtInFixtures, Emulator } from '../../emulator/src/index.js';

export function journalAndFaults(emulator: Emulator): void {
  emulator.requests.list({ operationId: 'getVideo' });
  // @ts-expect-error a misspelt operationId in a journal filter
  emulator.requests.list({ operationId: 'getVidoe' });

  emulator.faults.add({ operationId: 'createLogsUploaderConfig', after: true, reset: true });
  // @ts-expect-error a misspelt operationId in a fault rule
  emulator.faults.add({ operationId: 'createLogUploaderConfig', status: 503 });
}

export function overrides(emulator: Emulator, video: (typeof builtInFixtures.videos)[number]): void {
  // A declared answer, made from the request and the frozen built-in fixtures, compiles.
  emulator.override('getVideo', ({ path }) => ({ status: 200, body: { ...video, id: path.video_id } }));
  // Inside a function's answer, a field of an enum needs `as const`: a literal there is widened as the call is typed.
  emulator.override('getVideo', () => ({ status: 200, body: { ...video, status: 'pending' as const } }));
  // A status of a declared range (4XX), with that response's body, compiles.
  emulator.override('getVideo', { status: 404, body: { error: 'Video not found' } }, { count: 1 });
  // A declared answer with no body (204) compiles.
  emulator.override('deleteEdgeApp', { status: 204 });

  // @ts-expect-error a misspelt operationId
  emulator.override('getVidoe', { status: 200, body: video });
  // @ts-expect-error a status the operation does not declare
  emulator.override('getVideo', { status: 201, body: video });
  // @ts-expect-error a body of another shape than the declared response's
  emulator.override('getVideo', { status: 200, body: { ...video, id: 'one' } });
  // @ts-expect-error reading a path parameter the operation does not have
  emulator.override('getVideo', ({ path }) => ({ status: 200, body: { ...video, id: path.stream_id } }));
}
