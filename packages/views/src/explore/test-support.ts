/** Test helper (not exported from the package): a fake fetch answering with the server's shapes. */
import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { createApiClient, type AbortSignalLike, type ApiClient, type RequestInitLike } from '@lumen-bi/core';
import type { CurrentUser } from '../session/current-user';
import type { DatasourceMetadata } from './explore-types';

export interface FakeCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
  signal?: AbortSignalLike;
}

type Handler = (call: FakeCall) => unknown | Promise<unknown>;
/** A handler's answer: a body (status 200), or {status, body} via `reply`. */
export const reply = (status: number, body: unknown) => ({ __reply: true, status, body });

/** Routes `METHOD /path` (no query string) to handlers; records calls; answers 404 for anything else. */
export function createFakeServer(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInitLike = {}) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const method = init.method ?? 'GET';
    const call: FakeCall = { method, path, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, signal: init.signal };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    let result: unknown = handler ? await handler(call) : { __reply: true, status: 404, body: { message: 'Not found' } };
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    let status = 200;
    if (result && typeof result === 'object' && '__reply' in result) {
      const answer = result as unknown as { status: number; body: unknown };
      status = answer.status;
      result = answer.body;
    }
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => (typeof result === 'string' ? result : JSON.stringify(result)) };
  };
  const client: ApiClient = createApiClient({ baseUrl: 'http://lumen.test', auth: { kind: 'guest', token: 't' }, fetch });
  return { client, calls, fetch };
}

export const ADMIN: CurrentUser = {
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'a@example.com',
  is_active: true,
  roles: { Alpha: [['can_write', 'Chart'], ['can_csv', 'Superset']] },
};

export const BIRTH_NAMES: DatasourceMetadata = {
  id: 1,
  type: 'table',
  uid: '1__table',
  name: 'birth_names',
  table_name: 'birth_names',
  main_dttm_col: 'ds',
  columns: [
    { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'gender', type: 'VARCHAR', type_generic: 1 },
    { column_name: 'name', type: 'VARCHAR', type_generic: 1, is_certified: true, certified_by: 'Data team' },
    { column_name: 'num', type: 'BIGINT', type_generic: 0 },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)' },
    {
      metric_name: 'sum__num',
      expression: 'SUM(num)',
      verbose_name: 'Births',
      is_certified: true,
      certified_by: 'Data team',
      warning_markdown: 'Counts before 1970 are estimates',
    },
  ],
  time_grain_sqla: [
    ['P1D', 'Day'],
    ['P1Y', 'Year'],
  ],
  order_by_choices: [],
};

export const GENDER_RESULT = {
  colnames: ['gender', 'sum__num'],
  coltypes: [1, 0],
  data: [
    { gender: 'boy', sum__num: 100 },
    { gender: 'girl', sum__num: 90 },
  ],
  rowcount: 2,
  is_cached: false,
  query: 'SELECT gender, SUM(num) AS sum__num FROM birth_names GROUP BY gender',
  applied_filters: [],
  rejected_filters: [],
};

/** The routes every Explore test needs: me, dataset metadata, chart data and form-data keys. */
export function baseRoutes(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/v1/me/': () => ({ result: ADMIN }),
    'GET /superset/fetch_datasource_metadata': () => BIRTH_NAMES,
    'POST /api/v1/chart/data': () => ({ result: [GENDER_RESULT] }),
    'POST /api/v1/explore/form_data': () => reply(201, { key: 'fdkey' }),
    'PUT /api/v1/explore/form_data/fdkey': () => ({ key: 'fdkey' }),
    ...overrides,
  };
}

export const newRegistry = () => registerBuiltInCharts(createChartRegistry());
