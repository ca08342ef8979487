// Compiles JSON Schema validators straight from the bundled OpenAPI 3.1 document, so every check
// (examples, emulator requests and responses, captured live responses) uses the document's own schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

// ajv-formats is CommonJS whose default export is the plugin; under NodeNext the default import is
// the module object on some paths, so take the callable either way.
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats: FormatsPlugin =
  (addFormatsPlugin as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsPlugin as unknown as FormatsPlugin);

import { jsonPointer, pointerTokens } from 'cloud-platform-api/toolbox';
import { annotationsOf } from './annotations.js';
import { ajvRegExp } from './document-pattern.js';

const DOCUMENT_ID = 'openapi.json';

/** A `$ref` to a place in the document, for schemas passed to `compile`. */
export const documentRef = (...segments: readonly (string | number)[]) => ({
  $ref: `${DOCUMENT_ID}${jsonPointer(...segments)}`,
});

/** One thing a value breaks: the JSON path of the field (`$.name`), the rule (`required`, `type`, ...) and a message saying both. */
export interface ValidationIssue {
  /** JSON path of the failing value, e.g. `$.interfaces[0].subnet_id`. */
  path: string;
  /** The rule that failed, e.g. `required`, `type`, `format`. */
  rule: string;
  message: string;
}

/** Schemas of one document compiled with Ajv, checked against a value on demand. */
export interface ContractValidator {
  /** A compiled validator for the schema at a JSON Pointer into the document. */
  at(pointer: string): ValidateFunction;
  /** Compiles a schema of the caller's that may `$ref` into the document as `openapi.json#/...`. */
  compile(schema: object): ValidateFunction;
  /** Validates a value and reports each failure as a readable issue; an empty list means valid. */
  check(pointer: string, value: unknown): ValidationIssue[];
}

