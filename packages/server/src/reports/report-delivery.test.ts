import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { client } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';
import type { WebhookPayload } from './deliver-webhook';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.test-helpers';

interface Hook {
  url: string;
  received: { headers: IncomingMessage['headers']; body: WebhookPayload }[];
  /** Status the receiver answers with; 'hang' never answers. */
  mode: { status: number | 'hang' };
  server: Server;
}

async function startWebhookReceiver(): Promise<Hook> {
  const hook = { received: [], mode: { status: 200 } } as unknown as Hook;
  hook.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hook.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookPayload });
      if (hook.mode.status === 'hang') return;
      res.writeHead(hook.mode.status).end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', () => resolve()));
  hook.url = `http://127.0.0.1:${(hook.server.address() as { port: number }).port}/hook`;
  return hook;
}

describe('report execution and delivery (CSV, TEXT, e-mail, webhook)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let smtp: SmtpCapture;
  let hook: Hook;
  let chartId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    hook = await startWebhookReceiver();
    t = await createTestApp({
      config: {
        smtp: { host: '127.0.0.1', port: smtp.port, user: null, password: null, secure: false, from: 'reports@lumen.test' },
        reports: { schedulerEnabled: false, tickSeconds: 30, renderUrl: null, publicUrl: 'https://bi.example.org', chromiumPath: '/usr/bin/chromium', webhookTimeoutSeconds: 1 },
        // The webhook receiver listens on loopback, which outbound requests may reach only when allow-listed.
        outboundAllowList: ['127.0.0.1'],
      },
    });
    api = client(t);
    const database = await api.post('/api/v1/database/', { database_name: 'reports_db', sqlalchemy_uri: 'sqlite:///:memory:' });
    const dataset = await api.post('/api/v1/dataset/', {
      database: database.body.id,
      table_name: 'v_regions',
      sql: "SELECT 'north' AS region, 10 AS sales UNION ALL SELECT 'south', 25 UNION ALL SELECT 'east, west', 7",
    });
    const refreshed = await api.put(`/api/v1/dataset/${dataset.body.id}/refresh`, {});
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const queryContext = {
      datasource: { id: dataset.body.id, type: 'table' },
      queries: [{ columns: ['region', 'sales'], metrics: [], orderby: [['sales', false]], row_limit: 100 }],
      result_format: 'json',
      result_type: 'full',
    };
    const chart = await api.post(
      '/api/v1/chart/',
      { slice_name: 'Sales by region', viz_type: 'table', datasource_id: dataset.body.id, datasource_type: 'table', query_context: JSON.stringify(queryContext) },
      'alpha',
    );
    expect(chart.status).toBe(201);
    chartId = chart.body.id;
  });
  afterAll(async () => {
    await closeAllConnections();
    await t?.close();
    await smtp?.close();
    hook?.server.closeAllConnections();
    await new Promise((r) => hook?.server.close(r));
  });

  const newReport = async (extra: Record<string, unknown>) => {
    const res = await api.post(
      '/api/v1/report/',
      { type: 'Report', name: `r-${Math.random().toString(36).slice(2, 8)}`, crontab: '0 8 * * *', chart: chartId, creation_method: 'charts', ...extra },
      'alpha',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  it('sends a CSV report by e-mail with the CSV attached and a link to the chart', async () => {
    const id = await newReport({ name: 'Daily sales CSV', report_format: 'CSV', recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.org, boss@example.org' } }] });
    const before = smtp.messages.length;
    const run = await api.post(`/api/v1/report/${id}/run`, {}, 'alpha');
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.result).toMatchObject({ state: 'Success', error_message: null });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.subject).toBe('[Report] Daily sales CSV');
    expect(mail.from).toBe('reports@lumen.test');
    expect(mail.to.sort()).toEqual(['boss@example.org', 'ops@example.org']);
    const csv = mail.parts.find((p) => p.contentType === 'text/csv');
    expect(csv?.filename).toBe('Daily_sales_CSV.csv');
    expect(csv?.body.toString('utf8')).toBe('region,sales\r\nsouth,25\r\nnorth,10\r\n"east, west",7\r\n');
    const html = mail.parts.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '';
    expect(html).toContain(`https://bi.example.org/explore/?slice_id=${chartId}`);

    const log = await api.get(`/api/v1/report/${id}/log/`, 'alpha');
    expect(log.body.count).toBe(1);
    expect(log.body.result[0]).toMatchObject({ state: 'Success', id: run.body.id });
    expect(log.body.result[0].start_dttm <= log.body.result[0].end_dttm).toBe(true);
    expect((await api.get(`/api/v1/report/${id}`, 'alpha')).body.result.last_state).toBe('Success');
  });

  it('sends a TEXT report as a plain-text table in the message body', async () => {
    const id = await newReport({ report_format: 'TEXT', recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.org' } }] });
    const before = smtp.messages.length;
    expect((await api.post(`/api/v1/report/${id}/run`, {}, 'alpha')).body.result.state).toBe('Success');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const text = (mail.parts.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '').replace(/\r\n/g, '\n');
    expect(text).toContain('region     | sales\n-----------+------\nsouth      |    25\nnorth      |    10\neast, west |     7');
    expect(mail.parts.some((p) => p.disposition === 'attachment')).toBe(false);
  });

  it('POSTs the report to a webhook with the file base64-encoded', async () => {
    const id = await newReport({ name: 'Hooked', report_format: 'CSV', recipients: [{ type: 'Webhook', recipient_config_json: { target: hook.url } }] });
    hook.mode.status = 200;
    const before = hook.received.length;
    const run = await api.post(`/api/v1/report/${id}/run`, {}, 'alpha');
    expect(run.body.result.state).toBe('Success');
    const { body, headers } = hook.received[before];
    expect(headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({ report: { id, name: 'Hooked' }, format: 'CSV', url: `https://bi.example.org/explore/?slice_id=${chartId}` });
    expect(Buffer.from(body.files[0].base64, 'base64').toString('utf8')).toMatch(/^region,sales\r\n/);
  });

  it('records delivery failures with REPORT_NOTIFICATION_ERROR (bad status, timeout)', async () => {
    const id = await newReport({ report_format: 'CSV', recipients: [{ type: 'Webhook', recipient_config_json: { target: hook.url } }] });
    hook.mode.status = 500;
    const failed = await api.post(`/api/v1/report/${id}/run`, {}, 'alpha');
    expect(failed.body.result).toMatchObject({ state: 'Error', error_type: 'REPORT_NOTIFICATION_ERROR' });
    expect(failed.body.result.error_message).toMatch(/answered 500/);
    hook.mode.status = 'hang';
    const hung = await api.post(`/api/v1/report/${id}/run`, {}, 'alpha');
    expect(hung.body.result).toMatchObject({ state: 'Error', error_type: 'REPORT_NOTIFICATION_ERROR' });
    expect(hung.body.result.error_message).toMatch(/could not be reached/);
    hook.mode.status = 200;
    expect((await api.get(`/api/v1/report/${id}`, 'alpha')).body.result.last_state).toBe('Error');
    expect((await api.get(`/api/v1/report/${id}/log/`, 'alpha')).body.count).toBe(2);
  });

  it('lets only owners and admins run a report', async () => {
    const id = await newReport({ report_format: 'TEXT', recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.org' } }] });
    const other = await t.addUser('alpha_other', ['Alpha']);
    expect((await api.post(`/api/v1/report/${id}/run`, {}, other.username)).status).toBe(404);
    expect((await api.post(`/api/v1/report/${id}/run`, {}, 'admin')).status).toBe(200);
  });
});
