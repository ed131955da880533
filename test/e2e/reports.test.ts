import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../packages/server/src/reports/smtp-capture.test-helpers';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

/**
 * Scheduled reports end to end: the real server (child process) renders an example dashboard and chart in
 * headless Chromium as the report's owner and mails the PNG to a local SMTP receiver started here.
 */
let server: LumenServer;
let smtp: SmtpCapture;
let api: AdminApi;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startLumenServer({
    env: {
      LUMEN_SMTP_HOST: '127.0.0.1',
      LUMEN_SMTP_PORT: String(smtp.port),
      LUMEN_SMTP_FROM: 'reports@lumen.test',
      LUMEN_REPORTS_TICK_SECONDS: '2',
      // The webhook test's receiver listens on loopback, which reports may reach only when allow-listed.
      LUMEN_OUTBOUND_ALLOW_LIST: '127.0.0.1',
    },
  });
  api = await adminApi(server);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

interface LogEntry {
  state: string;
  error_message: string | null;
}

async function runAndReceive(report: Record<string, unknown>) {
  const created = await api<{ id: number }>('POST', '/api/v1/report/', {
    type: 'Report',
    // Never due during the test: these reports run through POST /run only.
    crontab: '0 0 1 1 *',
    timezone: 'UTC',
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.org' } }],
    ...report,
  });
  const before = smtp.messages.length;
  const run = await api<{ result: LogEntry }>('POST', `/api/v1/report/${created.id}/run`, {});
  expect(run.result, JSON.stringify(run.result)).toMatchObject({ state: 'Success', error_message: null });
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  return { id: created.id, mail };
}

