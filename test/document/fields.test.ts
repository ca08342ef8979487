// Every field of every resource of the seed is in the bundled document with the seed's type, and the
// document's resources hold no field the seed does not give.
import { describe, expect, it } from 'vitest';
import { componentSchema, propertiesOf, resolve, typesOf, type Schema } from '../../test-kit/document.js';
import { expectedShape, type ExpectedShape } from '../helpers/seed-types.js';
import {
  factsText,
  seedEventKinds,
  seedInlineFields,
  seedResourceTables,
  seedText,
  type SeedField,
} from '../helpers/sources.js';

/**
 * Fields the seed types without null but the facts file says can be null (a gap the facts fill):
 * each must be named so in the facts, and its description must say the fact is the live service's.
 */
const NULLABLE_BY_FACTS: Record<string, RegExp> = {
  'InferenceApiKey.description': /`description`\s+and\s+`expires_at`\s+can\s+be\s+null/,
  'InferenceApiKey.expires_at': /`description`\s+and\s+`expires_at`\s+can\s+be\s+null/,
  'QuotaNotificationThreshold.last_message': /`last_message` can be null/,
};
const LIVE_SERVICE_MARK = /live service/;

/** Which component schema holds each resource of the seed. */
const SCHEMA_OF_TABLE: Record<string, string> = {
  'Inference API key': 'InferenceApiKey',
  'Logs uploader config': 'LogsUploaderConfig',
  'Live stream': 'LiveStream',
  Video: 'Video',
  'DNS zone': 'DnsZone',
  'Storage notification event': 'StorageEvent',
  'Quota notification threshold record': 'QuotaNotificationThreshold',
};
const SCHEMA_OF_INLINE_LIST: Record<string, string> = {
  'status object:': 'LogsUploaderConfigStatus',
  'Converted video:': 'ConvertedVideo',
  '### Instance network port\n': 'InstancePort',
  'List response:': 'InstancePortList',
};

function assertShape(where: string, actual: Schema, expected: ExpectedShape): void {
  const types = typesOf(actual);
  expect(types, `${where}: type`).toContain(expected.type);
  const factsSayNull = NULLABLE_BY_FACTS[where];
  if (factsSayNull) {
    expect(factsText, `${where}: the facts file says it can be null`).toMatch(factsSayNull);
    expect(actual.description, `${where}: description marks the live-service fact`).toMatch(LIVE_SERVICE_MARK);
  }
  expect(types.includes('null'), `${where}: nullable`).toBe(expected.nullable || factsSayNull !== undefined);
  if (expected.type === 'string')
    expect(resolve(actual).format ?? actual.format, `${where}: format`).toBe(expected.format);
  if (expected.items) {
    const items = resolve(actual).items;
    expect(items, `${where}: items`).toBeDefined();
    assertShape(`${where}[]`, items, expected.items);
  }
  if (expected.fields) {
    assertFields(where, actual, expected.fields);
    // A nested object the seed spells out holds exactly the seed's fields.
    expect(Object.keys(propertiesOf(actual)).sort(), `${where}: fields`).toEqual(
      expected.fields.map((f) => f.name).sort(),
    );
  }
}

function assertFields(where: string, schema: Schema, fields: SeedField[]): void {
  const properties = propertiesOf(schema);
  for (const field of fields) {
    expect(properties, `${where}.${field.name} is missing`).toHaveProperty([field.name]);
    assertShape(`${where}.${field.name}`, properties[field.name]!, expectedShape(field.type));
  }
}

const cases = [
  ...seedResourceTables().map((t) => ({
    source: `table "${t.resource}"`,
    schema: SCHEMA_OF_TABLE[t.resource],
    fields: t.fields,
  })),
  ...Object.entries(SCHEMA_OF_INLINE_LIST).map(([label, schema]) => ({
    source: `list "${label.trim()}"`,
    schema,
    fields: seedInlineFields(label),
  })),
];

describe("the seed's resources in the bundled document", () => {
  it('maps every resource table of the seed to a schema', () => {
    for (const c of cases) expect(c.schema, `${c.source} has no schema`).toBeDefined();
    expect(cases.length).toBe(Object.keys(SCHEMA_OF_TABLE).length + Object.keys(SCHEMA_OF_INLINE_LIST).length);
  });

  it.each(cases)("$schema has every field of the seed's $source with its type", ({ schema, fields }) => {
    assertFields(schema!, componentSchema(schema!), fields);
  });

  it.each(cases)("$schema has no field beyond the seed's $source", ({ schema, fields }) => {
    const seedNames = fields.map((f) => f.name).sort();
    expect(Object.keys(propertiesOf(componentSchema(schema!))).sort()).toEqual(seedNames);
  });

  it('gives last_message the two parts the seed names', () => {
    const list = /last_message has (.*)\.\n/.exec(seedText)?.[1] ?? '';
    const parts = list.split(' and ').map((item) => {
      const m = /^(\w+) \((.*)\)$/.exec(item)!;
      return { name: m[1]!, type: m[2]! };
    });
    expect(parts.map((p) => p.name)).toEqual(['global_quotas', 'regional_quotas']);
    const lastMessage = propertiesOf(componentSchema('QuotaNotificationThreshold')).last_message!;
    const message = (lastMessage.oneOf as Schema[]).find((b) => typesOf(b).includes('object'))!;
    assertFields('last_message', message, parts);
  });
});

describe('storage notification events', () => {
  const variants = (componentSchema('StorageEvent').oneOf as Schema[]).map((v) => propertiesOf(v));

  it.each(seedEventKinds())('$kind is one variant whose fields are name and its payload', ({ kind, payload }) => {
    const matching = variants.filter((p) => resolve(p.name ?? {}).const === kind);
    expect(matching).toHaveLength(1);
    expect(Object.keys(matching[0]!).sort()).toEqual(['name', ...payload].sort());
  });

  it("discriminates the union by name, over exactly the seed's kinds", () => {
    const event = componentSchema('StorageEvent');
    expect(event.discriminator.propertyName).toBe('name');
    expect(Object.keys(event.discriminator.mapping).sort()).toEqual(
      seedEventKinds()
        .map((k) => k.kind)
        .sort(),
    );
  });

  it('describes the configurator as the seed does: example keyed by kind, structure of typed fields', () => {
    const configurator = propertiesOf(componentSchema('EventsConfigurator'));
    expect(Object.keys(configurator).sort()).toEqual(['example', 'structure']);
    const example = propertiesOf(configurator.example!);
    expect(Object.keys(example).sort()).toEqual(
      seedEventKinds()
        .map((k) => k.kind)
        .sort(),
    );
    for (const { kind, payload } of seedEventKinds()) {
      expect(typesOf(example[kind]!)).toEqual(['array']);
      expect(Object.keys(propertiesOf(resolve(example[kind]!).items)).sort()).toEqual([...payload].sort());
    }
    const structure = resolve(configurator.structure!);
    const field = propertiesOf(resolve(propertiesOf(structure.items).fields!).items);
    const fieldTypes = /one of ([a-z, ]+)\)/.exec(seedText)?.[1]?.split(', ');
    expect(resolve(field.type!).enum).toEqual(fieldTypes);
  });
});
