import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';

let server: LumenServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  await page.goto(`${server.url}/login/`);
  await page.getByLabel('Username').fill(server.admin.username);
  await page.getByLabel('Password').fill(server.admin.password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login/'), page.getByRole('button', { name: 'Sign in' }).click()]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const api = async <T>(path: string): Promise<T> => (await (await page.request.get(`${server.url}${path}`)).json()) as T;
const rowCount = () => page.getByTestId('row-count').textContent();
const toast = (text: string | RegExp) => page.locator('.bi-toast').filter({ hasText: text }).first().waitFor();

describe('lists in Chromium', () => {
  it('filters, sorts and paginates the chart list, keeping the state in the address', async () => {
    const total = (await api<{ count: number }>('/api/v1/chart/?q=(page_size:1)')).count;
    expect(total).toBeGreaterThan(5);
    await page.goto(`${server.url}/chart/list/?viewMode=table`);
    await page.getByTestId('row-count').waitFor();
    expect(await rowCount()).toBe(`1-${Math.min(15, total)} of ${total}`);

    await page.getByLabel('Page size').selectOption('5');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('pageIndex') === '1' && url.searchParams.get('pageSize') === '5');
    expect(await rowCount()).toBe(`6-10 of ${total}`);

    await page.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sortColumn') === 'slice_name' && url.searchParams.get('sortOrder') === 'asc');
    const names = await page.locator('tbody tr[data-row-id] td:first-child').allTextContents();
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);

    const first = (await api<{ result: { slice_name: string }[] }>('/api/v1/chart/?q=(order_column:slice_name,order_direction:asc,page_size:1)')).result[0].slice_name;
    const search = page.getByRole('searchbox');
    await search.fill(`  ${first}  `);
    await search.press('Enter');
    await page.waitForURL((url) => (url.searchParams.get('filters') ?? '').includes('search'));
    await page.getByRole('link', { name: first, exact: true }).waitFor();
    expect(await rowCount()).toMatch(/^1-\d+ of \d+$/);
    // A reload shows the same list.
    await page.reload();
    expect(await page.getByRole('searchbox').inputValue()).toBe(first);
    await search.fill('no chart is called this');
    await search.press('Enter');
    await page.getByText('No results match your filter criteria').waitFor();
    await page.getByRole('button', { name: 'clear all filters' }).click();
    await page.getByTestId('row-count').waitFor();
  });

  it('bulk-tags and deletes charts', async () => {
    await page.goto(`${server.url}/chart/list/?viewMode=table&sortColumn=slice_name&sortOrder=asc`);
    await page.getByRole('button', { name: 'Bulk select' }).click();
    const ids = await page.locator('tbody tr[data-row-id]').evaluateAll((rows) => rows.slice(0, 2).map((r) => Number(r.getAttribute('data-row-id'))));
    for (const id of ids) await page.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
    await page.getByText('2 Selected').waitFor();
    await page.getByRole('button', { name: 'Add Tag' }).click();
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('e2e-tag');
    await tags.press('Enter');
    await page.getByRole('dialog', { name: 'Bulk tag' }).getByRole('button', { name: 'Save' }).click();
    await toast('Tagged 2 charts');
    const tagged = await api<{ count: number }>('/api/v1/chart/?q=(filters:!((col:tags,opr:chart_tags,value:e2e-tag)))');
    expect(tagged.count).toBe(2);

    // A chart on no dashboard, so the dashboards exported later stay whole.
    const all = await api<{ result: { id: number; slice_name: string; dashboards: unknown[] }[] }>('/api/v1/chart/?q=(page_size:200)');
    const { id: victim, slice_name: title } = all.result.find((c) => c.dashboards.length === 0)!;
    await page.getByRole('button', { name: 'Cancel bulk select' }).click();
    const search = page.getByRole('searchbox');
    await search.fill(title);
    await search.press('Enter');
    await page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    await toast(`Deleted: ${title}`);
    expect((await page.request.get(`${server.url}/api/v1/chart/${victim}`)).status()).toBe(404);
  });

  it('filters the dashboard list by status and toggles cards', async () => {
    await page.goto(`${server.url}/dashboard/list/`);
    await page.locator('.bi-list-card').first().waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL((url) => url.searchParams.get('viewMode') === 'table');
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.waitForURL((url) => (url.searchParams.get('filters') ?? '').includes('published'));
    // The Status column wherever it stands (the favourite star and the selection come first).
    const statuses = await page.locator('table').first().evaluate((table) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const column = headers.findIndex((text) => text.startsWith('Status'));
      return [...table.querySelectorAll('tbody tr[data-row-id]')].map((row) => row.children[column]?.textContent ?? `no Status column in ${headers.join('|')}`);
    });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 'Published')).toBe(true);
  });

  it('exports a dashboard and imports it back through the import modal', async () => {
    const dashboards = await api<{ result: { id: number; dashboard_title: string }[] }>('/api/v1/dashboard/?q=(page_size:1)');
    const { id, dashboard_title: title } = dashboards.result[0];
    await page.goto(`${server.url}/dashboard/list/?viewMode=table`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Export ${title}` }).click()]);
    const file = await download.path();
    expect(file).toBeTruthy();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import dashboard' });
    await dialog.getByLabel(/^File/).setInputFiles({ name: 'dashboard_export.zip', mimeType: 'application/zip', buffer: await import('node:fs').then((fs) => fs.readFileSync(file)) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    // The dashboard exists: the modal asks to overwrite, enabled only by typing OVERWRITE.
    const overwrite = dialog.getByRole('button', { name: 'Overwrite' });
    await overwrite.waitFor();
    expect(await overwrite.isDisabled()).toBe(true);
    await dialog.getByLabel('Type "OVERWRITE" to confirm').fill('overwrite');
    await overwrite.click();
    await toast('Dashboard imported').catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}\nModal said: ${await dialog.textContent()}`);
    });
    expect((await page.request.get(`${server.url}/api/v1/dashboard/${id}`)).status()).toBe(200);
  });

  it('shows the home page with its collections', async () => {
    // Opening a dashboard is logged by the server (buffered for up to 1 s), so Viewed can list it.
    const viewed = (await api<{ result: { id: number; dashboard_title: string }[] }>('/api/v1/dashboard/?q=(page_size:1)')).result[0];
    await api(`/api/v1/dashboard/${viewed.id}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await page.goto(`${server.url}/superset/welcome/`);
    for (const name of ['Recents', 'Dashboards', 'Charts', 'Saved queries']) await page.getByRole('region', { name }).waitFor();
    const charts = page.getByRole('region', { name: 'Charts' });
    await charts.getByRole('tab', { name: 'Other' }).click();
    await charts.getByRole('link').first().waitFor();
    expect(await charts.getByRole('link').count()).toBeLessThanOrEqual(6);
    const recents = page.getByRole('region', { name: 'Recents' });
    await recents.getByRole('tab', { name: 'Viewed' }).click();
    await recents.getByRole('link', { name: viewed.dashboard_title }).first().waitFor();
    expect(await recents.getByText(/not available yet/).count()).toBe(0);
  });

  it('saves a new metric in the dataset editor', async () => {
    const dataset = (await api<{ result: { id: number; table_name: string }[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:birth_names)))')).result[0];
    await page.goto(`${server.url}/tablemodelview/list/?filters=(search:${dataset.table_name})`);
    await page.getByRole('button', { name: `Edit ${dataset.table_name}`, exact: true }).click();
    const editor = page.getByRole('dialog', { name: /^Edit Dataset/ });
    await editor.getByRole('tab', { name: 'Metrics' }).click();
    await editor.getByRole('button', { name: '+ Add item' }).click();
    const key = editor.getByLabel(/^Metric key of metric \d+$/);
    await key.fill('e2e_max_num');
    await editor.getByLabel('SQL expression of e2e_max_num').fill('MAX(num)');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Confirm save' }).getByRole('button', { name: 'OK' }).click();
    await toast('The dataset has been saved');
    const saved = await api<{ result: { metrics: { metric_name: string; expression: string }[] } }>(`/api/v1/dataset/${dataset.id}`);
    expect(saved.result.metrics).toContainEqual(expect.objectContaining({ metric_name: 'e2e_max_num', expression: 'MAX(num)' }));
  });

  it('connects the machine PostgreSQL after a good connection test', async () => {
    await page.goto(`${server.url}/databaseview/list/`);
    await page.getByRole('button', { name: '+ Database' }).click();
    const modal = page.getByRole('dialog', { name: 'Connect a database' });
    await modal.getByLabel('Supported databases').selectOption('postgresql');
    await modal.getByLabel(/^Host/).fill('127.0.0.1');
    await modal.getByLabel(/^Port/).fill('5432');
    await modal.getByLabel(/^Database name/).fill('test');
    await modal.getByLabel(/^Username/).fill('');
    await modal.getByLabel(/^Username/).blur();
    await modal.getByText('This is a required field').first().waitFor();
    await modal.getByLabel(/^Username/).fill('postgres');
    await modal.getByLabel('Display name').fill('e2e postgres');
    await modal.getByLabel('Allow DML').check();
    await modal.getByRole('button', { name: 'Test connection' }).click();
    await toast('Connection looks good!');
    await modal.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('cell', { name: 'e2e postgres', exact: true }).waitFor();
    const created = await api<{ result: { database_name: string; allow_dml: boolean; backend: string }[] }>('/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:%27e2e%20postgres%27)))');
    expect(created.result[0]).toMatchObject({ backend: 'postgresql', allow_dml: true });
  });
});
