// Type tests (checked by `npm run typecheck`, never run): a test names operations by the document's
// operationIds, so a typo is a type error, not a silent empty answer. Each @ts-expect-error fails the
// typecheck if the line below it stops being an error.
import type { Emulator } from '../../emulator/src/index.js';

export function journalAndFaults(emulator: Emulator): void {
  emulator.requests.list({ operationId: 'getVideo' });
  // @ts-expect-error a misspelt operationId in a journal filter
  emulator.requests.list({ operationId: 'getVidoe' });

  emulator.faults.add({ operationId: 'createLogsUploaderConfig', after: true, reset: true });
  // @ts-expect-error a misspelt operationId in a fault rule
  emulator.faults.add({ operationId: 'createLogUploaderConfig', status: 503 });
}
