import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/choose-option';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';
import { withSignedInPage as withSignedInPageOf } from './support/signed-in-page';

let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


async function pickVizType(page: Page, vizType: string): Promise<void> {
  await page.getByRole('button', { name: /^Chart type:/ }).click();
  await page.locator(`[data-viz-type="${vizType}"]`).click();
}

/** Runs the chart and waits until the plugin reports it drew. */
async function runChart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Create|Update) chart$/ }).click();
  await page.locator('[data-chart-status="rendered"]').waitFor({ timeout: 30_000 });
}

const tableCells = (page: Page) => page.locator('.bi-chart-area__host table tbody tr[aria-rowindex]').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')));

const withSignedInPage = (body: (page: Page, pageErrors: string[]) => Promise<void>) => withSignedInPageOf(browser, server, body);

async function birthNamesDatasetId(page: Page): Promise<number> {
  const list = await page.request.get(`${server.url}/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:birth_names)))`);
  expect(list.status()).toBe(200);
  return ((await list.json()) as { result: { id: number }[] }).result[0].id;
}

describe('Explore in Chromium', () => {
  it('builds a line chart and a table, saves to a new dashboard and reopens it', async () => {
    await withSignedInPage(async (page, pageErrors) => {
      const datasetId = await birthNamesDatasetId(page);

      await page.goto(`${server.url}/explore/?datasource_id=${datasetId}&datasource_type=table`);
      await page.getByRole('region', { name: 'Metrics' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Time range' }).getAttribute('data-value')).toBe('No filter');

      await pickVizType(page, 'echarts_timeseries_line');
      const metrics = page.getByRole('group', { name: 'Metrics' });
      await metrics.getByRole('button', { name: '+ Add metric' }).click();
      await chooseOption(page, 'Saved metric', 'sum__num');
      await page.getByRole('dialog', { name: 'Edit metric' }).getByRole('button', { name: 'Save' }).click();
      await chooseOption(page, 'Dimensions', 'gender');
      await runChart(page);
      expect(await page.locator('.bi-chart-area__host canvas').count()).toBeGreaterThan(0);
      const legend = await page.locator('.bi-chart-area__host .bi-legend li').allTextContents();
      expect(legend.join(' ')).toMatch(/boy/);
      expect(legend.join(' ')).toMatch(/girl/);
      // The address now carries the unsaved state's key.
      await page.waitForURL((url) => url.searchParams.has('form_data_key'));

      await pickVizType(page, 'table');
      await runChart(page);
      const cells = await tableCells(page);
      expect(cells.length).toBe(2);
      expect(cells.map((row) => row[0]).sort()).toEqual(['boy', 'girl']);

      await page.locator('.bi-explore__header').getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save chart' });
      await dialog.getByRole('textbox', { name: /Chart name/ }).fill('E2E births by gender');
      const dashboards = dialog.getByRole('combobox', { name: 'Add to dashboard' });
      await dashboards.fill('E2E board');
      await page.getByRole('option', { name: 'Create "E2E board"' }).waitFor();
      await dashboards.press('Enter');
      await dialog.getByRole('heading', { name: 'Save chart' }).click();
      await dialog.getByRole('listbox').waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.has('slice_id') && !url.searchParams.has('form_data_key'));
      await page.getByText('Chart [E2E births by gender] has been saved').waitFor();
      await page.getByText('Dashboard [E2E board] just got created and chart [E2E births by gender] was added to it').waitFor();
      const sliceId = new URL(page.url()).searchParams.get('slice_id');

      const chart = await page.request.get(`${server.url}/api/v1/chart/${sliceId}`);
      const saved = ((await chart.json()) as { result: { slice_name: string; viz_type: string; query_context: string; dashboards: { dashboard_title: string }[] } }).result;
      expect(saved.slice_name).toBe('E2E births by gender');
      expect(saved.viz_type).toBe('table');
      expect(saved.dashboards.map((d) => d.dashboard_title)).toEqual(['E2E board']);
      expect(JSON.parse(saved.query_context).queries.length).toBeGreaterThan(0);

      await page.goto(`${server.url}/explore/?slice_id=${sliceId}`);
      await page.locator('[data-chart-status="rendered"]').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('heading', { name: 'E2E births by gender' }).count()).toBe(1);
      expect(await tableCells(page)).toEqual(cells);
      expect(pageErrors).toEqual([]);
    });
  });

  it('takes columns and metrics dragged from the dataset panel and colours table cells by a formatting rule', async () => {
    await withSignedInPage(async (page, pageErrors) => {
      const datasetId = await birthNamesDatasetId(page);
      await page.goto(`${server.url}/explore/?datasource_id=${datasetId}&datasource_type=table&viz_type=table`);
      const panel = page.getByRole('complementary', { name: 'Dataset' });
      await panel.waitFor();

      // Real HTML5 drag and drop: a saved metric onto Metrics, a column onto Dimensions.
      await panel.getByRole('region', { name: 'Metrics' }).locator('li[draggable="true"]').filter({ has: page.getByText('sum__num', { exact: true }) }).dragTo(page.getByRole('group', { name: 'Metrics', exact: true }));
      await page.getByRole('group', { name: 'Metrics', exact: true }).getByRole('button', { name: 'Remove sum__num' }).waitFor();
      const dimensions = page.getByRole('combobox', { name: 'Dimensions', exact: true });
      await panel.getByRole('region', { name: 'Columns' }).locator('li[draggable="true"]').filter({ has: page.getByText('gender', { exact: true }) }).dragTo(dimensions);
      await page.getByRole('button', { name: 'Remove gender' }).waitFor();
      await runChart(page);
      expect((await tableCells(page)).map((row) => row[0]).sort()).toEqual(['boy', 'girl']);

      // A rule 'sum__num > 0' in the scheme's second colour tints every sum__num cell with it.
      const control = page.locator('[data-control="conditional_formatting"]');
      await control.getByRole('button', { name: 'Add new color formatter' }).click();
      await control.getByRole('button', { name: 'Apply' }).click();
      await control.getByText('Column cannot be empty').waitFor();
      await control.getByRole('combobox', { name: 'Column' }).selectOption('sum__num');
      await control.getByRole('combobox', { name: 'Operator' }).selectOption('>');
      await control.getByRole('textbox', { name: 'Target value' }).fill('0');
      await control.getByRole('radio', { name: '#454E7C' }).click();
      await control.getByRole('button', { name: 'Apply' }).click();
      await control.getByText('sum__num > 0').waitFor();
      const tinted = page.locator('.bi-chart-area__host table tbody td[style*="rgba(69,78,124"]');
      await expect.poll(() => tinted.count(), { timeout: 10_000 }).toBe(2);
      expect(pageErrors).toEqual([]);
    });
  });

  it('shows an error panel for an unknown viz type instead of a blank page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, server);
      await page.goto(`${server.url}/explore/?datasource_id=1&datasource_type=table&viz_type=nope`);
      await page.getByText('Unknown viz type: nope').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
