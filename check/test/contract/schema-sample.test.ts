import { describe, expect, it } from 'vitest';
import { schemaSample } from '../../src/contract/schema-sample.js';

const document = {
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          name: { type: ['string', 'null'], minLength: 3 },
          secret: { type: 'string', writeOnly: true },
          size: { type: 'integer', minimum: 5, exclusiveMaximum: 9 },
          kind: { enum: ['small', 'large'] },
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};
const thing = { $ref: '#/components/schemas/Thing' };

describe('schemaSample', () => {
  it.each([
    ['request', ['at', 'kind', 'name', 'secret', 'size']],
    ['response', ['at', 'id', 'kind', 'name', 'size']],
  ] as const)('a %s sample keeps the properties that side may carry', (direction, names) => {
    expect(Object.keys(schemaSample(document, thing, direction) as object).sort()).toEqual(names);
  });

  it('honours formats, enums and bounds, and gives the same value every time', () => {
    const value = schemaSample(document, thing, 'response') as Record<string, unknown>;
    expect(value.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(value.kind).toBe('small');
    expect(value.size).toBeGreaterThanOrEqual(5);
    expect(value.size).toBeLessThan(9);
    expect(String(value.name).length).toBeGreaterThanOrEqual(3);
    expect(Number.isNaN(Date.parse(String(value.at)))).toBe(false);
    expect(schemaSample(document, thing, 'response')).toEqual(value);
  });
});