describe('PNG reports rendered by headless Chromium', () => {
  it('mails a PNG of an example dashboard, inline and attached', async () => {
    const dashboards = await api<{ result: { id: number; dashboard_title: string }[] }>('GET', '/api/v1/dashboard/?q=(page_size:5)');
    expect(dashboards.result.length).toBeGreaterThan(0);
    const dashboard = dashboards.result[0];
    const { id, mail } = await runAndReceive({ name: 'Dashboard PNG', dashboard: dashboard.id, creation_method: 'dashboards', report_format: 'PNG' });
    expect(mail.subject).toBe('[Report] Dashboard PNG');
    const pngs = mail.parts.filter((p) => p.contentType === 'image/png');
    expect(pngs.length).toBe(2);
    expect(pngs.some((p) => p.cid)).toBe(true);
    const attached = pngs.find((p) => p.disposition === 'attachment');
    expect(attached?.filename).toBe('Dashboard_PNG.png');
    expect(attached!.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(attached!.body.length).toBeGreaterThan(10 * 1024);
    const html = mail.parts.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '';
    expect(html).toContain(`/superset/dashboard/${dashboard.id}/`);
    expect(html).toMatch(/cid:report-image-0/);

    const log = await api<{ count: number; result: LogEntry[] }>('GET', `/api/v1/report/${id}/log/`);
    expect(log.count).toBe(1);
    expect(log.result[0].state).toBe('Success');
  });

  it('mails a PNG of an example chart', async () => {
    const charts = await api<{ result: { id: number; viz_type: string }[] }>('GET', '/api/v1/chart/?q=(page_size:50)');
    const chart = charts.result.find((c) => c.viz_type === 'table') ?? charts.result[0];
    const { mail } = await runAndReceive({ name: 'Chart PNG', chart: chart.id, creation_method: 'charts', report_format: 'PNG' });
    const attached = mail.parts.find((p) => p.contentType === 'image/png' && p.disposition === 'attachment');
    expect(attached!.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(attached!.body.length).toBeGreaterThan(5 * 1024);
  });
});

describe('PDF reports to a webhook', () => {
  it('POSTs a PDF of a dashboard, base64-encoded, to a local receiver', async () => {
    const received: { format: string; files: { name: string; content_type: string; base64: string }[] }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const dashboards = await api<{ result: { id: number }[] }>('GET', '/api/v1/dashboard/?q=(page_size:5)');
      const created = await api<{ id: number }>('POST', '/api/v1/report/', {
        type: 'Report',
        name: 'Dashboard PDF',
        crontab: '0 0 1 1 *',
        dashboard: dashboards.result[0].id,
        creation_method: 'dashboards',
        report_format: 'PDF',
        recipients: [{ type: 'Webhook', recipient_config_json: { target: `http://127.0.0.1:${port}/hook` } }],
      });
      const run = await api<{ result: LogEntry }>('POST', `/api/v1/report/${created.id}/run`, {});
      expect(run.result, JSON.stringify(run.result)).toMatchObject({ state: 'Success' });
      expect(received).toHaveLength(1);
      expect(received[0].format).toBe('PDF');
      const pdf = Buffer.from(received[0].files[0].base64, 'base64');
      expect(received[0].files[0]).toMatchObject({ name: 'Dashboard_PDF.pdf', content_type: 'application/pdf' });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(10 * 1024);
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });
});

describe('the scheduler', () => {
  it('sends an every-minute report at the next minute without being asked', async () => {
    const charts = await api<{ result: { id: number; viz_type: string }[] }>('GET', '/api/v1/chart/?q=(page_size:50)');
    const chart = charts.result.find((c) => c.viz_type === 'table') ?? charts.result[0];
    const before = smtp.messages.length;
    const created = await api<{ id: number }>('POST', '/api/v1/report/', {
      type: 'Report',
      name: 'Every minute',
      crontab: '* * * * *',
      timezone: 'Europe/Paris',
      chart: chart.id,
      creation_method: 'charts',
      report_format: 'PNG',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'minute@example.org' } }],
    });
    const deadline = Date.now() + 90_000;
    while (!smtp.messages.slice(before).some((m) => m.subject === '[Report] Every minute')) {
      if (Date.now() > deadline) throw new Error(`No scheduled e-mail within 90 s\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Deactivated so it stops; its log holds the scheduled slot (a whole minute).
    await api('PUT', `/api/v1/report/${created.id}`, { active: false });
    const log = await api<{ result: { state: string; scheduled_dttm: string }[] }>('GET', `/api/v1/report/${created.id}/log/`);
    expect(log.result[log.result.length - 1].state).toBe('Success');
    expect(log.result[log.result.length - 1].scheduled_dttm).toMatch(/:00\.000Z$/);
  }, 120_000);
});

describe('the reports list and execution log in Chromium', () => {
  it('lists a report, toggles it inactive, opens its log and deletes it', async () => {
    const charts = await api<{ result: { id: number; slice_name: string; viz_type: string }[] }>('GET', '/api/v1/chart/?q=(page_size:50)');
    const chart = charts.result.find((c) => c.viz_type === 'table') ?? charts.result[0];
    const name = 'List page report';
    const created = await api<{ id: number }>('POST', '/api/v1/report/', {
      type: 'Report',
      name,
      crontab: '0 9 * * 1',
      timezone: 'Europe/Paris',
      chart: chart.id,
      creation_method: 'charts',
      report_format: 'CSV',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'list@example.org' } }],
    });
    // One run, so the log has a row (CSV needs no screenshot).
    const run = await api<{ result: LogEntry }>('POST', `/api/v1/report/${created.id}/run`, {});
    expect(run.result, JSON.stringify(run.result)).toMatchObject({ state: 'Success' });

    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await signIn(page, server);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
      await page.waitForURL((url) => url.pathname === '/report/list/');
      const search = page.getByRole('searchbox');
      await search.fill(name);
      await search.press('Enter');
      const row = page.locator(`tbody tr[data-row-id="${created.id}"]`);
      await row.getByRole('link', { name: chart.slice_name }).waitFor();
      expect(await row.getByRole('link', { name: chart.slice_name }).getAttribute('href')).toBe(`/explore/?slice_id=${chart.id}`);
      await row.getByText('list@example.org').waitFor();
      await row.getByText('(Europe/Paris)', { exact: false }).waitFor();
      expect(await row.locator('[data-state]').getAttribute('data-state')).toBe('success');

      const toggle = row.getByRole('switch', { name: `Active: ${name}` });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.click();
      await expect.poll(async () => (await api<{ result: { active: boolean } }>('GET', `/api/v1/report/${created.id}`)).result.active).toBe(false);
      expect(await toggle.isChecked()).toBe(false);

      await row.getByRole('link', { name: `Execution log of ${name}` }).click();
      await page.waitForURL((url) => url.pathname === `/report/${created.id}/log/`);
      await page.getByRole('heading', { name: `Execution log: ${name}` }).waitFor();
      const runs = page.locator('tbody tr[data-log-id]');
      await runs.first().waitFor();
      expect(await runs.count()).toBe(1);
      expect(await runs.first().locator('[data-state]').textContent()).toBe('Success');

      await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/report/list/');
      await search.fill(name);
      await search.press('Enter');
      await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
      await page.locator('.bi-toast').filter({ hasText: `Deleted: ${name}` }).first().waitFor();
      await page.getByText('No results match your filter criteria').waitFor();
      await expect(api('GET', `/api/v1/report/${created.id}`)).rejects.toThrow(/answered 404/);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
