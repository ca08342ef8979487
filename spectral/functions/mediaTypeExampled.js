// Every request and response body of an operation carries an example, so that docs, mocks and
// generated samples never fall back to made-up values.
const hasExample = (media) => media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0;

/** @param {any} operation an OpenAPI operation object */
export default function mediaTypeExampled(operation, _options, context) {
  const results = [];
  const base = context?.path ?? [];
  const bodies = [];
  for (const [mediaType, media] of Object.entries(operation?.requestBody?.content ?? {})) {
    bodies.push({ where: ['requestBody', 'content', mediaType], media, label: `request body (${mediaType})` });
  }
  for (const [status, response] of Object.entries(operation?.responses ?? {})) {
    for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
      bodies.push({
        where: ['responses', status, 'content', mediaType],
        media,
        label: `${status} response (${mediaType})`,
      });
    }
  }
  for (const { where, media, label } of bodies) {
    if (!hasExample(media)) results.push({ message: `The ${label} has no example`, path: [...base, ...where] });
  }
  return results;
}
