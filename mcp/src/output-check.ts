// Whether a result's structured content fits the outputSchema a tool lists, judged by the validator the
// SDK 1.x clients most hosts embed run on it: Ajv's draft-07 class with ajv-formats, strict off, formats
// checked. Content that fails there makes such a client throw, and the agent read nothing; so a result
// carries structured content only when this check passes (server.ts).
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

/** Why the value does not fit the schema, or undefined when it does. */
export type OutputCheck = (value: unknown) => string | undefined;

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/**
 * Each listed outputSchema it is given as its check, with the options of SDK 1.x's AjvJsonSchemaValidator,
 * compiled at its first use: a document of hundreds of operations starts without compiling them all.
 */
export function createOutputChecks(): (schema: object) => OutputCheck {
  const ajv = addFormats(new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true }));
  return (schema) => {
    let validate: ValidateFunction | undefined;
    return (value) => {
      validate ??= ajv.compile(schema);
      return validate(value) ? undefined : ajv.errorsText(validate.errors, { dataVar: 'answer' });
    };
  };
}