function toJsonPath(instancePath: string): string {
  if (instancePath === '') return '$';
  return `$${pointerTokens(instancePath)
    .map((key) =>
      /^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`,
    )
    .join('')}`;
}

const parentPath = (instancePath: string): string => instancePath.slice(0, instancePath.lastIndexOf('/'));
const COMPOSITE_KEYWORDS = new Set(['oneOf', 'anyOf', 'not']);

/**
 * A discriminated oneOf fails every branch but one on the discriminator's `const`. Those failures
 * are noise when one branch matched, and read better as one enum failure when none did.
 */
function collapseDiscriminators(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = [...errors];
  for (const oneOf of errors.filter((e) => e.keyword === 'oneOf')) {
    const branches = Array.isArray(oneOf.schema) ? oneOf.schema.length : 0;
    const constByPath = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      if (e.keyword === 'const' && parentPath(e.instancePath) === oneOf.instancePath) {
        constByPath.set(e.instancePath, [...(constByPath.get(e.instancePath) ?? []), e]);
      }
    }
    for (const [instancePath, misses] of constByPath) {
      if (misses.length < branches - 1) continue;
      kept = kept.filter((e) => !misses.includes(e) && e !== oneOf);
      if (misses.length >= branches) {
        const allowed = misses.map((e) => JSON.stringify((e.params as { allowedValue: unknown }).allowedValue));
        kept.push({ ...oneOf, instancePath, keyword: 'enum', message: `must be one of: ${allowed.join(', ')}` });
      }
    }
  }
  // A composite failure adds nothing when a more specific failure at or below it says what is wrong.
  return kept.filter(
    (e) =>
      !COMPOSITE_KEYWORDS.has(e.keyword) ||
      !kept.some(
        (other) =>
          other !== e && !COMPOSITE_KEYWORDS.has(other.keyword) && other.instancePath.startsWith(e.instancePath),
      ),
  );
}

/** Values shown in an enum failure before the rest are counted. */
const ENUM_VALUES_SHOWN = 20;

/** An enum failure names what it allows (Ajv's own says only "must be equal to one of the allowed values"). */
function enumMessage(error: ErrorObject): string | undefined {
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  if (error.keyword !== 'enum' || !Array.isArray(allowed)) return error.message;
  const shown = allowed
    .slice(0, ENUM_VALUES_SHOWN)
    .map((value) => JSON.stringify(value))
    .join(', ');
  return `must be one of ${shown}${allowed.length > ENUM_VALUES_SHOWN ? ` and ${allowed.length - ENUM_VALUES_SHOWN} more` : ''}`;
}

/** Turns Ajv errors into issues that name the field and the rule. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of collapseDiscriminators(errors ?? [])) {
    let path = toJsonPath(error.instancePath);
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      path = path === '$' ? `$.${missing}` : `${path}.${missing}`;
    }
    // A key that fails propertyNames: name the key itself, not just the object holding it. Ajv puts
    // the key on the inner error, and adds a summary error that says no more.
    if (error.keyword === 'propertyNames') continue;
    if (error.propertyName !== undefined) {
      issues.push({
        path: `${path}.${error.propertyName}`,
        rule: 'propertyNames',
        message: `is not an allowed key (${enumMessage(error) ?? 'invalid'})`,
      });
      continue;
    }
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      path = `${path}.${extra}`;
    }
    issues.push({ path, rule: error.keyword, message: enumMessage(error) ?? 'is invalid' });
  }
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}|${issue.rule}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How createContractValidator compiles. */
export interface ContractValidatorOptions {
  /** Fill in the `default` of a field a validated value leaves out (it changes the value): for requests a server takes. */
  useDefaults?: boolean;
  /**
   * Refuse what Ajv's strict mode calls a mistake in a schema (a misspelt keyword, say) when it compiles
   * one; default true, a lint of the document. An emulator passes false: a document that validates as
   * JSON Schema then never fails a request.
   */
  strict?: boolean;
}

/**
 * Compiles the document's schemas (OpenAPI 3.1, JSON Schema 2020-12) with Ajv and its formats, the
 * registry's `uint64` among them.
 *
 * @example
 * const validator = createContractValidator(document);
 * validator.check('#/components/schemas/Video', { id: 'x' }); // [{ path: '$.id', rule: 'type', ... }]
 */
export function createContractValidator(document: object, options: ContractValidatorOptions = {}): ContractValidator {
  const ajv = documentAjv(document, options);
  const cache = new Map<string, ValidateFunction>();
  const at = (pointer: string): ValidateFunction => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
      if (!validate) throw new Error(`No schema at ${pointer} in the document`);
      cache.set(pointer, validate);
    }
    return validate;
  };
  return {
    at,
    compile: (schema) => ajv.compile(schema),
    check(pointer, value) {
      const validate = at(pointer);
      return validate(value) ? [] : describeErrors(validate.errors);
    },
  };
}

/** An Ajv for the document: its settings, the formats and keywords the document uses, and the document registered. */
function documentAjv(document: object, { useDefaults = false, strict = true }: ContractValidatorOptions): Ajv2020 {
  const ajv = new Ajv2020({
    useDefaults,
    strict,
    // Not strict, Ajv would print each mistake it passes over instead.
    ...(strict ? {} : { logger: false as const }),
    // `required` inside anyOf/allOf branches names properties declared beside it, which is valid JSON Schema.
    strictRequired: false,
    // `properties` without `type: object` is valid JSON Schema, and common in anyOf and allOf parts; so
    // is `prefixItems` without `minItems`.
    strictTypes: false,
    strictTuples: false,
    allErrors: true,
    // A field is the body's own or absent: a body without `toString` is not judged by Object.prototype's.
    ownProperties: true,
    allowUnionTypes: true,
    // Keeps each failing branch's schema on its error, which collapseDiscriminators needs.
    verbose: true,
    validateSchema: false,
    // The document's patterns in linear time: a backtracking pattern must not freeze the event loop.
    code: { regExp: ajvRegExp },
  });
  addFormats(ajv);
  // The OpenAPI format registry's unsigned 64-bit integer, which ajv-formats does not know: any whole number from 0 to 2^64 - 1.
  ajv.addFormat('uint64', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value >= 0 && value < 2 ** 64,
  });
  // OpenAPI's own annotation keyword; Ajv's built-in discriminator support does not accept `mapping`.
  ajv.addKeyword({ keyword: 'discriminator', schemaType: 'object' });
  // This document's annotation of a secret field (an inference key's `secret`): tools keep its value out of what they store.
  ajv.addKeyword({ keyword: 'x-secret', schemaType: 'boolean' });
  // Not strict, Ajv passes over an unknown keyword or format by itself: the document need not be walked.
  if (strict) {
    const annotations = annotationsOf(document);
    for (const keyword of annotations.keywords) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
    for (const format of annotations.formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  // Ajv compiles the root when it resolves a fragment, so the root registered here holds only the two
  // parts that schemas live in and `$ref`s point into, declared as inert keywords.
  ajv.addKeyword({ keyword: 'paths', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'components', schemaType: 'object' });
  const { paths, components } = document as { paths?: unknown; components?: unknown };
  ajv.addSchema(
    hasSchemaIds(paths) || hasSchemaIds(components) ? { paths, components } : unlisted({ paths, components }),
    DOCUMENT_ID,
  );
  return ajv;
}

/** Keywords that give a schema a name of its own, which Ajv registers as it adds a document. */
const SCHEMA_IDS = ['$id', '$anchor', '$dynamicAnchor'];

/** Whether `$id`, `$anchor` or `$dynamicAnchor` is anywhere in `node`, data included. */
function hasSchemaIds(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  // Indexed loops: this walks every node of a document, at start, before the JIT has warmed.
  const keys = Object.keys(node);
  for (let i = 0; i < keys.length; i++)
    if (SCHEMA_IDS.includes(keys[i]!) || hasSchemaIds((node as Record<string, unknown>)[keys[i]!])) return true;
  return false;
}

/**
 * The parts as properties Ajv reads but does not list. Adding a schema, Ajv walks all of it for the
 * names above (in two Ajvs, a third of a large document's start); where there are none, it has nothing
 * to find, and a `$ref` into the parts still reads them by name.
 */
const unlisted = (parts: Record<string, unknown>): object =>
  Object.defineProperties(
    {},
    Object.fromEntries(Object.entries(parts).map(([key, value]) => [key, { value, enumerable: false }])),
  );
