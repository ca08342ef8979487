// A tool's arguments checked against its input schema as the document has it, before anything is sent:
// the project's validator (Ajv 2020 with the document's formats), each schema compiled once. What it
// says names each argument (a body field by its path: `body.policy`) and the rule it breaks.
import type { JsonObject, OpenApiDocument } from 'cloud-platform-api/toolbox';
import { createContractValidator, describeErrors, type ValidationIssue } from 'cloud-platform-check/contract';

/** Why arguments do not fit the schema, or undefined when they do. */
export type InputCheck = (args: Record<string, unknown>) => string | undefined;

/** `$.body.policy` as the tool's caller names it: `body.policy`. */
const argumentName = (path: string) => path.replace(/^\$\.?/, '');

function said(issue: ValidationIssue, inputs: readonly string[]): string {
  const name = argumentName(issue.path);
  const rule = `(${issue.rule})`;
  if (issue.rule === 'required') return `${name} is required ${rule}`;
  if (issue.rule === 'additionalProperties' && !/[.[]/.test(name))
    return `${name} is not an input ${rule}: the inputs are ${inputs.join(', ') || 'none'}`;
  return `${name} ${issue.message} ${rule}`;
}

/** Each input schema it is given as its check, compiled at its first call: a large document starts without compiling them all. */
export function createInputChecks(document: OpenApiDocument): (schema: JsonObject) => InputCheck {
  // Not strict: a keyword JSON Schema does not define (`collectionFormat`, written by many documents) is an
  // annotation, as in the emulator and the checker, not an error thrown at a tool's first call.
  const validator = createContractValidator(document, { strict: false });
  return (schema) => {
    let validate: ReturnType<typeof validator.compile> | undefined;
    const inputs = Object.keys((schema.properties ?? {}) as JsonObject);
    return (args) => {
      validate ??= validator.compile(schema);
      return validate(args)
        ? undefined
        : describeErrors(validate.errors)
            .map((issue) => said(issue, inputs))
            .join('; ');
    };
  };
}
