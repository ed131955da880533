import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

let server: LumenServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: AdminApi;
let databaseId: number;
// Outside Lumen's data directory, where database URIs may never point.
const uploadsDir = mkdtempSync(join(tmpdir(), 'lumen-e2e-uploads-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer({ env: { LUMEN_LOAD_EXAMPLES: 'false' } }), launchChromium()]);
  api = await adminApi(server);
  const created = await api<{ id: number }>('POST', '/api/v1/database/', {
    database_name: 'uploads',
    sqlalchemy_uri: `sqlite:///${join(uploadsDir, 'uploads.sqlite')}`,
    allow_file_upload: true,
    allow_dml: true,
    expose_in_sqllab: true,
  });
  databaseId = created.id;
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  await signIn(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const CSV = 'region,amount,sold_on\nNorth,12.5,2024-01-02\nSouth,7,2024-02-03\n"East, far",30.25,2024-03-04\n';

describe('file upload in Chromium', () => {
  it('uploads a CSV from the datasets list into a new table, then lists and queries it', async () => {
    await page.goto(`${server.url}/tablemodelview/list/`);
    await page.getByRole('button', { name: 'Upload file to database' }).click();
    await page.getByRole('menuitem', { name: 'Upload CSV to database' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV Upload' });
    await dialog.getByLabel('Database*').locator('option', { hasText: 'uploads' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Database*').selectOption({ label: 'uploads' });
    await dialog.getByLabel('File*').setInputFiles({ name: 'e2e sales.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByText('Columns: region, amount, sold_on').waitFor();
    expect(await dialog.getByLabel('Table name*').inputValue()).toBe('e2e_sales');
    await dialog.getByText('Columns and rows').click();
    await dialog.getByLabel('Columns to be parsed as dates').fill('sold_on');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.bi-toast').filter({ hasText: 'Data imported' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The new table's dataset appears in the list (the upload creates it) and opens in Explore.
    const link = page.getByRole('link', { name: 'e2e_sales', exact: true });
    await link.waitFor();
    await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/explore/')), link.click()]);
    await page.getByText('e2e_sales').first().waitFor();

    const result = await api<{ data: Record<string, unknown>[] }>('POST', '/api/v1/sqllab/execute/', {
      database_id: databaseId,
      sql: "SELECT COUNT(*) AS n, SUM(amount) AS total, MAX(region) AS last_region, MIN(sold_on) AS first_day FROM e2e_sales",
      runAsync: false,
    });
    expect(result.data[0]).toMatchObject({ n: 3, total: 49.75, last_region: 'South' });
    expect(String(result.data[0]!.first_day)).toMatch(/^2024-01-02/);
  });

  it('shows why an upload is refused and keeps the dialog open', async () => {
    await page.goto(`${server.url}/databaseview/list/`);
    await page.getByRole('button', { name: 'Upload file to database' }).click();
    await page.getByRole('menuitem', { name: 'Upload CSV to database' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV Upload' });
    await dialog.getByLabel('Database*').locator('option', { hasText: 'uploads' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('File*').setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByLabel('Table name*').fill('e2e_sales');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Table already exists.' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });
});
