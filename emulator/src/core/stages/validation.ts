// The validation stage: the call checked in full against the document (call-check.ts), its result kept
// on the exchange for the target, which refuses what fails (the operation) or reports it (the proxy).
// The target, not this stage, answers: a fault before it may answer instead, and one after it fails a
// refusal as it fails any answer of the operation.
import type { Call } from '../document/call-check.js';
import { settled, type Exchange } from './exchange.js';

export function validation(exchange: Exchange): void {
  if (settled(exchange) || exchange.route === undefined) return;
  const { parts } = exchange;
  // The proxy reports undeclared fields as violations, whether the emulator is strict or not.
  exchange.checked = parts.checkCall(exchange as Call, parts.forward ? false : parts.strict);
}
