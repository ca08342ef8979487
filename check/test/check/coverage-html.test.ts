// The coverage page as text: every value from the document or the exchanges is escaped, the page names
// no resource to load, and says in words what each row means.
import { describe, expect, it } from 'vitest';
import { coverageHtml } from '../../src/check/coverage/html.js';
import { computeCoverage } from '../../src/check/coverage/model.js';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';

const hostile = [
  '<script>fetch("http://evil.test")</script>',
  '"><img src=http://evil.test/x onerror=alert(1)>',
  "'; background:url(http://evil.test)",
  '&lt;already escaped&gt;',
];

/** A document whose every name and value a page shows is hostile text. */
const documentWith = (text: string) =>
  ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/x/{id}': {
        get: {
          operationId: text,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: text, in: 'query', schema: { enum: [text] } },
          ],
          responses: { '200': { description: 'ok', links: { [text]: { operationId: text } } } },
        },
      },
    },
    components: {},
  }) as unknown as OpenApiDocument;

describe('the coverage page', () => {
  it.each(hostile)('shows %s as text, never as markup', (text) => {
    const page = coverageHtml(
      computeCoverage(documentWith(text), [{ method: 'GET', path: '/x/1', status: 200 }]),
      text,
    );
    expect(page).not.toContain(text);
    expect(page).not.toMatch(/<(script|img|link|iframe)\b/i);
    expect(page).not.toContain('http://evil.test"');
  });

  it('loads nothing: a policy that forbids every source but inline style, and no URL anywhere', () => {
    const page = coverageHtml(computeCoverage(documentWith('getX'), []));
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(page).not.toMatch(/https?:\/\//);
  });

  it('says in words what each row is: seen, met only by a fault, never seen, sent, followed', () => {
    const document = documentWith('getX');
    const page = coverageHtml(
      computeCoverage(document, [
        { method: 'GET', path: '/x/1', status: 200, fault: true },
        { method: 'GET', path: '/x/1', status: 200, query: { getX: 'getX' } },
        { method: 'GET', path: '/x/2', status: 200 },
      ]),
    );
    expect(page).toMatch(/<tr class="full"><td>status<\/td><td>200<\/td><td>seen<\/td><\/tr>/);
    expect(page).toMatch(
      /<td>parameter<\/td><td>query <code>getX<\/code> = <code>&quot;getX&quot;<\/code><\/td><td>sent<\/td>/,
    );
    expect(page).toMatch(/<td>link<\/td><td><code>getX<\/code> to <code>getX<\/code><\/td><td>followed<\/td>/);
    const faultOnly = coverageHtml(
      computeCoverage(document, [{ method: 'GET', path: '/x/1', status: 200, fault: true }]),
    );
    expect(faultOnly).toContain(
      '<tr class="fault"><td>status</td><td>200</td><td>seen, only by an injected fault</td></tr>',
    );
  });
});
