// Vitest's global setup for the browser lane: one Chromium for the whole lane, which each test file connects
// to (launchChromium) instead of launching its own: a launch cost about 2 s of CPU, and the lane made nine.
// Each file still reads in contexts of its own, and closing its connection closes them.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM, chromiumFound, SHARED_CHROMIUM } from './chromium.js';

export default async function shareChromium(): Promise<() => Promise<void>> {
  // Without a Chromium the files say so themselves (requireChromium), each as it would alone.
  if (!chromiumFound) return async () => {};
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  process.env[SHARED_CHROMIUM] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_CHROMIUM];
    await server.close();
  };
}
