import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../packages/server/src/reports/render';

/** Debian's chromium: playwright's own browser downloads are not reachable from CI. */
export const CHROMIUM_PATH = process.env.LUMEN_CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The report renderer's flags (headless as root in a container, no background traffic that slows startup):
 * tests run Chromium the way the product does.
 */
export { CHROMIUM_ARGS };

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
