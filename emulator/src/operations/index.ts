// The behaviour of every operation, area by area, each typed from the document; the core takes them
// as they are assembled here. An operation none of them covers is answered from the document.
import { bareMetalHandlers } from './bare-metal.js';
import { cdnHandlers } from './cdn.js';
import { dnsHandlers } from './dns.js';
import { fastedgeHandlers } from './fastedge.js';
import { inferenceHandlers } from './inference.js';
import { instancesHandlers } from './instances.js';
import { quotasHandlers } from './quotas.js';
import { storageHandlers } from './storage.js';
import { streamingHandlers } from './streaming.js';
import type { AreaContext, OperationHandlers } from './types.js';

export type { AreaContext, OperationContext, OperationHandler, OperationHandlers } from './types.js';

export function areaHandlers(context: AreaContext): OperationHandlers {
  return {
    ...inferenceHandlers(context),
    ...bareMetalHandlers(context),
    ...cdnHandlers(context),
    ...streamingHandlers(context),
    ...dnsHandlers(context),
    ...instancesHandlers(context),
    ...fastedgeHandlers(context),
    ...storageHandlers(context),
    ...quotasHandlers(context),
  };
}
