/**
 * One saved chart, one query: Explore opening a saved chart sends the chart data request a dashboard sends
 * for it (issue 16). The fixtures are two charts of the incumbent's example bundle as saved there: 'Weekly
 * Messages' keeps its time column in the legacy granularity_sqla, 'Degrees vs Income' distributes its box
 * plot over no column.
 */
import type { QueryObject } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { fetchDashboardCharts } from '../dashboard/dashboard-api';
import { createExploreStore } from './explore-store';
import type { DatasourceMetadata } from './explore-types';
import { baseRoutes, createFakeServer, newRegistry } from './test-support';

const WEEKLY_MESSAGES = {
  id: 61,
  slice_name: 'Weekly Messages',
  viz_type: 'big_number',
  datasource_id: 12,
  datasource_type: 'table',
  owners: [],
  dashboards: [{ id: 5 }],
  params: JSON.stringify({
    adhoc_filters: [],
    compare_lag: 1,
    compare_suffix: 'WoW',
    datasource: '12__table',
    granularity_sqla: 'ts',
    header_font_size: 0.4,
    metric: 'count',
    rolling_type: 'None',
    show_trend_line: true,
    slice_id: 1905,
    subheader_font_size: 0.15,
    time_grain_sqla: 'P1W',
    time_range: 'No filter',
    viz_type: 'big_number',
    y_axis_format: 'SMART_NUMBER',
  }),
};

// The dataset's main datetime column is not the chart's time column: Explore used to default the x-axis to it.
const MESSAGES: DatasourceMetadata = {
  id: 12,
  type: 'table',
  name: 'messages',
  main_dttm_col: 'bot_profile__updated',
  columns: [
    { column_name: 'bot_profile__updated', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'ts', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'channel_id', type: 'VARCHAR', type_generic: 1 },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

const DEGREES_VS_INCOME = {
  id: 14,
  slice_name: 'Degrees vs Income',
  viz_type: 'box_plot',
  datasource_id: 4,
  datasource_type: 'table',
  owners: [],
  dashboards: [{ id: 2 }],
  params: JSON.stringify({
    adhoc_filters: [{ clause: 'WHERE', comparator: '1', expressionType: 'SIMPLE', operator: '==', subject: 'is_software_dev' }],
    color_scheme: 'supersetColors',
    columns: [],
    datasource: '4__table',
    granularity_sqla: 'time_start',
    groupby: ['school_degree'],
    metrics: [{ aggregate: 'SUM', column: { column_name: 'last_yr_income' }, expressionType: 'SIMPLE', label: 'SUM(last_yr_income)' }],
    number_format: 'SMART_NUMBER',
    time_grain_sqla: null,
    time_range: 'No filter',
    viz_type: 'box_plot',
    whiskerOptions: 'Tukey',
  }),
};

const FCC_SURVEY: DatasourceMetadata = {
  id: 4,
  type: 'table',
  name: 'FCC 2018 Survey',
  main_dttm_col: 'time_start',
  columns: [
    { column_name: 'time_start', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'school_degree', type: 'VARCHAR', type_generic: 1 },
    { column_name: 'last_yr_income', type: 'DOUBLE', type_generic: 0 },
    { column_name: 'is_software_dev', type: 'BIGINT', type_generic: 0 },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

// A pie of the same survey saved without a time column or range.
const DEGREES_VS_INCOME_WITHOUT_TIME = {
  ...DEGREES_VS_INCOME,
  id: 15,
  viz_type: 'pie',
  params: JSON.stringify({ datasource: '4__table', viz_type: 'pie', groupby: ['school_degree'], metric: 'count' }),
};

type ChartRecord = typeof WEEKLY_MESSAGES;

/** The server's answers for one chart: its record, its dashboard's charts (form_data as the server builds it), its dataset. */
function serverFor(chart: ChartRecord, dataset: DatasourceMetadata) {
  const dashboardId = chart.dashboards[0].id;
  const formData = { ...JSON.parse(chart.params), slice_id: chart.id, viz_type: chart.viz_type, datasource: `${chart.datasource_id}__${chart.datasource_type}` };
  return createFakeServer(
    baseRoutes({
      'GET /superset/fetch_datasource_metadata': () => dataset,
      [`GET /api/v1/chart/${chart.id}`]: () => ({ result: chart }),
      [`GET /api/v1/dashboard/${dashboardId}/charts`]: () => ({ result: [{ id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type, form_data: { ...formData, dashboardId } }] }),
    }),
  );
}

/** The queries Explore sends for the saved chart, and those the dashboard's chart container builds. */
async function exploreAndDashboardQueries(chart: ChartRecord, dataset: DatasourceMetadata) {
  const { client, calls } = serverFor(chart, dataset);
  const registry = newRegistry();
  const store = createExploreStore({ client, registry, persistFormData: false });
  await store.load({ kind: 'slice', sliceId: chart.id });
  const explore = (calls.find((c) => c.path === '/api/v1/chart/data')?.body as { queries: QueryObject[] } | undefined)?.queries;
  const [dashboardChart] = await fetchDashboardCharts(client, chart.dashboards[0].id);
  const dashboard = registry.get(chart.viz_type).buildQuery(dashboardChart.form_data).queries;
  return { store, explore, dashboard };
}

describe('a saved chart builds one query in Explore and on its dashboard', () => {
  it("'Weekly Messages' (legacy granularity_sqla) queries its own time column in both", async () => {
    const { store, explore, dashboard } = await exploreAndDashboardQueries(WEEKLY_MESSAGES, MESSAGES);
    expect(store.formData.value.x_axis).toBe('ts');
    expect(explore).toEqual(dashboard);
    expect(JSON.stringify(explore)).not.toContain('bot_profile__updated');
  });

  it("'Degrees vs Income' (box plot without 'Distribute across') runs in Explore with the dashboard's query", async () => {
    const { store, explore, dashboard } = await exploreAndDashboardQueries(DEGREES_VS_INCOME, FCC_SURVEY);
    expect(store.validationErrors.value).toEqual({});
    expect(store.formData.value.columns).toEqual(['time_start']);
    expect(explore).toEqual(dashboard);
  });

  it('adds to a saved chart only the defaults that leave its query as saved', async () => {
    const { store } = await exploreAndDashboardQueries(WEEKLY_MESSAGES, MESSAGES);
    expect(store.formData.value.time_grain_sqla).toBe('P1W');
    expect(store.formData.value.show_trend_line).toBe(true);
    // The pie was saved without a row limit or 'Sort by metric': their defaults would change its query.
    const { store: pie, explore, dashboard } = await exploreAndDashboardQueries(DEGREES_VS_INCOME_WITHOUT_TIME, FCC_SURVEY);
    expect(pie.formData.value.row_limit).toBeUndefined();
    expect(pie.formData.value.sort_by_metric).toBeUndefined();
    expect(pie.formData.value.show_labels).toBe(true);
    expect(explore).toEqual(dashboard);
  });
});

describe('a saved chart without a time column', () => {
  it('takes the dataset time column once a time range is picked in Explore', async () => {
    const { store } = await exploreAndDashboardQueries(DEGREES_VS_INCOME_WITHOUT_TIME, FCC_SURVEY);
    expect(store.formData.value.granularity_sqla).toBeUndefined();
    store.setControl('time_range', 'Last year');
    expect(store.formData.value.granularity_sqla).toBe('time_start');
  });
});
