/** Test helper (not exported from the package): explore fixtures over the shared fake server. */
import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import type { CurrentUser } from '../session/current-user';
import { reply, type FakeHandler } from '../testing/fake-server';
import type { DatasourceMetadata } from './explore-types';

export { createFakeServer, reply, type FakeCall } from '../testing/fake-server';

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
export function baseRoutes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
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
