// Reads the package's bundled document from disk (Node only).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from './document.js';

/** The package's root folder, found from this module whether it runs from src/ or dist/src/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'generated', 'openapi.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find generated/openapi.json above this module: run `npm run build`');
    dir = parent;
  }
  return dir;
}

export function loadBundledDocument(file = path.join(packageRoot(), 'generated', 'openapi.json')): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}
