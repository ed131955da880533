import { describe, expect, it } from 'vitest';
import { validateChartConfiguration } from './chart-configuration';
import { INVALID_COLOR_MESSAGE, isValidColor, validateDashboardColors } from './dashboard-colors';
import { remapMetadataChartIds, remapPositionChartIds } from './remap-chart-ids';

const mapping = { ids: new Map([[1, 101], [2, 102]]), uuids: new Map([[1, 'u-101']]) };

describe('chart id remapping', () => {
  it('remaps CHART components of position_json', () => {
    const out = remapPositionChartIds(
      { DASHBOARD_VERSION_KEY: 'v2', 'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], meta: { chartId: 1, uuid: 'old' } }, 'CHART-z': { type: 'CHART', meta: { chartId: 9 } } },
      mapping,
    );
    expect(out['CHART-a']).toMatchObject({ meta: { chartId: 101, uuid: 'u-101' } });
    expect(out['CHART-z']).toMatchObject({ meta: { chartId: 9 } });
    expect(out.DASHBOARD_VERSION_KEY).toBe('v2');
  });

  it('remaps every chart reference of json_metadata', () => {
    const out = remapMetadataChartIds(
      {
        native_filter_configuration: [{ id: 'F', scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [1] }],
        chart_configuration: { '1': { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [1] }, chartsInScope: [2] } }, '2': { id: 2, crossFilters: { scope: 'global' } } },
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [1, 2] },
        expanded_slices: { '1': true },
        timed_refresh_immune_slices: [2, 7],
        filter_scopes: { '1': { country: { scope: ['ROOT_ID'], immune: [2] } } },
        default_filters: '{"1": {"country": ["FR"]}}',
        color_scheme: 'x',
      },
      mapping,
    );
    expect(out).toEqual({
      native_filter_configuration: [{ id: 'F', scope: { rootPath: ['ROOT_ID'], excluded: [102] }, chartsInScope: [101] }],
      chart_configuration: {
        '101': { id: 101, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [101] }, chartsInScope: [102] } },
        '102': { id: 102, crossFilters: { scope: 'global' } },
      },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [102] }, chartsInScope: [101, 102] },
      expanded_slices: { '101': true },
      timed_refresh_immune_slices: [102, 7],
      filter_scopes: { '101': { country: { scope: ['ROOT_ID'], immune: [102] } } },
      default_filters: '{"101":{"country":["FR"]}}',
      color_scheme: 'x',
    });
  });
});

describe('dashboard colours', () => {
  it('accepts hex and rgb(), refuses the rest with Invalid color', () => {
    expect(['#fff', '#1FA8C9', 'rgb(0, 122, 135)'].every(isValidColor)).toBe(true);
    expect(['red', '#ffff', 'rgb(300,0,0)', 12].some(isValidColor)).toBe(false);
    expect(validateDashboardColors({ label_colors: { Boys: 'blue', Girls: '#f00' }, color_scheme_domain: ['#fff', 'nope'], shared_label_colors: ['Boys'] })).toEqual([
      { field: 'label_colors.Boys', message: INVALID_COLOR_MESSAGE },
      { field: 'color_scheme_domain[1]', message: INVALID_COLOR_MESSAGE },
    ]);
    expect(validateDashboardColors({ colour: 'x' })[0].message).toMatch(/Unknown field 'colour'/);
  });
});

describe('cross-filter configuration', () => {
  it('accepts the incumbent shapes and names bad fields', () => {
    expect(validateChartConfiguration({ chart_configuration: { '111': { id: 111, crossFilters: { scope: 'global', chartsInScope: [112] } } }, global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [] } })).toEqual([]);
    const issues = validateChartConfiguration({ chart_configuration: { abc: { id: 1, crossFilters: { scope: { rootPath: 'ROOT_ID', excluded: [] } } } }, global_chart_configuration: { scope: 'x' } });
    expect(issues.map((i) => i.field)).toEqual(['chart_configuration.abc', 'chart_configuration.abc.id', 'chart_configuration.abc.crossFilters.scope.rootPath', 'global_chart_configuration.scope']);
  });
});
