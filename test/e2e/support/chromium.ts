import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: playwright's own browser downloads are not reachable from CI. */
export const CHROMIUM_PATH = process.env.LUMEN_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run as root in a container, without background traffic that slows startup. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches headless Chromium for an e2e test.
 *
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set LUMEN_CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
