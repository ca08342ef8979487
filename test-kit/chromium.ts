// Debian's Chromium through playwright-core, for the browser tests: where it is, how it is launched
// (offline-friendly flags), and the rule that a missing Chromium skips the tests, saying so, except
// with CI=true, where it fails the run.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFound = existsSync(CHROMIUM);
const inCi = process.env.CI === 'true';

/** Says why the browser tests named `what` are skipped, and in CI adds a test that fails for it. */
export function requireChromium(what: string): void {
  if (chromiumFound) return;
  process.stderr.write(
    `\n*** ${what} SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).${inCi ? ' CI=true: this fails the run.' : ''}\n\n`,
  );
  describe.runIf(inCi)(`${what} in CI`, () => {
    it('has a Chromium to run with', () => {
      expect.fail(`CI=true needs a Chromium at ${CHROMIUM}: .ci/run installs Debian's chromium`);
    });
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
