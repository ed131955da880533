import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { getControlDefaults, validateControls } from '../../controls/validators';
import { BASE_QUERY, mount, result } from '../svg-common/test-support';
import { partitionPlugin } from './index';
import { nestPartition, rolling } from './nest';
import { nodeBox, zoomTo } from './render';

// The incumbent's partition form data (its control panel's fields and defaults).
const formData = {
  datasource: '22__table', viz_type: 'partition', metrics: ['sum__revenue'], groupby: ['region', 'product_line'], adhoc_filters: [], time_range: 'No filter',
  limit: 0, timeseries_limit_metric: null, order_desc: true, contribution: false, row_limit: 10000, time_series_option: 'not_time', color_scheme: 'supersetColors',
  number_format: 'SMART_NUMBER', date_time_format: 'smart_date', partition_limit: '5', partition_threshold: '0.05', log_scale: false, equal_date_size: true, rich_tooltip: true,
};
const rows = [
  { region: 'EMEA', product_line: 'Classic Cars', sum__revenue: 600 },
  { region: 'EMEA', product_line: 'Ships', sum__revenue: 300 },
  { region: 'EMEA', product_line: 'Trains', sum__revenue: 10 },
  { region: 'NA', product_line: 'Classic Cars', sum__revenue: 500 },
];
const input = (fd: object = formData, data = rows) => ({ formData: fd as typeof formData, queriesData: [result(data)], width: 600, height: 300 });
const Y = (y: number) => Date.UTC(y, 0, 1);

