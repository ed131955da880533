import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { REPO_ROOT } from './support/repo-root';

/**
 * The legend's series toggles are native buttons: in a real browser Enter and Space hide and show a series
 * (happy-dom, the unit tests' DOM, does not turn key presses into clicks).
 */
const HARNESS = `
import { renderToggleLegend } from './packages/charts/src/shared/legend-toggle';
const hidden = new Set();
document.body.append(renderToggleLegend([{ key: 'boy', name: 'Boys', color: '#1FA8C9' }, { key: 'girl', name: 'Girls', color: '#454E7C' }], hidden, () => {
  document.body.dataset.hidden = [...hidden].join(',');
}));
`;

describe('legend keyboard activation', () => {
  let browser: Browser;
  let script: string;
  beforeAll(async () => {
    const out = await build({ stdin: { contents: HARNESS, resolveDir: REPO_ROOT, loader: 'ts' }, bundle: true, format: 'iife', write: false });
    script = out.outputFiles[0].text;
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('Enter hides the focused series and Space shows it again, with aria-pressed following', async () => {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><body></body>');
    await page.addScriptTag({ content: script });
    const girls = page.getByRole('button', { name: 'Girls' });
    await girls.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.body.dataset.hidden)).toBe('girl');
    expect(await girls.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => document.body.dataset.hidden)).toBe('');
    expect(await girls.getAttribute('aria-pressed')).toBe('true');
  });
});
