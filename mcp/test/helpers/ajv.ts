// A JSON Schema validator of its own, not the server's: Ajv 2020 with its defaults (a schema is checked
// against the 2020-12 meta-schema, and an unknown keyword or format throws) and ajv-formats.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

export function independentAjv(): Ajv2020 {
  const ajv = addFormats(new Ajv2020());
  // The OpenAPI format registry's uint64, which the storage events' amounts use and ajv-formats does not know.
  ajv.addFormat('uint64', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value >= 0 && value < 2 ** 64,
  });
  return ajv;
}
