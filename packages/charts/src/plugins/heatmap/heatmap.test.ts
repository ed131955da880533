import { describe, expect, it, vi } from 'vitest';
import { sequentialColor } from '../../colors/schemes';
import { DEFAULT_CHART_THEME, type CrossFilterSelection } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { heatmapPlugin } from './index';
import { percentileRanks } from './rank';

// Saved heatmaps store the y column as one column, not a list; the core type only models lists.
const SINGLE_Y = 'deal_size' as unknown as string[];
// Featured Charts/Heatmap.yaml
const formData = { datasource: '22__table', viz_type: 'heatmap_v2', x_axis: 'product_line', time_grain_sqla: 'P1D', groupby: SINGLE_Y, metric: 'count', adhoc_filters: NO_FILTER, row_limit: 10000, sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc', normalize_across: 'heatmap', legend_type: 'continuous', linear_color_scheme: 'superset_seq_1', xscale_interval: -1, yscale_interval: -1, left_margin: 'auto', bottom_margin: 'auto', value_bounds: [null, null], y_axis_format: 'SMART_NUMBER', x_axis_time_format: 'smart_date', show_legend: true, show_percentage: true, show_values: true, extra_form_data: {} };
const server = result([
  { product_line: 'Trains', deal_size: 'Small', count: 10 },
  { product_line: 'Cars', deal_size: 'Small', count: 30 },
  { product_line: 'Cars', deal_size: 'Large', count: 50 },
  { product_line: 'Trains', deal_size: 'Large', count: null },
]);

describe('heatmap_v2', () => {
  it('buildQuery: x then y, alphabetical orders in SQL, value orders left to transformProps', () => {
    expect(heatmapPlugin.buildQuery(formData).queries).toEqual([
      { ...BASE_QUERY, extras: { having: '', where: '', time_grain_sqla: 'P1D' }, columns: ['product_line', 'deal_size'], metrics: ['count'], orderby: [['product_line', true], ['deal_size', true]], row_limit: 10000 },
    ]);
    expect(heatmapPlugin.buildQuery({ ...formData, sort_x_axis: 'value_desc', sort_y_axis: 'alpha_desc' }).queries[0].orderby).toEqual([['deal_size', false]]);
  });
  it('percentile ranks like pandas rank(pct=True)', () => {
    expect(percentileRanks([10, 20, 20, 40])).toEqual([0.25, 0.625, 0.625, 1]);
    expect(percentileRanks([1, 2, null, 3, 4], ['a', 'a', 'a', 'b', 'b'])).toEqual([0.5, 1, null, 0.5, 1]);
  });
  it('transformProps: sorted axes, colours, values and percentages', () => {
    expect(heatmapPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 })).toEqual({
      width: 400,
      height: 300,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 4, rowState: 'ok', blocked: false },
      ariaLabel: 'Heatmap of count by product_line and deal_size: 2 x 2 cells',
      xLabels: ['Cars', 'Trains'],
      yLabels: ['Large', 'Small'],
      cells: [
        { x: 1, y: 1, value: 10, color: sequentialColor('superset_seq_1', 0), label: '10', tooltip: 'Trains / Small: 10 (11.11%)', xValue: 'Trains', yValue: 'Small' },
        { x: 0, y: 1, value: 30, color: sequentialColor('superset_seq_1', 0.5), label: '30', tooltip: 'Cars / Small: 30 (33.33%)', xValue: 'Cars', yValue: 'Small' },
        { x: 0, y: 0, value: 50, color: sequentialColor('superset_seq_1', 1), label: '50', tooltip: 'Cars / Large: 50 (55.56%)', xValue: 'Cars', yValue: 'Large' },
        { x: 1, y: 0, value: null, color: 'transparent', label: 'N/A', tooltip: 'Trains / Large: N/A', xValue: 'Trains', yValue: 'Large' },
      ],
      showLegend: true,
      legendStops: [0, 0.25, 0.5, 0.75, 1].map((t) => sequentialColor('superset_seq_1', t)),
      legendMin: '10',
      legendMax: '50',
      crossFilter: { xColumn: 'product_line', yColumn: 'deal_size' },
    });
    const byX = heatmapPlugin.transformProps({ formData: { ...formData, normalize_across: 'x', normalized: true, sort_y_axis: 'value_desc', show_values: false }, queriesData: [server], width: 400, height: 300 });
    expect(byX.yLabels).toEqual(['Large', 'Small']);
    expect(byX.cells.map((c) => [c.label, c.tooltip])).toEqual([['', 'Trains / Small: 10 (100.00%)'], ['', 'Cars / Small: 30 (37.50%)'], ['', 'Cars / Large: 50 (62.50%)'], ['', 'Trains / Large: N/A']]);
    expect(byX.cells.map((c) => c.color)).toEqual([sequentialColor('superset_seq_1', 1), sequentialColor('superset_seq_1', 0.5), sequentialColor('superset_seq_1', 1), 'transparent']);
  });
  it('render: one rect per cell, labels, gradient legend', async () => {
    const { el, chart } = await mount(heatmapPlugin, heatmapPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 }));
    expect(el.querySelectorAll('rect.bi-heatmap-cell').length).toBe(4);
    expect([...el.querySelectorAll('.bi-heatmap-cells text')].map((t) => t.textContent)).toEqual(['10', '30', '50', 'N/A']);
    expect(el.querySelectorAll('linearGradient stop').length).toBe(5);
    expect([...el.querySelectorAll('.bi-axis-y text')].map((t) => t.textContent)).toEqual(['Large', 'Small']);
    chart.destroy();
  });

  it('crossFilter props: plain columns only, not on a temporal x', () => {
    const adhoc = { ...formData, x_axis: { label: 'pl', sqlExpression: 'lower(product_line)', expressionType: 'SQL' as const } };
    expect(heatmapPlugin.transformProps({ formData: adhoc, queriesData: [result([{ pl: 'cars', deal_size: 'Small', count: 1 }])], width: 400, height: 300 }).crossFilter).toBeNull();
    const temporal = result([{ order_date: Date.UTC(2003, 0, 1), deal_size: 'Small', count: 1 }], ['order_date', 'deal_size', 'count'], [2, 1, 0]);
    expect(heatmapPlugin.transformProps({ formData: { ...formData, x_axis: 'order_date' }, queriesData: [temporal], width: 400, height: 300 }).crossFilter).toBeNull();
  });
  it('render: no cell is a target without the cross-filter hook', async () => {
    const { el, chart } = await mount(heatmapPlugin, heatmapPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 }));
    expect(el.querySelectorAll('[data-cross-filter]')).toHaveLength(0);
    expect(el.querySelector('svg')!.getAttribute('role')).toBe('img');
    chart.destroy();
  });
  it('render: a cell click filters on its x and y, highlights it, and a second click clears', async () => {
    const onCrossFilter = vi.fn<(s: CrossFilterSelection | null) => void>();
    const props = { ...heatmapPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 }), onCrossFilter };
    const { el, chart } = await mount(heatmapPlugin, props);
    const cell = (name: string) => el.querySelector(`rect.bi-heatmap-cell[aria-label="Filter by ${name}"]`)!;
    expect(el.querySelectorAll('rect[data-cross-filter]')).toHaveLength(4);
    cell('Cars / Small').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith({
      column: 'product_line',
      values: ['Cars', 'Small'],
      filters: [{ column: 'product_line', value: 'Cars' }, { column: 'deal_size', value: 'Small' }],
      label: 'Cars, Small',
    });
    expect(cell('Cars / Small').getAttribute('aria-pressed')).toBe('true');
    expect(cell('Cars / Small').getAttribute('opacity')).toBe('1');
    // Same row or same column is not the cell: dimmed.
    expect(cell('Cars / Large').getAttribute('opacity')).toBe('0.3');
    expect(cell('Trains / Small').getAttribute('opacity')).toBe('0.3');
    // Keyboard: Enter on another cell replaces the selection; the same cell again clears it.
    cell('Trains / Large').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith(expect.objectContaining({ values: ['Trains', 'Large'], label: 'Trains, Large' }));
    cell('Trains / Large').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenLastCalledWith(null);
    expect([...el.querySelectorAll('rect.bi-heatmap-cell')].map((r) => r.getAttribute('opacity'))).toEqual(['1', '1', '1', '1']);
    chart.destroy();
  });
  it('render: shows the host selection passed in crossFilterValues', async () => {
    const onCrossFilter = vi.fn();
    const props = { ...heatmapPlugin.transformProps({ formData, queriesData: [server], width: 400, height: 300 }), onCrossFilter, crossFilterValues: ['Cars', 'Large'] };
    const { el, chart } = await mount(heatmapPlugin, props);
    expect([...el.querySelectorAll('rect[aria-pressed="true"]')].map((r) => r.getAttribute('aria-label'))).toEqual(['Filter by Cars / Large']);
    // Clicking the host-selected cell clears it.
    el.querySelector('rect[aria-label="Filter by Cars / Large"]')!.dispatchEvent(new MouseEvent('click'));
    expect(onCrossFilter).toHaveBeenLastCalledWith(null);
    chart.destroy();
  });
});
