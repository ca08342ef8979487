// Turns the seed's type text ("string, timestamp, or null", "array of string, URLs") into the JSON
// Schema shape it means, so one table-driven test can hold the document to every seed field.
import { parseFieldList, type SeedField } from './sources.js';

export interface ExpectedShape {
  type: 'integer' | 'string' | 'boolean' | 'number' | 'object' | 'array';
  nullable: boolean;
  format?: 'date-time' | 'uri' | 'uuid';
  items?: ExpectedShape;
  /** Fields the seed spells out for a nested object. */
  fields?: SeedField[];
}

const BASE_TYPES: Record<string, ExpectedShape['type']> = {
  int: 'integer',
  string: 'string',
  bool: 'boolean',
  number: 'number',
  object: 'object',
  timestamp: 'string',
};

export function expectedShape(text: string): ExpectedShape {
  let rest = text.trim();
  const nullable = /,? or null$/.test(rest);
  rest = rest.replace(/,? or null$/, '');
  if (rest.startsWith('array of ')) {
    return { type: 'array', nullable, items: expectedShape(rest.slice('array of '.length)) };
  }
  const nested = /^(\w+)(?::| with) (.*)$/.exec(rest);
  if (nested && (nested[1] === 'object' || nested[1] === 'record')) {
    return { type: 'object', nullable, fields: parseFieldList(nested[2]!.replace(/ and /g, ', ')) };
  }
  const word = /^\w+/.exec(rest)?.[0] ?? '';
  // A noun that is no base type ("converted video", "port") names a resource: an object.
  const shape: ExpectedShape = { type: BASE_TYPES[word] ?? 'object', nullable };
  if (/\btimestamp\b/.test(rest)) shape.format = 'date-time';
  else if (/\bURLs?\b/.test(rest)) shape.format = 'uri';
  else if (/\bUUID\b/.test(rest)) shape.format = 'uuid';
  return shape;
}
