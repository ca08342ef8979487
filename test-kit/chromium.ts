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

/** Chromium's flags here: headless, offline-friendly. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The variable that holds the address of the browser lane's one Chromium (test-kit/chromium-server.ts). */
export const SHARED_CHROMIUM = 'CLOUD_API_TEST_CHROMIUM_ENDPOINT';

/**
 * A Chromium to drive: the browser lane's shared one, connected to, where it runs (closing the connection closes
 * the contexts made through it, not the browser), else one launched for the caller.
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
