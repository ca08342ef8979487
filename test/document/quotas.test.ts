// The quota fields are written out in full, exactly as the seed's lists expand.
import { describe, expect, it } from 'vitest';
import { componentSchema, propertiesOf, resolve, typesOf } from '../../test-kit/document.js';
import { globalQuotaBaseNames, quotaBaseNames } from '../helpers/sources.js';

const bases = quotaBaseNames();
const globals = globalQuotaBaseNames();
const expand = (names: string[], suffixes: string[]) => names.flatMap((b) => suffixes.map((s) => `${b}_${s}`));

describe('quota lists', () => {
  it('reads 49 regional and 7 global base names from the seed', () => {
    expect(bases).toHaveLength(49);
    expect(new Set(bases).size).toBe(49);
    expect(globals).toHaveLength(7);
  });

  it('gives check_limits exactly the 147 integer fields <base>_requested, _limit and _usage', () => {
    const schema = componentSchema('CheckLimitsResponse');
    expect(schema.patternProperties).toBeUndefined();
    const properties = propertiesOf(schema);
    const expected = expand(bases, ['requested', 'limit', 'usage']);
    expect(expected).toHaveLength(147);
    expect(Object.keys(properties).sort()).toEqual([...expected].sort());
    for (const name of expected) expect(typesOf(properties[name]!), name).toEqual(['integer']);
    expect(properties).toHaveProperty(['ram_requested']);
  });

  it('gives each regional_quotas item region_id, region_name and the 98 {limit, usage} keys', () => {
    const schema = componentSchema('RegionalQuotas');
    const properties = propertiesOf(schema);
    const quotaKeys = expand(bases, ['limit', 'usage']);
    expect(Object.keys(properties).sort()).toEqual(['region_id', 'region_name', ...quotaKeys].sort());
    expect(schema.required).toEqual(['region_id', 'region_name']);
    expect(typesOf(properties.region_id!)).toEqual(['integer']);
    expect(typesOf(properties.region_name!)).toEqual(['string']);
    for (const key of quotaKeys) expectQuotaValue(key, properties[key]!);
  });

  it('gives global_quotas the 14 {limit, usage} keys of the 7 global bases', () => {
    const properties = propertiesOf(componentSchema('GlobalQuotas'));
    const keys = expand(globals, ['limit', 'usage']);
    expect(Object.keys(properties).sort()).toEqual([...keys].sort());
    for (const key of keys) expectQuotaValue(key, properties[key]!);
  });
});

function expectQuotaValue(key: string, schema: Record<string, unknown>): void {
  const value = resolve(schema);
  expect(typesOf(value), key).toEqual(['object']);
  const fields = propertiesOf(value);
  expect(Object.keys(fields).sort(), key).toEqual(['limit', 'usage']);
  expect(typesOf(fields.limit!)).toEqual(['integer']);
  expect(typesOf(fields.usage!)).toEqual(['integer']);
}
