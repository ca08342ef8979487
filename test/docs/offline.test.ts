// The built docs page loads nothing from the network: no remote script, stylesheet or image reference.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

const page = path.join(projectRoot, 'dist', 'docs', 'index.html');

describe('dist/docs/index.html', () => {
  it('is built, and has no <script src="http...">, <link href="http..."> or CDN logo', () => {
    expect(existsSync(page), 'npm run build:docs has run').toBe(true);
    const html = readFileSync(page, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=["']?https?:/i);
    expect(html).not.toMatch(/<link[^>]+href=["']?https?:/i);
    expect(html).not.toContain('cdn.redoc.ly');
    expect(html.length).toBeGreaterThan(500_000);
  });
});
