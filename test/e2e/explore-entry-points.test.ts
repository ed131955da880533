/**
 * Entry points a newcomer trips on (issue 16), in Chromium against the real server: a fresh chart asks for
 * its controls instead of showing the server's 'invalid schema' refusal, a missing chart id says 'Chart not
 * found', and an unknown address shows the app's own 'Page not found' (never the server's raw JSON).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';

let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Explore and app entry points', () => {
  it('asks a fresh chart for metrics or columns instead of sending a query the server refuses', async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      const chartData: string[] = [];
      page.on('request', (request) => request.url().includes('/api/v1/chart/data') && chartData.push(request.url()));
      const { datasetId } = await examplesDataset(page);
      await page.goto(`${server.url}/explore/?datasource_id=${datasetId}&datasource_type=table&viz_type=table`);
      const prompt = page.getByRole('status').filter({ hasText: 'Add required control values to preview chart' });
      await prompt.waitFor();
      expect(await prompt.textContent()).toContain('Dimensions, Metrics, Percentage metrics');
      expect(await page.locator('.bi-error-panel').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Create chart' }).isDisabled()).toBe(true);
      expect(chartData).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  it("says 'Chart not found' for a chart id that does not exist, in Explore and the API", async () => {
    await withSignedInPage(browser, server, async (page) => {
      const api = await page.request.get(`${server.url}/api/v1/chart/99999`);
      expect(api.status()).toBe(404);
      expect(((await api.json()) as { message: string }).message).toBe('Chart not found');
      await page.goto(`${server.url}/explore/?slice_id=99999`);
      await page.getByRole('heading', { name: 'Chart not found' }).waitFor();
      expect(await page.getByText(/engine Error/i).count()).toBe(0);
    });
  });

  it("shows the app's 'Page not found' for an unknown address", async () => {
    await withSignedInPage(browser, server, async (page) => {
      const response = await page.goto(`${server.url}/no/such/page/`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('"message"');
    });
  });
});

/** The example birth_names dataset, to open Explore on. */
async function examplesDataset(page: Page): Promise<{ datasetId: number }> {
  const list = await page.request.get(`${server.url}/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:birth_names)))`);
  return { datasetId: ((await list.json()) as { result: { id: number }[] }).result[0]!.id };
}