describe('partition', () => {
  it('buildQuery: every level and metric, a time series unless not_time, the sort metric queried and ordered by', () => {
    expect(partitionPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, filters: [], time_range: 'No filter', columns: ['region', 'product_line'], metrics: ['sum__revenue'], row_limit: 10000, is_timeseries: false }]);
    const q = partitionPlugin.buildQuery({ ...formData, time_series_option: 'point_diff', granularity_sqla: 'order_date', time_grain_sqla: 'P1Y', timeseries_limit_metric: 'count', limit: 5 }).queries[0];
    expect(q).toMatchObject({ is_timeseries: true, granularity: 'order_date', extras: { time_grain_sqla: 'P1Y' }, metrics: ['sum__revenue', 'count'], orderby: [['count', false]], series_limit: 5 });
  });

  it('buildQuery and transformProps: no metric, no level or a missing column is an error', () => {
    expect(() => partitionPlugin.buildQuery({ ...formData, metrics: [] })).toThrow('Metrics cannot be empty');
    expect(() => partitionPlugin.buildQuery({ ...formData, groupby: [] })).toThrow('Dimensions cannot be empty');
    expect(() => partitionPlugin.transformProps(input({ ...formData, groupby: ['country'] }))).toThrow('Column "country" is not in the query result');
  });

  it('nests aggregates per level: sums, means, time stamps, changes from the first to the last time stamp', () => {
    expect(nestPartition(rows, { groupby: ['region'], metrics: ['sum__revenue'] })).toEqual([
      { name: 'sum__revenue', val: 1410, children: [{ name: 'EMEA', val: 910, children: [] }, { name: 'NA', val: 500, children: [] }] },
    ]);
    const timed = [
      { __timestamp: Y(2003), region: 'EMEA', m: 10 },
      { __timestamp: Y(2004), region: 'EMEA', m: 30 },
      { __timestamp: Y(2004), region: 'NA', m: 5 },
    ];
    expect(nestPartition(timed, { groupby: ['region'], metrics: ['m'], timeSeriesOption: 'agg_mean' })[0].children.map((c) => c.val)).toEqual([20, 5]);
    const series = nestPartition(timed, { groupby: ['region'], metrics: ['m'], timeSeriesOption: 'time_series' })[0];
    expect(series.children.map((c) => [c.name, c.val, c.isDate, c.children.map((g) => g.name)])).toEqual([[Y(2003), 10, true, ['EMEA']], [Y(2004), 35, true, ['EMEA', 'NA']]]);
    const diff = nestPartition(timed, { groupby: ['region'], metrics: ['m'], timeSeriesOption: 'point_diff' })[0];
    expect([diff.val, ...diff.children.map((c) => c.val)]).toEqual([25, 20, 5]);
    expect(nestPartition(timed, { groupby: ['region'], metrics: ['m'], timeSeriesOption: 'point_percent' })[0].children[0].val).toBe(2);
    const adv = nestPartition(timed, { groupby: ['region'], metrics: ['m'], timeSeriesOption: 'adv_anal', rollingType: 'cumsum', contribution: false })[0];
    expect(adv.children.map((t) => [t.val, t.children.map((c) => [c.name, c.val])])).toEqual([[10, [['EMEA', 10], ['NA', 0]]], [45, [['EMEA', 40], ['NA', 5]]]]);
    expect(rolling([1, 2, 3, 4], 'mean', 2, 2)).toEqual([null, 1.5, 2.5, 3.5]);
  });

  it('transformProps: one icicle per metric, siblings by value, pruned by threshold and limit, fractions of the panel', () => {
    const p = partitionPlugin.transformProps(input());
    expect(p.panels).toHaveLength(1);
    const nodes = p.panels[0].nodes;
    // Trains (10 of 910) is under the 5% threshold.
    expect(nodes.map((n) => [n.name, n.disp, n.category])).toEqual([
      ['sum__revenue', '1.41k', 'Metric'], ['EMEA', '910', 'region'], ['NA', '500', 'region'], ['Classic Cars', '600', 'product_line'], ['Ships', '300', 'product_line'], ['Classic Cars', '500', 'product_line'],
    ]);
    expect(nodes[1].x).toBe(0);
    expect(nodes[1].dx).toBeCloseTo(910 / 1410, 6);
    expect(nodes[2].x).toBeCloseTo(910 / 1410, 6);
    expect(nodes[4].x + nodes[4].dx).toBeCloseTo(910 / 1410, 6);
    expect([nodes[3].y, nodes[3].dy]).toEqual([2 / 3, 1 / 3]);
    expect(nodes[4].tip.lines.map((l) => `${l.label}: ${l.value}`)).toEqual(['Metric: sum__revenue 1.41k', 'region: EMEA 910', 'product_line: Ships 300']);
    const limited = partitionPlugin.transformProps(input({ ...formData, partition_limit: '1', partition_threshold: '0' })).panels[0].nodes;
    expect(limited.map((n) => n.name)).toEqual(['sum__revenue', 'EMEA', 'Classic Cars']);
    const two = partitionPlugin.transformProps(input({ ...formData, metrics: ['sum__revenue', 'count'] }, rows.map((r) => ({ ...r, count: 1 }))));
    expect(two.panels.map((x) => x.metric)).toEqual(['sum__revenue', 'count']);
  });

  it('zooms into a node (a leaf into its parent) and back out from the root', () => {
    const nodes = partitionPlugin.transformProps(input()).panels[0].nodes;
    const view = zoomTo(nodes, 1);
    expect(view).toEqual({ y0: 1 / 3, x0: 0, x1: nodes[1].dx });
    expect(zoomTo(nodes, 4)).toEqual(view);
    expect(zoomTo(nodes, 0)).toEqual({ y0: 0, x0: 0, x1: 1 });
    expect(nodeBox(nodes[1], view, 600, 300)).toMatchObject({ left: 40, top: 0, height: 300 });
    expect(nodeBox({ x: 0.5, dx: 0.5, y: 0.5, dy: 0.5 }, { y0: 0, x0: 0, x1: 1 }, 200, 100)).toEqual({ left: 100, top: 50, width: 100, height: 50 });
  });

  it('render: labelled focusable nodes; a click or Enter zooms', async () => {
    const p = partitionPlugin.transformProps(input());
    const { el, chart } = await mount(partitionPlugin, p);
    const cells = () => [...el.querySelectorAll<SVGGElement>('g.bi-partition-node')];
    expect(cells()).toHaveLength(6);
    expect(cells()[1].textContent).toBe('EMEA: 910');
    expect(cells()[1].getAttribute('aria-label')).toBe('region EMEA: 910. Zoom in');
    cells()[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // Zoomed into EMEA: NA and its child are out of the panel.
    expect(cells().map((c) => c.textContent)).not.toContain('NA: 500');
    cells()[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(cells()).toHaveLength(6);
    chart.destroy();
  });

  it('control panel: the incumbent defaults; no metric or level fails validation', () => {
    const panel = getControlPanel('partition');
    expect(getControlDefaults(panel)).toMatchObject({ time_series_option: 'not_time', partition_limit: '5', partition_threshold: '0.05', equal_date_size: true, rich_tooltip: true, log_scale: false });
    expect(validateControls(panel, { metrics: [], groupby: [] })).toMatchObject({ metrics: ['cannot be empty'], groupby: ['cannot be empty'] });
    expect(validateControls(panel, formData)).toEqual({});
  });
});
