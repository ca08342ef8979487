// One name per idea in the emulator: its adapters supply a Carrier to the request's lifecycle
// (core/lifecycle.ts); `Transport` is the client's fetch signature and "exchange" one request and its
// answer (the proxy's checks, coverage). The old names, left in a comment or the package's description,
// would send a reader to the wrong one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

const emulatorFiles = (folder: string): string[] =>
  readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(folder, file));

const texts: [file: string, text: string][] = [
  ...emulatorFiles('emulator/src'),
  ...emulatorFiles('emulator/test'),
  'emulator/package.json',
  'docs/contributing.md',
].map((file) => [file, readFileSync(path.join(projectRoot, file), 'utf8')]);

describe('the emulator says carrier and lifecycle, not transport and exchange', () => {
  it.each([
    ['"transport" for what an adapter carries', /\btransports?\b|transport-free/i],
    [
      'the lifecycle under its old names',
      /\b(?:runExchange|RunExchange|ExchangeCore)\b|core\/exchange(?:\.js|\.ts)?\b/,
    ],
  ])('no %s', (_, oldName) => {
    const found = texts.flatMap(([file, text]) =>
      text.split('\n').flatMap((line, index) => (oldName.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
