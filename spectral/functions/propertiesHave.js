// Checks each property of a schema's `properties` map for at least one of the given keywords.
// Used twice: every property must be described, and every property must carry an example.

/**
 * @param {Record<string, any>} properties a schema's `properties` map
 * @param {{ keywords: string[] }} options keywords of which at least one must be present and non-empty
 */
export default function propertiesHave(properties, options, context) {
  const results = [];
  const base = context?.path ?? [];
  const keywords = options?.keywords ?? [];
  if (properties === null || typeof properties !== 'object') return results;
  for (const [name, schema] of Object.entries(properties)) {
    const present = keywords.some((keyword) => {
      const value = schema?.[keyword];
      if (value === undefined || value === null) return false;
      if (typeof value === 'string') return value.trim().length > 0;
      if (Array.isArray(value)) return value.length > 0;
      return true;
    });
    if (!present) {
      results.push({ message: `Property "${name}" needs one of: ${keywords.join(', ')}`, path: [...base, name] });
    }
  }
  return results;
}
