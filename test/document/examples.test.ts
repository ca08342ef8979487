// Every example in the document validates against its schema with Ajv (2020-12) and ajv-formats.
// Redocly's example checks are known to miss cases, so this walks the bundle itself.
import { describe, expect, it } from 'vitest';
import { jsonPointer } from '../../src/contract/pointer.js';
import { createContractValidator } from '../../check/src/contract/validator.js';
import { bundled, documentOperations } from '../../test-kit/document.js';
import { findExamples } from '../helpers/examples.js';

const validator = createContractValidator(bundled);
const examples = findExamples(bundled);

describe('examples', () => {
  it('are found for every schema property, parameter and operation body', () => {
    // 147 check_limits fields + 100 regional + 14 global alone; the rest of the document adds hundreds more.
    expect(examples.length).toBeGreaterThan(500);
    for (const { method, path, operation } of documentOperations()) {
      const bodies = [
        ...Object.keys(operation.requestBody?.content ?? {}).map((t) =>
          jsonPointer('paths', path, method.toLowerCase(), 'requestBody', 'content', t, 'schema'),
        ),
      ];
      for (const pointer of bodies)
        expect(
          examples.some((e) => e.schema === pointer),
          `${method} ${path} request example`,
        ).toBe(true);
    }
  });

  it.each(examples.map((e) => [e.at, e] as const))('%s is valid', (_at, example) => {
    expect(validator.check(example.schema, example.value)).toEqual([]);
  });

  // The seed: inference keys and uploader configs use whole seconds; streaming resources use milliseconds.
  const WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
  const MILLISECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
  const timestamps = (value: unknown): string[] =>
    typeof value === 'string'
      ? /^\d{4}-\d\d-\d\dT/.test(value)
        ? [value]
        : []
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(timestamps)
        : [];
  it.each([
    ['inference keys', /InferenceApiKey|\/cloud~1v3~1inference/, WHOLE_SECONDS],
    ['logs uploader configs', /LogsUploaderConfig|~1cdn~1logs_uploader/, WHOLE_SECONDS],
    ['streams and videos', /LiveStream|Video|~1streaming~1/, MILLISECONDS],
  ])("write timestamps of %s with the seed's precision", (_name, where, precision) => {
    const stamps = examples.filter((e) => where.test(e.at)).flatMap((e) => timestamps(e.value));
    expect(stamps.length).toBeGreaterThan(3);
    for (const stamp of stamps) expect(stamp).toMatch(precision);
  });

  it('rejects an example that breaks its schema, naming the field', () => {
    const broken = structuredClone(bundled);
    broken.components.schemas!.Video!.examples = [{ id: 'not-an-integer' }];
    const brokenExamples = findExamples(broken).filter((e) => e.at.startsWith('#/components/schemas/Video examples'));
    const issues = createContractValidator(broken).check(brokenExamples[0]!.schema, brokenExamples[0]!.value);
    expect(issues).toEqual([expect.objectContaining({ path: '$.id', rule: 'type' })]);
  });
});
