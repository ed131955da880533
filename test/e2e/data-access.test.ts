import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

/**
 * Issue 14's walk-through on the examples: an admin gives a new Gamma user access to one dataset; that user
 * signs in and sees only that dataset's charts, dashboards and dataset, and is refused elsewhere with a
 * message naming the missing grant.
 */
let server: LumenServer;
let browser: Browser;
let admin: BrowserContext;
let api: AdminApi;

interface Chart { id: number; slice_name: string; datasource_id: number }
interface Dashboard { id: number; dashboard_title: string; published: boolean }

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.stop();
});

const list = async <T>(resource: string) => (await api<{ result: T[] }>('GET', `/api/v1/${resource}/?q=(page_size:100)`)).result;

/** The dataset behind the first chart of the first published dashboard, with what it should unlock. */
async function pickDataset() {
  const charts = await list<Chart>('chart');
  const dashboards = (await list<Dashboard>('dashboard')).filter((d) => d.published);
  const chartsOf = async (d: Dashboard) => (await api<{ result: { id: number }[] }>('GET', `/api/v1/dashboard/${d.id}/charts`)).result.map((c) => c.id);
  const firstId = (await chartsOf(dashboards[0]!))[0];
  const first = charts.find((c) => c.id === firstId)!;
  const datasetId = first.datasource_id;
  const ownCharts = charts.filter((c) => c.datasource_id === datasetId);
  const ownIds = new Set(ownCharts.map((c) => c.id));
  const ownDashboards: Dashboard[] = [];
  for (const dashboard of dashboards) if ((await chartsOf(dashboard)).some((id) => ownIds.has(id))) ownDashboards.push(dashboard);
  const otherChart = charts.find((c) => c.datasource_id !== datasetId)!;
  return { datasetId, ownCharts, ownDashboards, otherChart, allDashboards: dashboards };
}

async function grantRole(name: string, datasetId: number): Promise<void> {
  const pairs = await api<{ result: { id: number; view_menu: { name: string } }[] }>(
    'GET',
    `/api/v1/security/permissions-resources/?q=(filters:!((col:permission.name,opr:eq,value:datasource_access)),page_size:100)`,
  );
  const pair = pairs.result.find((p) => p.view_menu.name.endsWith(`(id:${datasetId})`));
  expect(pair, 'a datasource_access pair exists for every dataset').toBeDefined();
  const role = await api<{ id: number }>('POST', '/api/v1/security/roles/', { name });
  await api('POST', `/api/v1/security/roles/${role.id}/permissions/`, { permission_view_menu_ids: [pair!.id] });
}

async function createUserThroughScreen(page: Page, roles: string[]): Promise<void> {
  await page.goto(`${server.url}/users/list/`);
  await page.getByRole('button', { name: '+ User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Username').fill('ada');
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('E-mail').fill('ada@example.org');
  for (const role of roles) {
    await dialog.getByRole('combobox', { name: 'Roles' }).fill(role);
    await page.getByRole('option', { name: role, exact: true }).click();
  }
  await dialog.getByLabel('Password').fill('analytical-engine-1843');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('data access in Chromium', () => {
  it('a Gamma user granted one dataset sees only its charts, dashboards and dataset, and is refused elsewhere', async () => {
    const picked = await pickDataset();
    await grantRole('One dataset', picked.datasetId);
    const adminPage = await admin.newPage();
    await signIn(adminPage, server);
    await createUserThroughScreen(adminPage, ['Gamma', 'One dataset']);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, server, 'ada', 'analytical-engine-1843');
      await page.waitForURL((url) => url.pathname === '/superset/welcome/');

      await page.goto(`${server.url}/chart/list/?viewMode=table`);
      await page.getByTestId('row-count').waitFor();
      const chartCount = picked.ownCharts.length;
      expect(await page.getByTestId('row-count').textContent()).toBe(`1-${Math.min(15, chartCount)} of ${chartCount}`);
      expect(await page.getByRole('link', { name: picked.otherChart.slice_name, exact: true }).count()).toBe(0);

      await page.goto(`${server.url}/dashboard/list/?viewMode=table`);
      await page.getByTestId('row-count').waitFor();
      const boards = picked.ownDashboards.length;
      expect(await page.getByTestId('row-count').textContent()).toBe(`1-${boards} of ${boards}`);
      for (const dashboard of picked.ownDashboards) await page.getByRole('link', { name: dashboard.dashboard_title, exact: true }).waitFor();

      await page.goto(`${server.url}/tablemodelview/list/?viewMode=table`);
      await page.getByTestId('row-count').waitFor();
      expect(await page.getByTestId('row-count').textContent()).toBe('1-1 of 1');

      // Another dataset's chart, opened by its address: refused, naming the grant to ask for.
      await page.goto(`${server.url}/explore/?slice_id=${picked.otherChart.id}`);
      await page.getByText(/You need access to the dataset .* of the chart .*datasource_access on/).first().waitFor();
      await page.screenshot({ path: `${server.dataDir}/refused-explore.png` });
      // Request Access leads to a page naming the pair to grant; the request is recorded for the admins.
      await page.getByRole('link', { name: 'Request Access' }).first().click();
      await page.waitForURL((url) => url.pathname === '/request_access/');
      await page.getByText(/^datasource_access on /).waitFor();
      await page.getByRole('button', { name: 'Send request' }).click();
      expect(await page.getByRole('status').textContent()).toMatch(/^Request recorded\./);

      // A dashboard without any of the dataset's charts is refused too.
      const hidden = picked.allDashboards.find((d) => !picked.ownDashboards.some((own) => own.id === d.id));
      if (hidden) {
        await page.goto(`${server.url}/superset/dashboard/${hidden.id}/`);
        await page.getByText(/access to this dashboard/).first().waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
