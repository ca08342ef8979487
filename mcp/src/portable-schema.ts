// A tool's input schema as every major model API takes it (OpenAI's strict function calling, Anthropic,
// Gemini): no allOf, oneOf, not or const anywhere, and no union at the root. An intersection is merged
// into one object; a union of objects becomes one object with the properties of all, requiring only
// what all require; const becomes a one-value enum. A rule that cannot be said that way is left out of
// the schema and written into its description instead. The server still checks each call against the
// document's own schema (input-check.ts), and the API behind it checks the real rule again.
import type { JsonObject } from 'cloud-platform-api/toolbox';

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A schema every value of which is an object, as far as its own keywords say. */
const describesObject = (schema: JsonObject) => schema.type === 'object' || isObject(schema.properties);

const withRule = (schema: JsonObject, rule: string): JsonObject => ({
  ...schema,
  description: [schema.description, rule].filter(Boolean).join(' '),
});

/** The rule a left-out part of a schema held, as JSON Schema text: a model reads it, no API parses it. */
const ruleText = (keyword: string, value: unknown) =>
  `The service also checks this rule (JSON Schema): {${JSON.stringify(keyword)}:${JSON.stringify(value)}}.`;

/** Two schemas that must both hold, as one: their properties merged, their requirements joined. */
function intersect(left: JsonObject, right: JsonObject): JsonObject {
  const properties = { ...(left.properties as JsonObject | undefined) };
  for (const [name, schema] of Object.entries((right.properties ?? {}) as JsonObject))
    properties[name] = isObject(properties[name]) ? intersect(properties[name], schema as JsonObject) : schema;
  const required = [...new Set([...((left.required as string[]) ?? []), ...((right.required as string[]) ?? [])])];
  const description = [left.description, right.description].filter(Boolean).join(' ');
  return {
    ...left,
    ...right,
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(required.length > 0 ? { required } : {}),
    ...(description ? { description } : {}),
  };
}

/** Two values of one property in two branches of a union: either may come. */
function either(left: JsonObject, right: JsonObject): JsonObject {
  if (Array.isArray(left.enum) && Array.isArray(right.enum))
    return { ...left, enum: [...new Set([...left.enum, ...right.enum])] };
  return left;
}

/** A union of objects as one object: every branch's properties, required only where every branch requires them. */
function unite(branches: JsonObject[], keyword: string): JsonObject {
  const properties: JsonObject = {};
  for (const branch of branches)
    for (const [name, schema] of Object.entries((branch.properties ?? {}) as JsonObject))
      properties[name] = isObject(properties[name]) ? either(properties[name], schema as JsonObject) : schema;
  const requiredBy = branches.map((branch) => (branch.required as string[] | undefined) ?? []);
  const required = requiredBy[0]!.filter((name) => requiredBy.every((each) => each.includes(name)));
  const shapes = branches.map(
    (branch, i) => `(${i + 1}) requires ${requiredBy[i]!.join(', ') || 'nothing'}${fixed(branch)}`,
  );
  const rule = `${keyword === 'oneOf' ? 'Exactly one' : 'At least one'} of these shapes: ${shapes.join('; ')}.`;
  return withRule({ type: 'object', properties, ...(required.length > 0 ? { required } : {}) }, rule);
}

/** What a branch fixes: the one value each of its properties must take, where it takes one. */
function fixed(branch: JsonObject): string {
  const values = Object.entries((branch.properties ?? {}) as JsonObject).flatMap(([name, schema]) =>
    isObject(schema) && Array.isArray(schema.enum) && schema.enum.length === 1
      ? [`${name} = ${JSON.stringify(schema.enum[0])}`]
      : [],
  );
  return values.length > 0 ? `, with ${values.join(', ')}` : '';
}

/** Keywords whose value is data, not a schema: walked as they are. */
const DATA_KEYWORDS = new Set(['enum', 'examples', 'default', 'const', 'required']);

/** Whether a schema says `not` anywhere: a rule a union's branch would lose, which makes the union a mere description. */
function saysNot(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(saysNot);
  if (!isObject(schema)) return false;
  return Object.entries(schema).some(([key, value]) =>
    key === 'not'
      ? true
      : DATA_KEYWORDS.has(key)
        ? false
        : key === 'properties' && isObject(value)
          ? Object.values(value).some(saysNot)
          : saysNot(value),
  );
}

/** Rewrites one schema, and every schema in it, into the portable form. */
export function portableSchema(schema: JsonObject, atRoot = true): JsonObject {
  const { allOf, oneOf, anyOf, not, const: only, ...rest } = schema;
  let result: JsonObject = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, portableChild(key, value)]),
  );
  if ('const' in schema) result.enum = [only];
  for (const part of (allOf ?? []) as JsonObject[]) result = intersect(result, portableSchema(part, false));
  for (const [keyword, branches] of [
    ['oneOf', oneOf],
    ['anyOf', anyOf],
  ] as const) {
    if (!Array.isArray(branches)) continue;
    const flat = (branches as JsonObject[]).map((branch) => portableSchema(branch, false));
    if (flat.every(describesObject)) result = intersect(result, unite(flat, keyword));
    else if (atRoot || saysNot(branches)) result = withRule(result, ruleText(keyword, branches));
    // Types that exclude each other (a string or null): any one of them is exactly one.
    else result = { ...result, anyOf: flat };
  }
  if (not !== undefined) result = withRule(result, ruleText('not', not));
  return result;
}

function portableChild(key: string, value: unknown): unknown {
  if (DATA_KEYWORDS.has(key)) return value;
  if (key === 'properties' && isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([name, schema]) => [name, isObject(schema) ? portableSchema(schema, false) : schema]),
    );
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? portableSchema(item, false) : item));
  return isObject(value) ? portableSchema(value, false) : value;
}
