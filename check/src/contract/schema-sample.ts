// One value a schema allows, made from the schema alone where the document gives no example: the
// same value on every call (openapi-sampler, the sampler Redoc shows its samples with), formats,
// enums and bounds honoured. A request's sample leaves `readOnly` properties out, an answer's leaves
// `writeOnly` ones out, as OpenAPI says each side must.
import { sample } from 'openapi-sampler';
import type { JsonObject } from 'cloud-platform-api/toolbox';

/** Which side of an exchange the value is for: what a client sends, or what a server answers. */
export type SampleDirection = 'request' | 'response';

/** A value `schema` allows (a `$ref` into `document` is followed); the same for the same schema, every time. */
export function schemaSample(document: JsonObject, schema: JsonObject, direction: SampleDirection): unknown {
  return sample(
    schema as never,
    {
      skipReadOnly: direction === 'request',
      skipWriteOnly: direction === 'response',
      quiet: true,
    },
    document,
  );
}
