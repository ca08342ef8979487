// The first stage: the emulator's own routes (/__emulator/*, control-routes.ts), answered before any
// operation is looked for.
import type { Exchange } from './exchange.js';

export function controlRoutes(exchange: Exchange): void {
  exchange.answer = exchange.parts.control.handle(exchange.request);
}
