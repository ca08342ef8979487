// npm run bench:site: the published site's console against the emulator's /docs (the baseline: the same
// Elements page, its answers from an emulator process) in Chromium, interleaved rounds in one run: the time
// from opening getVideo to the console showing its first answer, and each page's first-view bytes (what
// the budget in test/docs/site-browser.test.ts holds). Needs npm run build. BENCH_ROUNDS changes the rounds.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServerEmulator, startEmulatorServer } from 'cloud-platform-emulator/server';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test-kit/chromium.js';
import { serveStatic } from '../test/helpers/static-site.js';
import { interleave, metric, ratio, show, type Figures } from './lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const siteDir = path.resolve('dist', 'site');

/** One first view of `url` (an Elements console at getVideo) in a fresh context: ms to the Send button, and to the 200 shown. */
async function firstAnswer(browser: Browser, url: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(url);
  const send = page.getByRole('button', { name: 'Send API Request' });
  await send.waitFor({ timeout: 60_000 });
  const ready = performance.now() - started;
  await send.click();
  await page
    .getByText(/^200 OK$/)
    .first()
    .waitFor({ timeout: 60_000 });
  const answered = performance.now() - started;
  await context.close();
  return { ready, answered };
}

const site = await serveStatic(siteDir, '/cloud-platform-api/');
const emulator = await startEmulatorServer(await createServerEmulator(), { port: 0 });
const browser = await launchChromium();
const [baseline, inPage] = [
  "emulator's /docs, answered by the process (baseline)",
  'site console, emulator in the page',
];
try {
  const results = await interleave(
    [
      { name: baseline, round: () => firstAnswer(browser, `${emulator.url}/docs#/operations/getVideo`) },
      { name: inPage, round: () => firstAnswer(browser, `${site.url}console.html#/operations/getVideo`) },
    ],
    ROUNDS,
  );
  console.log(
    `First answer of getVideo in Chromium, ${ROUNDS} interleaved rounds (${cpus().length} cores; median, min, max)`,
  );
  for (const name of results.keys()) {
    console.log(`  ${name}`);
    console.log(`    Send button shown   ${show(metric(results, name, 'ready'))} ms`);
    console.log(`    first answer shown  ${show(metric(results, name, 'answered'))} ms`);
  }
  console.log(`  in the page / baseline, first answer: ${show(ratio(results, inPage, baseline, 'answered'), 2)}x`);
  const pages = {
    reference: ['index.html'],
    console: ['console.html', 'console.js', 'elements/web-components.min.js', 'elements/styles.min.css'],
  };
  console.log('First view of each page (every file it loads): bytes, and gzip -9 as a host may send them');
  for (const [name, files] of Object.entries(pages)) {
    const bodies = files.map((file) => readFileSync(path.join(siteDir, file)));
    const bytes = bodies.reduce((sum, body) => sum + body.length, 0);
    const zipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`  ${name.padEnd(10)} ${bytes} bytes, ${zipped} gzipped (${files.join(', ')})`);
  }
} finally {
  await browser.close();
  await emulator.close();
  await site.close();
}
