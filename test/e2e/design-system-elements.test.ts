/**
 * The calendar date picker and the tooltip inside `<bi-dashboard>` of the lite (Preact-compat) elements
 * bundle: they render in the element's shadow root, keep the same keyboard behaviour as under React, and
 * axe-core finds no serious violation in them. Real Chromium, a host page on another origin, guest token.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';

const SLOW = 90_000;
const TEST_TIMEOUT = 240_000;

let stage: EmbeddingStage;
let showcaseUuid: string;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  const showcaseId = await findId(stage.lumen, 'dashboard', 'dashboard_title', 'Lumen Showcase');
  showcaseUuid = await registerEmbedding(stage.lumen, showcaseId, [stage.host.origin]);
}, 240_000);

afterAll(async () => {
  await stage?.stop();
});

/** The Showcase in a lite-bundle `<bi-dashboard>` on the host page. */
async function openShowcase(page: Page): Promise<Locator> {
  await page.goto(`${stage.host.origin}/`);
  await page.addScriptTag({ type: 'module', url: '/elements/bi-elements.lite.js' });
  await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')));
  const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: showcaseUuid }], rls: [] });
  await page.evaluate(
    ({ apiUrl, uuid, token }) => {
      const element = document.createElement('bi-dashboard');
      element.id = 'showcase';
      element.style.display = 'block';
      element.setAttribute('api-url', apiUrl);
      element.setAttribute('dashboard-id', uuid);
      element.setAttribute('guest-token', token);
      document.body.append(element);
    },
    { apiUrl: stage.server.url, uuid: showcaseUuid, token },
  );
  return page.locator('#showcase');
}


/** The shadow-root element that has focus (document.activeElement is the host element). */
const focusedInShadow = (page: Page) =>
  page.evaluate(() => {
    const focused = document.getElementById('showcase')!.shadowRoot!.activeElement;
    return focused?.getAttribute('data-date') ?? focused?.getAttribute('aria-label');
  });

describe('design-system pieces in the lite elements bundle', () => {
  it(
    'picks a custom time range with the calendar and shows a tooltip on keyboard focus inside <bi-dashboard>',
    async () => {
      const context = await stage.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        const dashboard = await openShowcase(page);
        const filter = dashboard.locator('[data-filter-id="NATIVE_FILTER-lumen-time-range"]');
        await filter.waitFor({ timeout: SLOW });
        await filter.getByRole('combobox').click();
        await filter.getByRole('combobox').fill('Custom');
        await dashboard.getByRole('option', { name: 'Custom', exact: true }).click();
        await filter.getByRole('textbox', { name: 'Start', exact: true }).fill('2021-03-10');

        await filter.getByRole('button', { name: 'Choose start date' }).click();
        const dialog = dashboard.getByRole('dialog', { name: 'Choose start date' });
        await dialog.getByRole('grid', { name: 'March 2021' }).waitFor();
        // The popover lives in the element's shadow root (its styles and theme apply), not in the host page.
        expect(await page.locator('body > .bi-portal').count()).toBe(0);
        await expect.poll(() => focusedInShadow(page)).toBe('2021-03-10');
        expect(await seriousViolations(page, ['#showcase', '.bi-date-popover'])).toEqual([]);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('PageUp');
        // Preact renders a state change on its next tick: wait for it rather than read at once.
        await expect.poll(() => focusedInShadow(page)).toBe('2021-02-17');
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        // The picked day reaches the field on Preact's next render.
        await expect.poll(() => filter.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe('2021-02-17');
        await expect.poll(() => focusedInShadow(page)).toBe('Choose start date');

        // Keyboard focus alone shows the tooltip (focus does not bubble under Preact: the trigger carries it).
        const collapse = dashboard.getByRole('button', { name: 'Collapse filter bar' });
        await collapse.focus();
        const tip = dashboard.getByRole('tooltip');
        expect(await tip.textContent()).toBe('Collapse filter bar');
        expect(await collapse.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
        expect(await seriousViolations(page, ['#showcase', '.bi-tooltip-bubble'])).toEqual([]);
        await page.keyboard.press('Escape');
        await tip.waitFor({ state: 'detached' });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});
