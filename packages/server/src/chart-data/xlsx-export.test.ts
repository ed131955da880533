import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getEngineSpec, parseConnectTarget } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, DATA_READER_ROLE, type TestApp } from '../testing/harness';
import { XLSX_CONTENT_TYPE } from './xlsx-reply';

const CHART_NAME = 'Orders [EMEA]: by day/label * all? regions';
/** Labels a spreadsheet must show as typed: formula-like text, unicode, CSV quoting. */
const LABELS = ['=1+1', '日本語 – ✓ 😀', 'comma, "quoted"', '+sum', '@cmd', '-minus', 'plain'];

const audit = () => ({ created_on: nowIso(), changed_on: nowIso(), created_by_fk: null, changed_by_fk: null });

/** A DuckDB orders table (numbers, timestamps, text) as a dataset, with one saved chart on a dashboard. */
async function seedOrders(t: TestApp): Promise<{ datasetId: number; chartId: number; dashboardId: number }> {
  const path = join(t.config.dataDir, 'orders.duckdb');
  const client = await getEngineSpec('duckdb').connect(parseConnectTarget(`duckdb:///${path}`));
  const labels = `[${LABELS.map((l) => `'${l.replace(/'/g, "''")}'`).join(',')}]`;
  await client.execute(`CREATE TABLE orders AS SELECT i AS id, TIMESTAMP '2024-01-01 08:30:15' + INTERVAL (i % 4) DAY AS ds,
    ${labels}[1 + i % ${LABELS.length}] AS label, ['North','South'][1 + i % 2] AS region, (i % 9) * 1.25 - 3 AS amount FROM range(56) t(i)`);
  await client.close();
  const { db } = t.ctx.store;
  const database = await db
    .insertInto('dbs')
    .values({ uuid: `db-${Math.random()}`, database_name: 'orders', sqlalchemy_uri: `duckdb:///${path}`, backend: 'duckdb', ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataset = await db
    .insertInto('tables')
    .values({ uuid: `ds-${Math.random()}`, table_name: 'orders', database_id: database.id, main_dttm_col: 'ds', ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, type, dttm] of [['id', 'BIGINT', 0], ['ds', 'TIMESTAMP', 1], ['label', 'VARCHAR', 0], ['region', 'VARCHAR', 0], ['amount', 'DOUBLE', 0]] as const) {
    await db.insertInto('table_columns').values({ uuid: `c-${name}-${Math.random()}`, table_id: dataset.id, column_name: name, type, is_dttm: dttm, ...audit() } as never).execute();
  }
  await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: dataset.id, metric_name: 'count', expression: 'COUNT(*)', ...audit() } as never).execute();
  await db.insertInto('sql_metrics').values({ uuid: `m-${Math.random()}`, table_id: dataset.id, metric_name: 'sum__amount', expression: 'SUM(amount)', ...audit() } as never).execute();
  const context = {
    datasource: { id: dataset.id, type: 'table' },
    queries: [{ columns: ['ds', 'label', 'region'], metrics: ['count', 'sum__amount'], orderby: [['sum__amount', false], ['ds', true], ['label', true]], row_limit: 1000 }],
  };
  const slice = await db
    .insertInto('slices')
    .values({ uuid: `s-${Math.random()}`, slice_name: CHART_NAME, viz_type: 'table', datasource_id: dataset.id, datasource_type: 'table', params: '{}', query_context: JSON.stringify(context), is_managed_externally: 0, ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const dashboard = await db
    .insertInto('dashboards')
    .values({ uuid: `d-${Math.random()}`, dashboard_title: 'Orders', slug: null, json_metadata: '{}', position_json: '{}', published: 1, is_managed_externally: 0, ...audit() } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('dashboard_slices').values({ dashboard_id: dashboard.id, slice_id: slice.id }).execute();
  return { datasetId: dataset.id, chartId: slice.id, dashboardId: dashboard.id };
}

/** A role holding the given pairs (and nothing else). */
async function grantRole(t: TestApp, name: string, pairs: [string, string][]): Promise<void> {
  const db = t.ctx.store.db;
  const role = await db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
  for (const [permission, view] of pairs) {
    const pair = await db.selectFrom('ab_permission_view').select('id').where('permission', '=', permission).where('view_menu', '=', view).executeTakeFirstOrThrow();
    await db.insertInto('ab_permission_view_role').values({ permission_view_id: pair.id, role_id: role.id }).execute();
  }
}

/** RFC 4180 lines into cells (quoted fields may hold commas and doubled quotes; no newlines in this data). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          let value = '';
          i++;
          while (i < line.length && !(line[i] === '"' && line[i + 1] !== '"')) {
            value += line[i];
            i += line[i] === '"' ? 2 : 1;
          }
          cells.push(value);
          i += 2;
        } else {
          const end = line.indexOf(',', i);
          cells.push(line.slice(i, end === -1 ? line.length : end));
          i = end === -1 ? line.length + 1 : end + 1;
        }
      }
      return cells;
    });
}

/** What the CSV writes for an xlsx cell: dates as 'YYYY-MM-DD HH:MM:SS' (UTC), formula-like text with an apostrophe. */
function asCsvText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().replace('.000Z', '').replace('T', ' ');
  if (typeof cell === 'string') return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return String(cell);
}

describe('chart data as Excel (result_format xlsx)', () => {
  let t: TestApp;
  let seeded: { datasetId: number; chartId: number; dashboardId: number };
  const download = (format: string, user: string | Record<string, string> = 'admin') =>
    t.app.inject({ method: 'GET', url: `/api/v1/chart/${seeded.chartId}/data/?format=${format}`, headers: typeof user === 'string' ? t.headers(user) : user });

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedOrders(t);
    await grantRole(t, 'dataset_reader', [['can_read', 'Dataset']]);
    await t.addUser('reader_without_csv', [DATA_READER_ROLE, 'dataset_reader']);
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('holds the CSV export cell for cell, typed: numbers, dates, text (formula-like and unicode)', async () => {
    const csv = await download('csv');
    const xlsx = await download('xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="chart_${seeded.chartId}.xlsx"`);
    const csvRows = parseCsv(csv.body);
    const [sheet, ...others] = await readXlsxFile(xlsx.rawPayload);
    expect(others).toEqual([]);
    expect(sheet.sheet).toBe('Orders _EMEA__ by day_label _ a');
    expect(sheet.sheet).toHaveLength(31);
    expect(sheet.data).toHaveLength(csvRows.length);
    // 56 rows: day (i % 4) and label (i % 7) repeat every 28 rows, and the region follows the day.
    expect(csvRows.length).toBe(1 + 28);
    expect(sheet.data[0]).toEqual(['ds', 'label', 'region', 'count', 'sum__amount']);
    let compared = 0;
    sheet.data.forEach((row, r) => {
      expect(row.map(asCsvText)).toEqual(csvRows[r]);
      compared += row.length;
    });
    expect(compared).toBe(csvRows.length * 5);
    const body = sheet.data.slice(1);
    expect(body.every((row) => row[0] instanceof Date && typeof row[1] === 'string' && typeof row[3] === 'number' && typeof row[4] === 'number')).toBe(true);
    expect(new Set(body.map((row) => row[1]))).toEqual(new Set(LABELS));
    expect(body.some((row) => (row[4] as number) < 0)).toBe(true);
  });

  it('stores formula-like text as text cells: the workbook holds no formula', async () => {
    const xlsx = await download('xlsx');
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheetXml).not.toContain('<f>');
    expect(strFromU8(files['xl/sharedStrings.xml'])).toContain('=1+1');
  });

  it('refuses a user without can_csv (403) an Excel or a CSV download, who may still read the chart as JSON', async () => {
    expect((await download('json', 'reader_without_csv')).statusCode).toBe(200);
    for (const format of ['xlsx', 'csv'] as const) {
      const refused = await download(format, 'reader_without_csv');
      expect(refused.statusCode, format).toBe(403);
      expect(refused.json().message).toBe('You do not have the permission can_csv on Superset');
      expect((await download(format, 'gamma')).statusCode, format).toBe(200);
    }
  });

  it("leaves out a guest's RLS-hidden rows, as the CSV does", async () => {
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      headers: t.headers('admin'),
      payload: { user: { username: 'viewer' }, resources: [{ type: 'dashboard', id: seeded.dashboardId }], rls: [{ dataset: seeded.datasetId, clause: "region = 'North'" }] },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const guest = { 'x-guesttoken': minted.json().token as string };
    const xlsx = await download('xlsx', guest);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const rows = (await readXlsxFile(xlsx.rawPayload))[0].data.slice(1);
    expect(rows).toHaveLength(14);
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['North']));
    const csvRows = parseCsv((await download('csv', guest)).body);
    expect(csvRows.length - 1).toBe(rows.length);
  });

  it('names one sheet per query after the chart', async () => {
    const query = { columns: ['region'], metrics: ['count'], orderby: [['region', true]] };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: t.headers('admin'),
      payload: { datasource: { id: seeded.datasetId, type: 'table' }, form_data: { slice_id: seeded.chartId }, queries: [query, { ...query, columns: ['label'], orderby: [['label', true]] }], result_format: 'xlsx' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sheets = await readXlsxFile(res.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Orders _EMEA__ by day_label _ a', 'Orders _EMEA__ by day_label (2)']);
    expect(sheets[0].data).toEqual([['region', 'count'], ['North', 28], ['South', 28]]);
    expect(sheets[1].data).toHaveLength(1 + LABELS.length);
  });
});
