// GET /storage/notifications/v1/events/configurator, derived from the document: the event kinds
// are the branches of the StorageEvent union, their fields and example values come from the schemas.
import type { components } from 'cloud-platform-api';
import { resolveRef, schemaProperties, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';

type Configurator = components['schemas']['EventsConfigurator'];

const FIELD_TYPE: Record<string, 'number' | 'bool' | 'text'> = {
  integer: 'number',
  number: 'number',
  boolean: 'bool',
  string: 'text',
};

export function deriveConfigurator(document: OpenApiDocument, eventSchemaName = 'StorageEvent'): Configurator {
  const union = resolveRef(document, document.components.schemas![eventSchemaName]!);
  const discriminator: string = union.discriminator?.propertyName ?? 'name';
  const example: Record<string, Record<string, unknown>[]> = {};
  const structure: NonNullable<Configurator['structure']> = [];
  for (const branch of union.oneOf as JsonObject[]) {
    const fields = schemaProperties(document, branch);
    const kind = resolveRef(document, fields[discriminator]!).const as string;
    const payload = Object.entries(fields).filter(([name]) => name !== discriminator);
    example[kind] = [
      Object.fromEntries(
        payload.map(([name, schema]) => [name, resolveRef(document, schema).examples?.[0] ?? schema.examples?.[0]]),
      ),
    ];
    structure.push({
      name: kind,
      fields: payload.map(([name, schema]) => {
        const type = resolveRef(document, schema).type;
        return { name, type: FIELD_TYPE[Array.isArray(type) ? type[0] : type] ?? 'text' };
      }),
    });
  }
  return { example, structure };
}
