import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { client } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';

/** A report's webhook cannot be pointed at the server's own network unless LUMEN_OUTBOUND_ALLOW_LIST says so. */
describe('report webhooks to internal addresses', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let receiver: Server;
  let port: number;
  let hits = 0;
  let chartId: number;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits += 1;
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    port = (receiver.address() as AddressInfo).port;
    // The default configuration: no outbound allow-list.
    t = await createTestApp();
    api = client(t);
    const database = await api.post('/api/v1/database/', { database_name: 'ssrf_db', sqlalchemy_uri: 'sqlite:///:memory:' });
    const dataset = await api.post('/api/v1/dataset/', { database: database.body.id, table_name: 'v_one', sql: 'SELECT 1 AS n' });
    await api.put(`/api/v1/dataset/${dataset.body.id}/refresh`, {});
    const queryContext = { datasource: { id: dataset.body.id, type: 'table' }, queries: [{ columns: ['n'], metrics: [], row_limit: 10 }], result_format: 'json', result_type: 'full' };
    const chart = await api.post('/api/v1/chart/', { slice_name: 'One', viz_type: 'table', datasource_id: dataset.body.id, datasource_type: 'table', query_context: JSON.stringify(queryContext) }, 'alpha');
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    chartId = chart.body.id;
  });
  afterAll(async () => {
    await closeAllConnections();
    await t?.close();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
  });

  const run = async (target: string) => {
    const created = await api.post(
      '/api/v1/report/',
      { type: 'Report', name: `w-${Math.random().toString(36).slice(2, 8)}`, crontab: '0 8 * * *', chart: chartId, creation_method: 'charts', report_format: 'CSV', recipients: [{ type: 'Webhook', recipient_config_json: { target } }] },
      'alpha',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return (await api.post(`/api/v1/report/${created.body.id}/run`, {}, 'alpha')).body.result as { state: string; error_type: string; error_message: string };
  };

  it('refuses loopback and metadata addresses in any notation, without connecting', async () => {
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/hook`, /127\.0\.0\.1 is a loopback address/],
      [`http://0x7f.1:${port}/hook`, /loopback/],
      [`http://2130706433:${port}/hook`, /loopback/],
      [`http://[::ffff:127.0.0.1]:${port}/hook`, /loopback/],
      [`http://localhost:${port}/hook`, /loopback/],
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a linkLocal address/],
      ['http://[fd00:ec2::254]/latest/meta-data/', /uniqueLocal/],
    ];
    for (const [target, message] of cases) {
      const result = await run(target);
      expect(result, `${target}: ${JSON.stringify(result)}`).toMatchObject({ state: 'Error', error_type: 'REPORT_NOTIFICATION_ERROR' });
      expect(result.error_message, target).toMatch(message);
      expect(result.error_message).toMatch(/LUMEN_OUTBOUND_ALLOW_LIST/);
    }
    expect(hits).toBe(0);
  });

  it('delivers once the address is allow-listed', async () => {
    t.ctx.config.outboundAllowList = ['127.0.0.0/8'];
    try {
      expect(await run(`http://0x7f.1:${port}/hook`)).toMatchObject({ state: 'Success' });
      expect(hits).toBe(1);
    } finally {
      t.ctx.config.outboundAllowList = [];
    }
  });
});
